import type { Exchange } from '../client/exchange.js'
import { dataItemSchema, propertiesOf } from '../document/document-behaviour.js'
import { everyOperation, isSuccess, type Check, type CheckContext } from './check.js'

/** Keys shorter than this are no secret worth looking for (and would match by chance). */
const SHORTEST_KEY = 12

/**
 * The API key is shown to its owner in its own user record and nowhere else (spec 2.2: the key is
 * "returned in the user body"): not in a list, another resource, an error message (an echo of
 * the rejected `Bearer <key>` included) or a header, and never in another account's answers. Every
 * key the run holds is looked for in every answer, its bytes and its headers; the one place it may
 * be is `data.api_key` of an answer whose documented data carries `api_key`, to the key's owner.
 */
export const secretConfinement: Check = {
  kind: 'response',
  finds: 'defect',
  description:
    "The API key shows only in its owner's user record: never in lists, errors, headers or another account's answers.",
  claims: { contract: everyOperation },
  run(ctx, exchange) {
    const keys = ctx.local(() => new Set<string>())
    for (const key of [ctx.client.keys.primary, ctx.client.keys.second, ctx.state.rotatedApiKey])
      if (key && key.length >= SHORTEST_KEY) keys.add(key)
    // A success to a key that should have been refused is ignored_auth's (or key_case_sensitivity's): what it holds follows from that.
    if (keys.size === 0 || (isSuccess(exchange.response.status) && ownKey(ctx, exchange) === undefined)) return false
    const own = ownKey(ctx, exchange)
    const body = withoutOwnRecord(ctx, exchange, own)
    for (const key of keys) {
      const headers = Object.entries(exchange.response.headers).filter(([, value]) => value.includes(key))
      const inBody = body.includes(key)
      if (headers.length === 0 && !inBody) continue
      const where = headers.length > 0 ? `headers ${headers.map(([name]) => name).join(', ')}` : bodyPlace(exchange)
      ctx.fail(`An API key shows ${headers.length > 0 ? 'in a header' : `in ${bodyPlace(exchange)}`}`, {
        received: `${key === own ? "the caller's own key" : 'an API key of the run'} (${mask(key)}) in ${where}`,
        documented: "an API key only in its owner's user record (data.api_key of the user, spec 2.2)",
        rootCause: `secret in ${headers.length > 0 ? 'headers' : bodyPlace(exchange)}`,
      })
    }
  },
}

/** The key the request carried, when it is one of the run's. */
function ownKey(ctx: CheckContext, exchange: Exchange): string | undefined {
  if (exchange.credentials === 'primary') return ctx.client.keys.primary
  if (exchange.credentials === 'second') return ctx.client.keys.second
  return undefined
}

/**
 * The body as text, its owner's own user record's `data.api_key` taken out: a success of an
 * operation whose documented data carries `api_key`, answered to that key (a reset's answer
 * carries the new key, its owner's too).
 */
function withoutOwnRecord(ctx: CheckContext, exchange: Exchange, own: string | undefined): string {
  const { json, text, status } = exchange.response
  const data = (json as { data?: Record<string, unknown> } | undefined)?.data
  // The user's own path, whatever the method (a PUT a deployment answers as GET shows the same record).
  const path = new URL(exchange.request.url).pathname.slice(new URL(ctx.client.baseUrl).pathname.length)
  const carries = ctx.document.operations.some((operation) => {
    const pointer = operation.responses.find((response) => /^2\d\d$/.test(response.key))?.schemaPointer
    return (
      ctx.document.find(operation.method, path) === operation &&
      pointer !== undefined &&
      propertiesOf(dataItemSchema(ctx.document, pointer)).includes('api_key')
    )
  })
  if (!isSuccess(status) || !carries || !data || typeof data.api_key !== 'string' || own === undefined) return text
  const renewed = ctx.state.rotatedApiKey === data.api_key || data.api_key === own
  return renewed ? JSON.stringify({ ...(json as object), data: { ...data, api_key: null } }) : text
}

/** Where in a body a key showed: an error's message, a list, or a record. */
function bodyPlace(exchange: Exchange): string {
  const { status, json } = exchange.response
  if (status >= 400) return 'an error'
  return Array.isArray((json as { data?: unknown } | undefined)?.data) ? 'a list' : 'a record'
}

function mask(key: string): string {
  return `${key.slice(0, 6)}…${key.slice(-4)}`
}
