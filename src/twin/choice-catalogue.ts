import type { ErrorCode } from '../errors/error-codes.js'
import { DEFAULT_PROFILE, type Profile } from '../profile/profile.js'

// Every choice of the Profile a learner can ask a deployment about, by its path in the profile,
// with the name the table and the drift lines give it. `errors.codes.<code>` is one choice per
// mock code: its value is the wire name, and the mock's own name where nothing else was seen.

/**
 * The mock's codes a learner can provoke, in the order the table lists them: each is an ErrorCode
 * of errors/error-codes.ts (`forbidden` and `method_not_allowed` are those a profile's 403 and 405 answer with).
 */
export const LEARNED_CODES = [
  'unauthorized',
  'not_found',
  'route_not_found',
  'validation_failed',
  'invalid_json',
  'forbidden',
  'method_not_allowed',
  'advert_in_use',
  'rate_limit_exceeded',
] as const satisfies readonly ErrorCode[]
export type LearnedCode = (typeof LEARNED_CODES)[number]

const CODE_LABELS: Record<LearnedCode, string> = {
  unauthorized: 'code of a refused key',
  not_found: 'code of an unknown id',
  route_not_found: 'code of an unknown path',
  validation_failed: 'code of invalid input',
  invalid_json: 'code of invalid JSON',
  forbidden: "code of another account's resource",
  method_not_allowed: 'code of an unsupported method',
  advert_in_use: 'code of an advert in use',
  rate_limit_exceeded: 'code of a 429',
}

/** The statuses a learner provokes, by the mock code whose status each is (`forbidden` and `method_not_allowed` where a profile answers them). */
export const LEARNED_STATUSES = [
  'unauthorized',
  'not_found',
  'route_not_found',
  'validation_failed',
  'invalid_json',
  'forbidden',
  'method_not_allowed',
  'advert_in_use',
] as const satisfies readonly ErrorCode[]

const STATUS_LABELS: Record<(typeof LEARNED_STATUSES)[number], string> = {
  unauthorized: 'status of a refused key',
  not_found: 'status of an unknown id',
  route_not_found: 'status of an unknown path',
  validation_failed: 'status of invalid input',
  invalid_json: 'status of invalid JSON',
  forbidden: "status of another account's resource (403 kind)",
  method_not_allowed: 'status of an unsupported method (405 kind)',
  advert_in_use: 'status of deleting an advert in use',
}

/** Every learnable choice: its path in the Profile and its name in the table, in the table's order. */
export const CHOICES: readonly { path: string; label: string }[] = [
  ...LEARNED_CODES.map((code) => ({ path: `errors.codes.${code}`, label: CODE_LABELS[code] })),
  ...LEARNED_STATUSES.map((code) => ({ path: `errors.statuses.${code}`, label: STATUS_LABELS[code] })),
  { path: 'errors.foreign', label: "another account's resource answered as" },
  { path: 'errors.unsupportedMethod', label: 'an unsupported method answered as' },
  { path: 'errors.authenticateUnknownRoutes', label: 'unknown paths checked for a key first' },
  { path: 'errors.authenticateUnsupportedMethods', label: 'unsupported methods checked for a key first' },
  { path: 'errors.contentType', label: 'media type of an error' },
  { path: 'errors.media', label: 'kinds of error answered by a page of their own (media types)' },
  { path: 'errors.body', label: 'error body (template)' },
  ...LEARNED_STATUSES.map((code) => ({ path: `errors.bodies.${code}`, label: `error body of ${code} (template)` })),
  { path: 'rateLimits.headers', label: 'rate-limit headers (templates)' },
  { path: 'rateLimits.tiers', label: 'tiers' },
  { path: 'rateLimits.defaultTier', label: 'default tier' },
  { path: 'rateLimits.countsUnrouted', label: 'unknown routes counted (with headers)' },
  { path: 'lists.params', label: 'list parameters' },
  { path: 'lists.defaultPerPage', label: 'default page size' },
  { path: 'lists.maxPerPage', label: 'largest page size' },
  { path: 'lists.abovePerPageMax', label: 'page size above the largest' },
  { path: 'lists.belowPerPageMin', label: 'page size below 1' },
  { path: 'lists.beyondLastPage', label: 'page past the last' },
  { path: 'lists.maxPage', label: 'largest page number' },
  { path: 'lists.order', label: 'list order' },
  { path: 'lists.envelope', label: 'list envelope (template)' },
  { path: 'resources.campaignDetailEmbedsAdvert', label: 'campaign detail embeds its advert' },
  { path: 'resources.deletes.campaign', label: 'campaign delete answer' },
  { path: 'resources.deletes.advert', label: 'advert delete answer' },
  { path: 'resources.advertInUse', label: 'deleting an advert in use' },
  { path: 'resources.statuses', label: 'success statuses of writes, where not the mock’s' },
  { path: 'resources.newCampaignEnabled', label: 'new campaigns enabled' },
  { path: 'resources.broadcastingTypes', label: 'broadcasting types' },
  { path: 'resources.extraFields.user', label: 'extra user fields' },
  { path: 'resources.extraFields.advert', label: 'extra advert fields' },
  { path: 'resources.extraFields.campaign', label: 'extra campaign fields' },
  { path: 'resources.extraFields.balance', label: 'extra balance fields' },
  { path: 'resources.fieldOrder.user', label: 'order of user fields' },
  { path: 'resources.fieldOrder.advert', label: 'order of advert fields' },
  { path: 'resources.fieldOrder.campaign', label: 'order of campaign fields' },
  { path: 'resources.fieldOrder.balance', label: 'order of balance fields' },
  { path: 'inputs.unknownFields', label: 'unknown body fields' },
  { path: 'inputs.cpm.decimals', label: 'cpm decimals' },
  { path: 'inputs.cpm.beyond', label: 'cpm with more decimals' },
  { path: 'inputs.cpm.max', label: 'largest cpm' },
  { path: 'inputs.titleMaxLength', label: 'longest advert title' },
  { path: 'inputs.descriptionMaxLength', label: 'longest advert description' },
  { path: 'inputs.sendingLimitMax', label: 'largest sending_limit' },
  { path: 'inputs.filterIdsOutOfRange', label: 'a filter id out of range' },
  { path: 'stamps.format', label: 'timestamp format' },
  { path: 'stamps.firstId', label: 'first id' },
  { path: 'stamps.idStep', label: 'id step' },
  { path: 'stamps.idSequence', label: 'id sequence' },
  { path: 'stamps.counters', label: 'where the id counters stood' },
]

/** One of the catalogue's paths. */
export type ChoicePath = string

/** The name the table gives a path (the path itself when the catalogue does not know it). */
export function labelOf(path: ChoicePath): string {
  return CHOICES.find((choice) => choice.path === path)?.label ?? path
}

/**
 * The mock's own value of a choice: DEFAULT_PROFILE's, and for a code the mock's own name.
 * @example defaultValue('lists.defaultPerPage') // 25
 */
export function defaultValue(path: ChoicePath): unknown {
  const code = codeOf(path)
  if (code) return DEFAULT_PROFILE.errors.codes[code] ?? code
  // A kind without a body of its own answers with the general body.
  if (path.startsWith('errors.bodies.')) return DEFAULT_PROFILE.errors.body
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], DEFAULT_PROFILE)
}

/** The mock code a path names (`errors.codes.not_found` → `not_found`), if it names one. */
export function codeOf(path: ChoicePath): string | undefined {
  return path.startsWith('errors.codes.') ? path.slice('errors.codes.'.length) : undefined
}

/**
 * A copy of a profile with one choice set. A code set to the mock's own name is left out of
 * `codes`, which holds only the names that differ ("missing ones keep the mock's").
 */
export function withChoice(profile: Profile, path: ChoicePath, value: unknown): Profile {
  const copy = structuredClone(profile)
  const code = codeOf(path)
  if (code) {
    if (value === code) delete copy.errors.codes[code]
    else copy.errors.codes[code] = value as string
    return copy
  }
  const keys = path.split('.')
  const last = keys.pop() ?? path
  const parent = keys.reduce<Record<string, unknown>>((node, key) => node[key] as Record<string, unknown>, copy)
  parent[last] = structuredClone(value)
  return copy
}
