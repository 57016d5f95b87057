import { ARRANGE_HELPERS } from '../schemas/arrange.js'
import type { ErrorCode } from './error-codes.js'

type Message = (...args: never[]) => string

// A misspelt arrange helper (`arrange/users`) is answered with the helpers there are.
const ARRANGE_PATH = /\/arrange\/[^/]*\/?$/
const arrangeHint = (path: string) =>
  `: arrange is POST ${path.replace(ARRANGE_PATH, '/arrange/{helper}')}, the helper one of ${ARRANGE_HELPERS.join(', ')}`
const noRoute = (plane: 'api' | 'admin', method: string, path: string) =>
  `No ${plane === 'admin' ? 'control operation' : 'operation'} ${method} ${path}${plane === 'admin' && ARRANGE_PATH.test(path) ? arrangeHint(path) : ''}`
const unreadable = (reason: string) => `The request body could not be read: ${reason}`
/** A count and its noun, singular for one: `1 request`, `3 requests`. */
const count = (n: number, noun: string) => `${n} ${n === 1 ? noun : `${noun}s`}`

/**
 * What the mock says for each error code, each wording written once: the code that throws
 * calls these, and so does the OpenAPI document for its examples, so the two cannot drift.
 * Messages say what failed and why.
 * @example new ApiError('not_found', MESSAGES.not_found.resource('Campaign', 42)) // "Campaign 42 does not exist"
 */
export const MESSAGES = {
  invalid_json: {
    unparsable: (reason: string) => `The request body is not valid JSON: ${reason}`,
  },
  bad_request: {
    unreadable,
    malformed: (reason: string) => `The request is not valid HTTP: ${reason}`,
  },
  unauthorized: {
    missing: () => 'Missing API key: send it bare in the Authorization header',
    scheme: (scheme: string) => `Send the bare API key in the Authorization header, without "${scheme} "`,
    invalid: () => 'Invalid API key',
  },
  forbidden: {
    foreign: (kind: 'Advert' | 'Campaign', id: number) => `${kind} ${id} belongs to another account`,
  },
  method_not_allowed: {
    allowed: (method: string, path: string, allow: readonly string[]) =>
      `${method} is not allowed on ${path}: use ${allow.join(', ')}`,
  },
  admin_forbidden: {
    token: (header: string) => `The control plane needs the admin token in the ${header} header`,
  },
  not_found: {
    resource: (kind: 'Advert' | 'Campaign' | 'User', id: number) => `${kind} ${id} does not exist`,
    malformedId: (raw: string) => `No resource has the id "${raw}": ids are positive integers`,
    delivery: (campaignId: number) => `Failed to deliver: campaign ${campaignId} does not exist`,
    override: (id: number) =>
      `Override ${id} does not exist (it was removed, answered its times, or the mock was reset)`,
  },
  route_not_found: {
    operation: noRoute,
    undecodable: (plane: 'api' | 'admin', method: string, path: string) =>
      `${noRoute(plane, method, path)}: the path is not valid percent-encoding`,
    listener: (method: string, path: string) => `No route ${method} ${path}`,
    proxy: (method: string, target: string) => `No route ${method} ${target}: the mock is not a proxy`,
  },
  payload_too_large: {
    body: (limitBytes: number) => `The request body is larger than ${limitBytes} bytes (${limitBytes / 1_048_576} MiB)`,
  },
  unsupported_media_type: {
    encoding: (encoding: string) => `Send the body uncompressed: Content-Encoding "${encoding}" is not supported`,
    contentType: (contentType: string) =>
      `Send the body as JSON with Content-Type: application/json (got "${contentType || 'none'}")`,
    // Express's body reader refuses an unknown Content-Encoding before any handler runs.
    unreadable,
  },
  validation_failed: {
    invalid: (what: string) => `Invalid ${what}`,
    bodyRequired: () => 'A JSON request body is required',
    bodyRefused: () => 'This operation takes no request body',
    emailTaken: (action: string, email: string) => `Failed to ${action}: e-mail ${email} is taken`,
    advertMissing: (action: 'create' | 'update', advertId: number) =>
      `Failed to ${action} campaign: advert ${advertId} does not exist`,
    limitBelowCount: (campaignId: number) =>
      `Failed to update campaign ${campaignId}: sending_limit is below sending_count`,
    balanceOverMaximum: (userId: number) => `Failed to top up user ${userId}: the balance would pass the maximum`,
    dataset: (reason: string) => `Invalid dataset: ${reason}`,
  },
  request_timeout: {
    listener: () => 'The request did not arrive in time: the listener stopped waiting for it',
  },
  headers_too_large: {
    listener: (limitBytes: number) => `The request line and headers are larger than ${limitBytes} bytes`,
  },
  resource_limit_reached: {
    perUser: (kind: 'advert' | 'campaign', userId: number, cap: number) =>
      `Failed to create ${kind}: user ${userId} already has ${count(cap, kind)}, the most one account may hold; delete some first`,
    users: (cap: number) => `Failed to create user: the mock already holds ${count(cap, 'user')}, the most it keeps`,
    overrides: (cap: number) =>
      `Failed to add override: the mock already holds ${cap} overrides, the most it keeps; remove some first`,
  },
  advert_in_use: {
    campaigns: (advertId: number, campaignIds: readonly number[]) =>
      `Failed to delete advert ${advertId}: campaigns ${campaignIds.join(', ')} still use it`,
  },
  topup_limit_reached: {
    tier: (userId: number, tier: string, maxTopups: number, made: number) =>
      `Failed to top up user ${userId}: the ${tier} tier allows ${count(maxTopups, 'top-up')} and ${made} ${made === 1 ? 'was' : 'were'} made`,
  },
  rate_limit_exceeded: {
    tier: (tier: string, limit: number, window: string, retryAfterSeconds: number) =>
      `Rate limit exceeded: the ${tier} tier admits ${count(limit, 'request')} per ${window}; retry in ${retryAfterSeconds} s`,
  },
  internal_error: {
    bug: () => 'The mock failed unexpectedly; this is a bug in the mock',
  },
  bad_gateway: { injected: injectedFault },
  service_unavailable: { injected: injectedFault },
  gateway_timeout: { injected: injectedFault },
} as const satisfies Record<ErrorCode, Record<string, Message>>

/**
 * The message of an error forced by fault injection, whatever its code.
 * @example injectedFault(503, 'Prefer: code=503') // "Injected fault: forced 503 by Prefer: code=503"
 */
export function injectedFault(status: number, reason: string): string {
  return `Injected fault: forced ${status} by ${reason}`
}
