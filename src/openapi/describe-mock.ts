import { RATE_LIMIT_WINDOWS, WINDOW_SECONDS } from '../domain/rate-limit.js'
import { DEFAULT_TIER_LIMITS } from '../domain/tiers.js'
import { ERROR_CODES, ERROR_STATUS } from '../errors/error-codes.js'
import { RATE_LIMIT_HEADERS } from '../http/rate-limit-headers.js'
import { BROADCASTING_TYPES } from '../schemas/campaign.js'
import { PAGE_SIZE } from '../schemas/common.js'
import { API_TIERS } from '../schemas/user.js'
import { DEMO_API_KEY } from '../store/fixtures.js'

const code = (value: string | number) => `\`${value}\``
const table = (head: string[], rows: (string | number)[][]) =>
  [head, head.map(() => '---'), ...rows].map((row) => `| ${row.join(' | ')} |`).join('\n')

/**
 * The document's description: the conventions, and every choice the mock makes where
 * the interface spec says "not shown", each rendered from the constant that implements it.
 */
export function describeMock(): string {
  const headers = Object.values(RATE_LIMIT_HEADERS).map((header) => code(header.name))
  return `Mock of the Advertising Campaign Service API. This document is generated from the zod schemas and operation declarations that the mock itself validates and answers with, so the two cannot drift.

## Conventions

- **Authentication**: every operation needs the API key, bare (no \`Bearer\` or other scheme word), in the \`Authorization\` header. The default fixtures' demo key is ${code(DEMO_API_KEY)}.
- **Envelope**: a success is \`{ "success": true, "data": … }\`, and a list adds \`pagination\`; an error is \`{ "success": false, "error": { "code", "message", "fields"? } }\`, where \`fields\` (on \`validation_failed\` only) names every failing field.
- **Bodies** are JSON sent with \`Content-Type: application/json\`; unknown fields are refused (422).

## Choices the mock makes where the spec is silent

- **broadcasting_type**: ${BROADCASTING_TYPES.map(code).join(', ')}.
- **api_tier** and the limits each carries:

${table(
  ['api_tier', 'per_minute', 'per_day', 'max_topups'],
  API_TIERS.map((tier) => [code(tier), DEFAULT_TIER_LIMITS[tier].per_minute, DEFAULT_TIER_LIMITS[tier].per_day, DEFAULT_TIER_LIMITS[tier].max_topups]),
)}

- **Rate limits**: per user, fixed windows aligned to the UTC clock (${RATE_LIMIT_WINDOWS.map((w) => `${w}: ${WINDOW_SECONDS[w]} s`).join(', ')}). Over a limit the answer is 429 \`rate_limit_exceeded\` with \`Retry-After\`; every authenticated response carries ${headers.filter((h) => h !== code(RATE_LIMIT_HEADERS.retryAfter.name)).join(', ')}. Requests that fail authentication count against no one.
- **Lists** are newest first; \`page\` counts from 1, \`per_page\` is ${PAGE_SIZE.default} by default and at most ${PAGE_SIZE.max}; a page past the end is empty.
- **Ids** are positive integers; another account's resource answers 404, as if it did not exist.
- **Timestamps** are ISO 8601 UTC with a trailing \`Z\`; **money** is USD in whole cents.
- **Errors**: each code always comes with the same status:

${table(
  ['code', 'status'],
  ERROR_CODES.map((name) => [code(name), ERROR_STATUS[name]]),
)}

The mock's control plane (\`/__admin\`: reset, clock, users, top-ups, deliveries, faults, journal) is described in a separate document, \`admin.openapi.json\`.`
}
