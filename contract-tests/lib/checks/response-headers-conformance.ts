import type { Exchange } from '../client/exchange.js'
import { documentedResetForm } from '../document/reset-forms.js'
import { causeKey, headerFamily } from './causes.js'
import { describeResponse, operationOf, type Check, type CheckContext } from './check.js'

/**
 * Documented response headers are present and match their schemas (the rate-limit headers on
 * every authenticated response); a 429 the document gives Retry-After says when to come back, in seconds.
 */
export const responseHeadersConformance: Check = {
  kind: 'response',
  description: 'Documented headers are present and valid; a 429 carries Retry-After.',
  claims: {
    contract: (operation) =>
      operation.responses.some((response) => /^2/.test(response.key) && response.headers.length > 0),
  },
  run(ctx, exchange) {
    const { status, headers } = exchange.response
    const operation = operationOf(ctx, exchange)
    const documentedHeaders = (operation && ctx.document.response(operation, status)?.headers.length) ?? 0
    const windowHeaders = ctx.asserts('mock') && headers['x-ratelimit-limit'] !== undefined
    if (!(ctx.asserts('contract') && documentedHeaders > 0) && !windowHeaders) return false
    if (ctx.asserts('contract')) {
      if (status === 429 && documentsRetryAfter(ctx, exchange) && !/^\d+$/.test(headers['retry-after'] ?? '')) {
        const received = `Retry-After: ${headers['retry-after'] ?? '(missing)'}; ${describeResponse(exchange)}`
        ctx.fail('A 429 without a usable Retry-After', {
          received,
          documented: 'Retry-After: <seconds>, as the document lists it on this 429',
          profile: 'contract',
        })
      }
      documentedHeaderFailures(ctx, exchange)
    }
    if (ctx.asserts('mock')) windowFailures(ctx, exchange)
  },
}

/** Whether the document lists Retry-After on this 429 (RFC 6585 only says it MAY be sent). */
function documentsRetryAfter(ctx: CheckContext, exchange: Exchange): boolean {
  const operation = operationOf(ctx, exchange)
  const documented = operation ? ctx.document.response(operation, exchange.response.status) : undefined
  return Boolean(documented?.headers.some((header) => header.name.toLowerCase() === 'retry-after'))
}

function documentedHeaderFailures(ctx: CheckContext, exchange: Exchange): void {
  const operation = operationOf(ctx, exchange)
  const documented = operation ? ctx.document.response(operation, exchange.response.status) : undefined
  // Retry-After on a 429 has a rule of its own (above): judged once.
  const headers = (documented?.headers ?? []).filter(
    (header) => !(exchange.response.status === 429 && header.name.toLowerCase() === 'retry-after'),
  )
  // All the required headers an answer lacks are one failure: a server that uses other names lacks them together.
  const missing = headers
    .filter((header) => header.required && exchange.response.headers[header.name.toLowerCase()] === undefined)
    .map((header) => header.name)
  if (missing.length > 0) {
    const title = `Missing header${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`
    ctx.fail(title, {
      received: `headers: ${Object.keys(exchange.response.headers).join(', ')}`,
      documented: `${missing.join(', ')} (required on ${documented?.key})`,
      profile: 'contract',
      // A deployment that sends another family of headers lacks the documented one wherever it answers.
      rootCause: causeKey.headers(missing.map(headerFamily)),
    })
  }
  for (const header of headers) {
    const value = exchange.response.headers[header.name.toLowerCase()]
    if (value === undefined) continue
    if (!header.schemaPointer) continue
    const errors = ctx.validator.validate(header.schemaPointer, coerce(value, header.schema))
    if (errors.length > 0) {
      ctx.fail(`Header ${header.name} violates its schema`, {
        received: `${header.name}: ${value} (${errors.join('; ')})`,
        documented: JSON.stringify(header.schema),
        profile: 'contract',
      })
    }
  }
}

/** The mock's own promise: Remaining never exceeds Limit, and Reset is a near-future epoch second (or, documented so, the seconds until it). */
function windowFailures(ctx: CheckContext, exchange: Exchange): void {
  const { headers } = exchange.response
  const limit = headers['x-ratelimit-limit']
  const remaining = headers['x-ratelimit-remaining']
  const reset = headers['x-ratelimit-reset']
  if (limit === undefined || remaining === undefined || reset === undefined) return
  const received = `X-RateLimit-Limit: ${limit}, X-RateLimit-Remaining: ${remaining}, X-RateLimit-Reset: ${reset}`
  const nowSeconds = Date.now() / 1000
  const consistent = Number(remaining) <= Number(limit) && Number(remaining) >= 0 && /^\d+$/.test(reset)
  // Seconds until the reset where the document says the header counts them (its x-value `{reset_after}`).
  const counted = documentedResetForm(ctx.document, 'x-ratelimit-reset').form === 'delta'
  // The control plane may have moved the mock's clock forward; a day and an hour of slack covers it.
  const plausible = counted
    ? Number(reset) <= 90_000
    : Number(reset) > nowSeconds - 120 && Number(reset) < nowSeconds + 90_000
  if (consistent && plausible) return
  ctx.fail('Inconsistent rate-limit window', {
    received,
    documented: `0 <= Remaining <= Limit, Reset = integer ${counted ? 'seconds until the reset, at most a day' : 'epoch seconds within the next day'}`,
    profile: 'mock',
  })
}

function coerce(value: string, schema: Record<string, unknown> | undefined): unknown {
  const type = schema?.type
  if ((type === 'integer' || type === 'number') && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value)
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true'
  return value
}
