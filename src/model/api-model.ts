import { DEFAULT_PROFILE, type ErrorCode, type Profile } from '../profile/profile.js'
import type { Operation } from '../operations/define-operation.js'
import { operationErrorCodes } from '../operations/steps.js'
import * as z from 'zod/mini'
import { envelopeOf, Id } from '../schemas/common.js'
import { templateSchema } from './template-schema.js'
import { profiledSchemas, type ProfiledSchemas } from '../schemas/profiled.js'
import { errorModel, type ErrorModel } from './error-model.js'
import { headerModel, type HeaderModel } from './header-model.js'
import { listModel, type ListModel } from './list-model.js'
import { modelOperations } from './model-operations.js'
import { wordsOf, type Words } from './words.js'
import { dataOrder, recordOrder, type DataOrder, type Resource } from './record-order.js'

// One profiled model of the API: a profile compiled once into everything that answers, documents
// and describes it. The pipeline and presentation answer from it, the OpenAPI builder documents
// it, the override check and the twin's catalogue read it; no table of statuses, page sizes or
// prose exists beside it.

/** The API under one profile. */
export interface ApiModel {
  /** The choices it was compiled from. */
  readonly profile: Profile
  /** The schemas the profile validates, stores and describes with. */
  readonly schemas: ProfiledSchemas
  /** Every operation (the public API's and the control plane's) under the profile, by operationId. */
  readonly operations: ReadonlyMap<string, Operation>
  readonly errors: ErrorModel
  /** The public API's lists. */
  readonly lists: ListModel
  /** The control plane's lists: always the mock's own paging. */
  readonly adminLists: ListModel
  readonly headers: HeaderModel
  /** What the document says of the API: its description, and when each error is answered. */
  readonly words: Words
  /** Reorders an answer's data by the profile's field order (undefined: the document's order everywhere). */
  readonly order: DataOrder | undefined
  /**
   * A record as the API writes it, in its resource's field order: what a collection keeps of it
   * (IndexedCollection.json) until the record is written again.
   */
  json(record: unknown, resource: Resource): string
  /** Whether a field is written from the API's base URL (a twin's `url`): the pipeline then puts it in. */
  readonly usesBase: boolean
  /**
   * Every error code an operation can answer with, in the order its steps check them: another
   * account's resource as the profile answers it among them.
   */
  errorCodes(operation: Operation): ErrorCode[]
  /** The operation's error codes by the status each answers with, statuses in ascending order. */
  errorsByStatus(operation: Operation): Map<number, ErrorCode[]>
  /**
   * The schema of an operation's success body: its template's (a DELETE's), a list's envelope (the
   * control plane's paging for its own), or the envelope around its data; none where it answers no body.
   */
  successSchema(operation: Operation): z.ZodMiniType | undefined
}

const models = new WeakMap<Profile, ApiModel>()

/**
 * The model of a profile, compiled once per profile value.
 * @example modelOf(DEFAULT_PROFILE).errors.status('not_found') // 404
 */
export function modelOf(profile: Profile): ApiModel {
  let model = models.get(profile)
  if (!model) models.set(profile, (model = compile(profile)))
  return model
}

function compile(profile: Profile): ApiModel {
  const schemas = profiledSchemas(profile)
  const errors = errorModel(profile.errors, schemas.namer, profile.stamps.format)
  const lists = listModel(profile.lists, schemas.namer)
  const errorCodes = (operation: Operation): ErrorCode[] => {
    const codes = operationErrorCodes(operation)
    const at = codes.indexOf('not_found')
    if (at < 0 || errors.foreign === 'not_found' || operation.auth === 'admin') return codes
    return [...codes.slice(0, at + 1), errors.foreign, ...codes.slice(at + 1)]
  }
  const headers = headerModel(profile.rateLimits)
  const reorder = recordOrder(profile)
  return {
    profile,
    schemas,
    operations: modelOperations(profile, schemas),
    errors,
    lists,
    get adminLists() {
      return profile === DEFAULT_PROFILE ? lists : modelOf(DEFAULT_PROFILE).lists
    },
    headers,
    words: wordsOf(profile, errors, headers),
    order: dataOrder(profile, schemas),
    json: reorder
      ? (record, resource) => JSON.stringify(reorder(record, resource))
      : (record) => JSON.stringify(record),
    usesBase: JSON.stringify(profile.resources.extraFields).includes('{base}'),
    errorCodes,
    errorsByStatus(operation) {
      const byStatus = new Map<number, ErrorCode[]>()
      for (const code of errorCodes(operation)) {
        const status = errors.status(code)
        byStatus.set(status, [...(byStatus.get(status) ?? []), code])
      }
      return new Map([...byStatus].sort(([a], [b]) => a - b))
    },
    successSchema({ response: { status, body, list, data }, auth }) {
      if (status === 204 || body === null) return undefined
      if (body !== undefined) return templateSchema(body, { bind: (slot) => ({ schema: slot === 'id' ? Id : data }) })
      if (list) return (auth === 'admin' ? this.adminLists : lists).schema(data)
      return envelopeOf(data)
    },
  }
}

/** The mock's own model. */
export const DEFAULT_MODEL: ApiModel = modelOf(DEFAULT_PROFILE)
