import * as z from 'zod/mini'
import { newCampaignValues } from '../domain/campaigns.js'
import type { ApiModel } from '../model/api-model.js'
import { operations } from '../operations/api.js'
import type { Operation } from '../operations/define-operation.js'
import { Advert } from '../schemas/advert.js'
import { Campaign, CampaignDetailed } from '../schemas/campaign.js'
import { User } from '../schemas/user.js'
import { consistencyFacts, rateLimitHeaderFacts, timeExtensions } from './consistency-extensions.js'

/**
 * Behaviour the API keeps that a schema cannot say, written into the document as `x-` fields so
 * that a contract suite can read it instead of guessing from the prose (docs/openapi.md lists them):
 *
 * - `x-list` on a list operation: the order of its items, which query parameters filter by which
 *   field (an item matches when the field's value, as text, equals the parameter), and the
 *   parameters that page it (`pagination`, the key of the object that then holds page, per_page,
 *   total_count and total_pages; `fields`, where each paging value is when not there).
 * - `x-initial-values` on a create: fields every new resource starts with.
 * - `x-toggles` on a toggle: the one boolean it flips, and the fields it may touch besides.
 * - `x-invariants` on a resource schema: pairs of fields where one never exceeds the other.
 * - `x-consistency`, `x-immutable`, `x-write-stamp`: facts two places report, and what time may
 *   not change (see consistency-extensions.ts).
 */

/** Where each paging value is in the mock's own envelope: `x-list` names only those that are elsewhere. */
const USUAL_PLACES: Readonly<Record<string, string>> = {
  items: 'data',
  page: 'pagination.page',
  per_page: 'pagination.per_page',
  total: 'pagination.total_count',
  pages: 'pagination.total_pages',
}

/** What each operation's extensions say, by operationId, where the model says it. */
function byOperation({ profile }: ApiModel): Readonly<Record<string, Record<`x-${string}`, unknown>>> {
  return {
    createCampaign: { 'x-initial-values': newCampaignValues(profile) },
    // Delivery may raise sending_count at any moment, so a toggle is not to blame for it.
    toggleCampaign: { 'x-toggles': { field: 'enabled', touches: ['updated_at', 'sending_count'] } },
  }
}

/** The `x-` fields of one operation. */
export function operationExtensions(op: Operation, model: ApiModel): Record<`x-${string}`, unknown> {
  // A body that does not carry the resource (none, or an acknowledgement) reports nothing to compare.
  const { status, body } = op.response
  const carries = status !== 204 && body !== null && (body === undefined || JSON.stringify(body).includes('"$slot":"record"'))
  const beyond = new Set(Object.values(model.profile.resources.extraFields).flatMap((fields) => Object.keys(fields)))
  const api = [...model.operations.values()].filter((other) => other.auth !== 'admin')
  const facts = carries ? consistencyFacts(op, api, beyond) : []
  return {
    ...(op.response.list ? { 'x-list': listBehaviour(op, model) } : {}),
    ...byOperation(model)[op.operationId],
    ...(facts.length > 0 ? { 'x-consistency': facts } : {}),
  }
}

/** Order, filters and paging of a list: every query parameter named after a field of the item filters by it. */
function listBehaviour(op: Operation, { lists }: ApiModel): Record<string, unknown> {
  const item = op.response.data
  const fields = item instanceof z.ZodMiniObject ? Object.keys(item.shape) : []
  const params = op.query ? Object.keys(op.query.shape) : []
  const filters = params.filter((name) => fields.includes(name)).map((name) => ({ param: name, field: name, match: 'equals' }))
  const { field, direction } = lists.choices.order
  const moved = Object.entries(lists.slotPaths).filter(([slot, path]) => USUAL_PLACES[slot] !== path)
  const names = lists.choices.params
  const paging = {
    page: names.page,
    per_page: names.perPage,
    pagination: lists.pagingKey ?? null,
    ...(moved.length > 0 ? { fields: Object.fromEntries(moved) } : {}),
  }
  return { order: [{ field, direction }], filters, paging }
}

// sending_count never passes sending_limit (updates below it are refused); updated_at never precedes created_at.
const CAMPAIGN_INVARIANTS = [
  { field: 'sending_count', lte: 'sending_limit' },
  { field: 'created_at', lte: 'updated_at' },
]
const TIMESTAMPS = [{ field: 'created_at', lte: 'updated_at' }]

/** The `x-` fields of named schemas, by component name (the same under every model). */
export const schemaExtensions = (_model: ApiModel): Readonly<Record<string, Record<`x-${string}`, unknown>>> => SCHEMA_EXTENSIONS

const SCHEMA_EXTENSIONS: Readonly<Record<string, Record<`x-${string}`, unknown>>> = {
  Campaign: { 'x-invariants': CAMPAIGN_INVARIANTS, ...timeExtensions(Campaign) },
  CampaignDetailed: { 'x-invariants': CAMPAIGN_INVARIANTS, ...timeExtensions(CampaignDetailed) },
  Advert: { 'x-invariants': TIMESTAMPS, ...timeExtensions(Advert) },
  User: { 'x-invariants': TIMESTAMPS, ...timeExtensions(User) },
}

/** The `x-` fields of the rate-limit header components, by header name: the limits are the user's, as the operation that reads the User answers them. */
export function headerExtensions({ headers }: ApiModel): Readonly<Record<string, Record<`x-${string}`, unknown>>> {
  return rateLimitHeaderFacts(USER_READER, headers)
}

const USER_READER = operations.find((op) => op.method === 'get' && op.response.data === User)?.operationId ?? 'getUser'
