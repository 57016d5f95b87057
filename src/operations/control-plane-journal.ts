import * as api from './api.js'
import { journalFilters } from '../schemas/journal.js'

// The request journal's filters hold the API's operation ids, so GET /__admin/requests and
// `api.requests(filter)` refuse a misspelt `operation` (a 422 listing them), and the in-process
// filter is typed with them.

/** The operationId of an operation of the public API, e.g. `listCampaigns`. */
export type ApiOperationId = Extract<(typeof api)[keyof typeof api], { operationId: string }>['operationId']

const API_OPERATION_IDS = api.operations.map(({ operationId }) => operationId as ApiOperationId)

/** The journal's filters over HTTP (`JournalQuery`) and in-process (`JournalFilter`), `operation` one of the API's. */
export const { JournalQuery, JournalFilter } = journalFilters(
  API_OPERATION_IDS as [ApiOperationId, ...ApiOperationId[]],
)
