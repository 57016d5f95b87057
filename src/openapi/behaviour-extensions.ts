import * as z from 'zod/mini'
import { newCampaignValues } from '../domain/campaigns.js'
import { DEFAULT_PROFILE } from '../profile/profile.js'
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
 *   parameters that page it (`pagination` then holds page, per_page, total_count, total_pages).
 * - `x-initial-values` on a create: fields every new resource starts with.
 * - `x-toggles` on a toggle: the one boolean it flips, and the fields it may touch besides.
 * - `x-invariants` on a resource schema: pairs of fields where one never exceeds the other.
 * - `x-consistency`, `x-immutable`, `x-write-stamp`: facts two places report, and what time may
 *   not change (see consistency-extensions.ts).
 */

/** Lists are newest first: ids only grow, so the highest id comes first. */
const NEWEST_FIRST = [{ field: 'id', direction: 'desc' }] as const

const PAGING = { page: 'page', per_page: 'per_page', pagination: 'pagination' } as const

/** What each operation's extensions say, by operationId, where a constant says it. */
const BY_OPERATION: Readonly<Record<string, Record<`x-${string}`, unknown>>> = {
  createCampaign: { 'x-initial-values': newCampaignValues(DEFAULT_PROFILE) },
  // Delivery may raise sending_count at any moment, so a toggle is not to blame for it.
  toggleCampaign: { 'x-toggles': { field: 'enabled', touches: ['updated_at', 'sending_count'] } },
}

/** The `x-` fields of one operation. */
export function operationExtensions(op: Operation): Record<`x-${string}`, unknown> {
  const facts = consistencyFacts(op, operations)
  return { ...(op.response.list ? { 'x-list': listBehaviour(op) } : {}), ...BY_OPERATION[op.operationId], ...(facts.length > 0 ? { 'x-consistency': facts } : {}) }
}

/** Order, filters and paging of a list: every query parameter named after a field of the item filters by it. */
function listBehaviour(op: Operation): Record<string, unknown> {
  const item = op.response.data
  const fields = item instanceof z.ZodMiniObject ? Object.keys(item.shape) : []
  const params = op.query ? Object.keys(op.query.shape) : []
  const filters = params.filter((name) => fields.includes(name)).map((name) => ({ param: name, field: name, match: 'equals' }))
  return { order: NEWEST_FIRST, filters, paging: PAGING }
}

// sending_count never passes sending_limit (updates below it are refused); updated_at never precedes created_at.
const CAMPAIGN_INVARIANTS = [
  { field: 'sending_count', lte: 'sending_limit' },
  { field: 'created_at', lte: 'updated_at' },
]
const TIMESTAMPS = [{ field: 'created_at', lte: 'updated_at' }]

/** The `x-` fields of named schemas, by component name. */
export const SCHEMA_EXTENSIONS: Readonly<Record<string, Record<`x-${string}`, unknown>>> = {
  Campaign: { 'x-invariants': CAMPAIGN_INVARIANTS, ...timeExtensions(Campaign) },
  CampaignDetailed: { 'x-invariants': CAMPAIGN_INVARIANTS, ...timeExtensions(CampaignDetailed) },
  Advert: { 'x-invariants': TIMESTAMPS, ...timeExtensions(Advert) },
  User: { 'x-invariants': TIMESTAMPS, ...timeExtensions(User) },
}

/** The `x-` fields of the rate-limit header components, by header name: the limits are the user's, as the operation that reads the User answers them. */
export const HEADER_EXTENSIONS: Readonly<Record<string, Record<`x-${string}`, unknown>>> = rateLimitHeaderFacts(
  operations.find((op) => op.method === 'get' && op.response.data === User)?.operationId ?? 'getUser',
)
