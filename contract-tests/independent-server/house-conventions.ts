import type { NeededOption } from './differences.js'

// What a house style of the independent server is, as data: the conventions it serves wherever
// the interface spec is silent, the account it starts with, and where it differs from our
// document. A style module (style-*.ts) is one value of StyleDeclaration; the house core
// (house-*.ts) serves any such value, and the corpus tests read the same value to say what the
// style must answer. Nothing here is code a style runs: change a value, and the server follows.

/** Every kind of error a style answers, each with its status and (where the style has codes) its code. */
export const ERROR_KINDS = [
  'unauthorized',
  'not_found',
  'route_not_found',
  'forbidden',
  'invalid',
  'invalid_json',
  'method_not_allowed',
  'in_use',
  'rate_limited',
  'too_large',
  'internal',
] as const
export type ErrorKind = (typeof ERROR_KINDS)[number]

/**
 * How a problem of invalid input names its field: `campaign.cpm`, `cpm`, `/campaign/cpm`,
 * `#/campaign/cpm`, `campaign[cpm]` (Stripe's), or as nested keys (`{campaign: {cpm: […]}}`,
 * Django REST framework's).
 */
export type ProblemPath = 'wrapped' | 'leaf' | 'pointer' | 'hash-pointer' | 'bracket' | 'nested'

/**
 * The error body. Each shape is one a public API serves:
 * - `problem-details`: RFC 9457, `application/problem+json`, `{type, title, status, detail, instance}`,
 *   invalid input's problems as an extension member list (`invalid_params: [{name, reason}]`).
 * - `json-api`: `{success: false, errors: [{status, code, title, detail, source: {pointer}}]}`.
 * - `error-object`: `{success: false, error: {code, message, …}}` with optional members: a request id
 *   (new on every answer), a documentation URL with the code in it, and the problems as a list
 *   (`details: [{field, issue}]`) or a map (`errors: {cpm: ['…']}`).
 * - `message-map`: Laravel's `{success: false, message, errors: {'campaign.cpm': ['…']}}`, no code.
 * - `drf`: Django REST framework's `{success: false, detail, code}`, invalid input as nested field errors.
 * - `github`: `{success: false, message, documentation_url, errors: [{resource, field, code}]}`.
 */
export type ErrorShape =
  | { kind: 'problem-details'; typeBase: string; problems: { key: string; name: 'name' | 'pointer'; reason: string } }
  | { kind: 'json-api' }
  | {
      kind: 'error-object'
      requestId?: string
      /** A URL with `{code}` in it. */
      documentation?: { key: string; url: string }
      problems: { form: 'list'; key: string; name: string; reason: string } | { form: 'map'; key: string }
    }
  | { kind: 'message-map' }
  | { kind: 'drf' }
  | { kind: 'github'; documentationUrl: string }

/**
 * The list envelope and how its pages are asked for. Each is a public convention:
 * - `rails`: `meta: {current_page, next_page, prev_page, total_pages, total_count}` (kaminari, Rails API).
 * - `django`: `count`, `next`, `previous` (full URLs or null) beside `data` (Django REST framework).
 * - `laravel`: `meta: {current_page, from, last_page, per_page, to, total}` and `links: {first, last, prev, next}`.
 * - `json-api`: `links: {self, first, prev, next, last}` and `meta: {total_count, total_pages}`.
 * - `page-object`: one object under `key` with the page's position under names of the style's own.
 * - `link-header`: the data alone; the pages in an RFC 8288 `Link` header (GitHub).
 * - `cursor`: `{object: 'list', url, has_more, data}`, the next page asked for `starting_after` the last id (Stripe).
 */
export type PagingShape =
  | { kind: 'rails' }
  | { kind: 'django' }
  | { kind: 'laravel' }
  | { kind: 'json-api' }
  | { kind: 'page-object'; key: string; names: { page: string; perPage: string; total: string; pages: string } }
  | { kind: 'link-header' }
  | { kind: 'cursor' }

/** The rate-limit headers a style sends, by family. */
export type RateLimitFamily =
  /** GitHub: X-RateLimit-Limit, -Remaining, -Reset (epoch seconds), -Used, -Resource. */
  | 'github'
  /** Rack::Attack and many others: X-RateLimit-Limit, -Remaining, -Reset (epoch seconds). */
  | 'x-ratelimit'
  /** Zalando's guidelines: X-RateLimit-Limit, -Remaining, -Reset (seconds until the reset). */
  | 'x-ratelimit-delta'
  /** Laravel's throttle: X-RateLimit-Limit and -Remaining; on a 429 also X-RateLimit-Reset (epoch seconds). */
  | 'laravel'
  /** IETF draft fields: RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset (seconds until the reset). */
  | 'ietf-fields'
  /** IETF structured fields: RateLimit-Policy `"name";q=;w=` and RateLimit `"name";r=;t=`. */
  | 'ietf-structured'
  /** None but Retry-After on a 429 (Django REST framework's throttling). */
  | 'none'

/** What a DELETE answers: the record, a receipt `{id, deleted: true}`, or nothing. */
export type DeleteAnswer = { status: 200; body: 'record' } | { status: 200 | 202; body: 'receipt' } | { status: 204 }

/** A timestamp's form: to the second, millisecond or microsecond, with `Z` or `+00:00`. */
export type StampFormat = 's-z' | 'ms-z' | 'us-z' | 's-offset' | 'us-offset'

/**
 * A field beyond the spec's: a constant (`currency: 'USD'`), one that follows the record's
 * `enabled` (a `status` of `active`/`paused`), or one made from its id (a URL, a GitHub node id).
 */
export type ExtraField =
  | { constant: string | number | boolean }
  | { follows: 'enabled'; values: { true: string; false: string } }
  | { follows: 'id'; form: 'url' | 'node-id' }

/** The deliberate defects a style may carry (at most one), each a real bug. */
export type Defect =
  /** Retry-After on a 429 is the whole window, not what is left of it. */
  | 'retry-after-full-window'
  /** PATCH /adverts/{id} clears target_url when the body does not send it (an update read as a replace). */
  | 'patch-clears-target-url'

/** Every choice a style makes where the spec is silent, as data. */
export interface Conventions {
  statuses: {
    /** Input that breaks a rule (bounds, an enum, an advert that is not the caller's). */
    invalid: 400 | 422
    /** A field of the wrong JSON type, a wrapper that is not an object, an unknown field. */
    wrongType: 400 | 422
    /** Another account's record. */
    foreign: 403 | 404
    /** A method the path does not have (405 with Allow, or 404 like an unknown path). */
    wrongMethod: 405 | 404
    /** Deleting an advert a campaign uses. */
    inUse: 409 | 422
    /** A page past the last (Django REST framework's "Invalid page."), or an empty page with 200. */
    pastLastPage: 404 | 200
  }
  /** Whether an unknown path or method is answered before the key is read (a router's 404/405) or after it. */
  routing: 'before-key' | 'after-key'
  errors: ErrorShape
  /** The code of each kind of error; null for a style whose errors carry none. */
  codes: Readonly<Record<ErrorKind, string>> | null
  problemPath: ProblemPath
  paging: PagingShape
  pageSize: {
    /** The query parameter of the page's size (the page itself is `page`, or a cursor). */
    param: 'per_page' | 'page_size' | 'size' | 'limit'
    default: number
    max: number
    /** A size above the max: served as the max, or refused as invalid input. */
    above: 'clamp' | 'refuse'
    /** A size below 1: served at the default, or refused. */
    below: 'default' | 'refuse'
  }
  rateLimit: { family: RateLimitFamily; algorithm: 'fixed-window' | 'token-bucket'; policyName?: string }
  deletes: { campaign: DeleteAnswer; advert: DeleteAnswer }
  stamps: StampFormat
  /** Lists' order. */
  order: { key: 'id' | 'created_at' | 'updated_at'; direction: 'asc' | 'desc' }
  /** Ids: the first, the step, and one sequence for adverts and campaigns or one each. */
  ids: { start: number; step: number; sequence: 'shared' | 'per-kind' }
  apiKeyPrefix: string
  broadcastingTypes: readonly string[]
  tier: { name: string; perMinute: number; perDay: number; maxTopups: number }
  bounds: {
    titleMax: number
    descriptionMax: number
    /** cpm: above 0 and at most max; `decimals` null takes any precision, else more decimals are refused or rounded. */
    cpm: { max: number; decimals: number | null; beyond: 'refuse' | 'round' }
    sendingLimitMax: number
  }
  unknownFields: 'ignore' | 'refuse'
  newCampaignsEnabled: boolean
  campaignDetailEmbedsAdvert: boolean
  extraFields: {
    campaign?: Readonly<Record<string, ExtraField>>
    advert?: Readonly<Record<string, ExtraField>>
    user?: Readonly<Record<string, ExtraField>>
    balance?: Readonly<Record<string, ExtraField>>
  }
  defect?: Defect
}

/** The first account's records when the server starts: what a twin captures. */
export interface Seed {
  balance: { balance_usd: number; total_topups_usd: number }
  /** `daysAgo`: when it was created; `updatedDaysAgo`: when last changed (default: then). */
  adverts: ReadonlyArray<{
    title: string
    description?: string
    target_url?: string
    daysAgo: number
    updatedDaysAgo?: number
  }>
  campaigns: ReadonlyArray<{
    /** Index into `adverts`. */
    advert: number
    broadcasting_type: string
    cpm: number
    sending_limit: number
    sending_count: number
    enabled: boolean
    daysAgo: number
    updatedDaysAgo?: number
  }>
}

/** One place a style differs from openapi/openapi.json, and the contract checks that report it. */
export interface StyleDifference {
  id: string
  /** What the spec leaves open (its section). */
  open: string
  /** What openapi/openapi.json says. */
  ours: string
  theirs: string
  /** The contract checks expected to report it against our document; none where no check sees it. */
  reportedBy: readonly string[]
  /** The one finding it makes, by its check and title (and cause, where titles repeat); any finding of reportedBy's checks where absent. */
  reportedAs?: readonly FindingPattern[]
  /** A bug, not a choice: a twin should not learn it. */
  kind?: 'defect'
  /** What a run needs before it shows (the rate-limit flow's spent quota); shown by any run where absent. */
  needs?: NeededOption
}

/** A finding as a table names it: the check of its example, its title, and where titles repeat its cause key. */
export interface FindingPattern {
  check: string
  title: RegExp
  cause?: string
}

/** A house style: its conventions, its first account and its differences from our document. */
export interface StyleDeclaration {
  name: string
  /** The real public APIs whose conventions it follows. */
  follows: string
  conventions: Conventions
  seed: Seed
  differences: readonly StyleDifference[]
}
