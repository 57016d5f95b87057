import { RATE_LIMIT_WINDOWS, WINDOW_SECONDS } from '../domain/rate-limit.js'
import type { ErrorCode } from '../errors/error-codes.js'
import { MAX_BODY_BYTES } from '../http/read-body.js'
import { MAX_HEADER_BYTES } from '../http/request-limits.js'
import type { Profile } from '../profile/profile.js'
import { isSlotNode, type Template } from '../profile/template.js'
import type { ErrorModel } from './error-model.js'
import type { HeaderModel } from './header-model.js'

// The words of a model's document: the description of the API and when each error is answered,
// each written from the choice it states, so a twin's document says what the twin does.

const code = (value: string | number) => `\`${value}\``
const table = (head: string[], rows: (string | number)[][]) =>
  [head, head.map(() => '---'), ...rows].map((row) => `| ${row.join(' | ')} |`).join('\n')

/** What the document says of an API. */
export interface Words {
  /** When the API answers a code; the message itself is in the example. */
  when(code: ErrorCode): string
  /** The document's description: the conventions, and each choice where the spec is silent. `demoKey`: a key the reader may try. */
  description(demoKey?: string): string
  /**
   * An operation's description with its choices written in: `{order}` (`newest first`), `{starts}`
   * (`enabled`), `{with_advert}`, `{foreign}` (`a 404`, `a 403 \`forbidden\``), `{as_if_missing}`, `{refused:code}`
   * (`a 422 resource_limit_reached`). The declarations say each choice by its token, once.
   */
  operation(description: string): string
}

/**
 * The words of a model.
 * @example wordsOf(DEFAULT_PROFILE, DEFAULT_MODEL.errors, DEFAULT_MODEL.headers).when('not_found')
 */
export function wordsOf(profile: Profile, errors: ErrorModel, headers: HeaderModel): Words {
  const foreignIsMissing = errors.foreign === 'not_found'
  const problems = errors.problemsKey ? code(errors.problemsKey) : 'the body'
  const retryAfter = headers.retryAfterName ? `${headers.retryAfterName} says` : 'the rate-limit headers say'
  const WHEN: Partial<Record<ErrorCode, string>> = {
    unauthorized:
      'The Authorization header is missing, carries a scheme word (send the bare key), or holds no current key. Counts against no rate limit.',
    admin_forbidden: 'The mock was started with an admin token and the X-Admin-Token header does not carry it.',
    not_found: foreignIsMissing
      ? 'No resource has this id, or it belongs to another account (indistinguishable on purpose).'
      : 'No resource has this id.',
    forbidden: 'The resource belongs to another account.',
    invalid_json: 'The body is sent as JSON but does not parse.',
    bad_request:
      'The listener cannot read the body at all (it does not inflate, or the upload was cut short); answered by its body reader before authentication, so without rate-limit headers.',
    payload_too_large: `The body is larger than ${MAX_BODY_BYTES} bytes. The listener refuses it before authentication, so without rate-limit headers.`,
    unsupported_media_type:
      'A body is sent without Content-Type: application/json (or another +json type), or in a Content-Encoding the mock cannot inflate (the listener refuses that one before authentication, so without rate-limit headers).',
    validation_failed: `The query or body breaks the schema or a rule (a body sent to an operation that takes none included); ${problems} names every failing field.`,
    advert_in_use: 'A campaign still uses the advert; delete or move those campaigns first.',
    rate_limit_exceeded: `The per-minute or per-day allowance of the API tier is spent; ${retryAfter} when to try again.`,
    resource_limit_reached:
      'The create would take the account (or the store, for users) past the most records it may hold; delete some first.',
    headers_too_large: `The request line and headers together are larger than the listener reads (${MAX_HEADER_BYTES} bytes); answered by the listener before any operation.`,
    request_timeout: 'The request did not arrive in time; answered by the listener before any operation.',
    method_not_allowed: 'The path has no operation for this method; `Allow` lists those it has.',
  }
  const tokens: Record<string, (arg?: string) => string> = {
    order: () => orderWords(profile.lists.order),
    starts: () => (profile.resources.newCampaignEnabled ? 'enabled' : 'disabled'),
    with_advert: () => (profile.resources.campaignDetailEmbedsAdvert ? ' with its advert' : ''),
    foreign: () =>
      foreignIsMissing
        ? `a ${errors.status('not_found')}`
        : `a ${errors.status('forbidden')} ${code(errors.wireName('forbidden'))}`,
    as_if_missing: () => (foreignIsMissing ? ', as if it did not exist' : ''),
    refused: (name) => `a ${errors.status(name as ErrorCode)} ${errors.wireName(name as ErrorCode)}`,
  }
  return {
    when: (name) => WHEN[name] ?? name.replaceAll('_', ' '),
    description: (demoKey) => describe(profile, errors, headers, demoKey),
    operation: (description) =>
      description.replace(/\{(\w+)(?::(\w+))?\}/g, (all, name: string, arg?: string) => tokens[name]?.(arg) ?? all),
  }
}

function describe(profile: Profile, errors: ErrorModel, headers: HeaderModel, demoKey: string | undefined): string {
  const { lists, inputs, resources, rateLimits, stamps } = profile
  const validation = errors.wireName('validation_failed')
  const listKeys = Object.keys(lists.envelope as object).filter((key) => key !== 'success' && key !== 'data')
  const tiers = Object.entries(rateLimits.tiers)
  const rateLimited = `${errors.status('rate_limit_exceeded')} ${code(errors.wireName('rate_limit_exceeded'))}`
  const foreign =
    errors.foreign === 'not_found'
      ? `answers ${errors.status('not_found')}, as if it did not exist`
      : `answers ${errors.status('forbidden')} ${code(errors.wireName('forbidden'))}`
  return `Mock of the Advertising Campaign Service API. This document is generated from the zod schemas and operation declarations that the mock itself validates and answers with, so the two cannot drift.

## Conventions

- **Authentication**: every operation needs the API key, bare (no \`Bearer\` or other scheme word), in the \`Authorization\` header.${demoKey ? ` The default fixtures' demo key is ${code(demoKey)}.` : ''}
- **Envelope**: a success is \`{ "success": true, "data": … }\`, and a list adds ${listKeys.map(code).join(', ') || 'nothing'}; an error is \`${skeleton(errors.templateOf('not_found'))}\`${errors.problemsKey ? `, where ${code(errors.problemsKey)} (on ${code(validation)} only) names every failing field` : ''}.
- **Bodies** are JSON sent with \`Content-Type: application/json\`; unknown fields are ${inputs.unknownFields === 'refuse' ? `refused (${errors.status('validation_failed')})` : 'ignored'}.

## Choices the mock makes where the spec is silent

- **broadcasting_type**: ${resources.broadcastingTypes.map(code).join(', ')}.
- **api_tier** and the limits each carries:

${table(
  ['api_tier', 'per_minute', 'per_day', 'max_topups'],
  tiers.map(([tier, limits]) => [code(tier), limits.per_minute, limits.per_day, limits.max_topups]),
)}

- **Rate limits**: per user, fixed windows aligned to the UTC clock (${RATE_LIMIT_WINDOWS.map((w) => `${w}: ${WINDOW_SECONDS[w]} s`).join(', ')}). Over a limit the answer is ${rateLimited}${headers.retryAfterName ? ` with ${code(headers.retryAfterName)}` : ''}; every authenticated response carries ${headers.names.map(code).join(', ')}. Requests that fail authentication count against no one.
- **Lists** are ${orderWords(lists.order)}; ${lists.params.page === null ? 'no parameter picks a page (the first is answered)' : `${code(lists.params.page)} counts from 1`}, ${code(lists.params.perPage)} is ${lists.defaultPerPage} by default and at most ${lists.maxPerPage}${lists.abovePerPageMax === 'clamp' ? ' (more counts as the most)' : ''}${lists.belowPerPageMin === 'default' ? ', and less than 1 counts as the default' : ''}; a page past the end is ${lists.beyondLastPage === 'empty' ? 'empty' : `a ${errors.status('not_found')}`}.
- **Ids** are positive integers${stamps.firstId === 1 && stamps.idStep === 1 ? '' : ` (from ${stamps.firstId}, ${stamps.idStep} apart)`}; another account's resource ${foreign}.
- **Timestamps** are ISO 8601${stamps.format.zone === 'Z' ? ' UTC' : ''} ${stampWords(stamps.format)}; **money** is USD in whole cents.
- **Errors**: each code always comes with the same status:

${table(
  ['code', 'status'],
  errors.codes.map((name) => [code(errors.wireName(name)), errors.status(name)]),
)}

The mock's control plane (\`/__admin\`: reset, clock, users, top-ups, deliveries, faults, journal) is described in a separate document, \`admin.openapi.json\`.`
}

/** A list's order in words: `newest first`, `by updated_at, latest first`. */
function orderWords({ field, direction }: Profile['lists']['order']): string {
  if (field === 'id') return direction === 'desc' ? 'newest first' : 'oldest first'
  return `by ${field}, ${direction === 'desc' ? 'latest' : 'earliest'} first`
}

/** A timestamp format in words: `with a trailing \`Z\``, or its precision and zone. */
function stampWords({ fraction, zone, trimmed }: Profile['stamps']['format']): string {
  if (fraction === 3 && zone === 'Z' && !trimmed) return 'with a trailing `Z`'
  const to =
    { 0: 'to the second', 3: 'to the millisecond', 6: 'to the microsecond' }[fraction] ??
    `to ${fraction} decimals of a second`
  return `${to}${trimmed ? ' (trailing zeros left out)' : ''}, ending ${code(zone)}`
}

/**
 * A template's outline, as the description writes an error: literals with their value, slots by
 * their key, a list that may be missing with `?`.
 * @example skeleton({ success: false, error: { code: { $slot: 'code' } } }) // '{ "success": false, "error": { "code" } }'
 */
export function skeleton(template: Template): string {
  if (template === null || typeof template !== 'object' || Array.isArray(template) || isSlotNode(template))
    return JSON.stringify(template)
  const entries = Object.entries(template).map(([key, value]) => {
    if (value === null || typeof value !== 'object') return `"${key}": ${JSON.stringify(value)}`
    if (Array.isArray(value)) return `"${key}": [${value.map((item) => skeleton(item)).join(', ')}]`
    if ('$each' in value) return `"${key}"?`
    if (isSlotNode(value)) return `"${key}"`
    return `"${key}": ${skeleton(value)}`
  })
  return `{ ${entries.join(', ')} }`
}
