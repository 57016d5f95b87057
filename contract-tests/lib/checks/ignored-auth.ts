import { randomBytes } from 'node:crypto'
import type { Exchange } from '../client/exchange.js'
import { isKeyReset } from '../document/spec-facts.js'
import { unusedId } from '../document/valid-data.js'
import { describeResponse, type Check, type CheckContext } from './check.js'
import { operationToProbe, replay } from './probe.js'

/**
 * A key no account has, whatever format real keys take (the spec does not show it): 144 random
 * bits, marked so that no one mistakes it for a real key in a log.
 * @example randomKey() // 'contract-not-a-key-Yq3…'
 */
export function randomKey(): string {
  return `contract-not-a-key-${randomBytes(18).toString('base64url')}`
}

/**
 * The real key with its last four characters each replaced by another of the same kind (digit,
 * a-f, other letter of the same case): the same length and shape, so it passes any format check
 * and tells whether the server compares the whole key.
 * @example alteredKey('k_12ab') // 'k_67de'
 */
export function alteredKey(key: string): string {
  const cut = Math.max(0, key.length - 4)
  return key.slice(0, cut) + [...key.slice(cut)].map(otherOfSameKind).join('')
}

function otherOfSameKind(char: string): string {
  const rotate = (first: string, size: number, by: number) =>
    String.fromCharCode(((char.charCodeAt(0) - first.charCodeAt(0) + by) % size) + first.charCodeAt(0))
  if (/[0-9]/.test(char)) return rotate('0', 10, 5)
  if (/[a-f]/.test(char)) return rotate('a', 6, 3)
  if (/[A-F]/.test(char)) return rotate('A', 6, 3)
  if (/[g-z]/.test(char)) return rotate('g', 20, 10)
  if (/[G-Z]/.test(char)) return rotate('G', 20, 10)
  return 'x'
}

/**
 * Credentials are never ignored: the request again without a key, with a random key, with the
 * real key altered at its end and with `Bearer <key>` (spec section 5: the bare key) is a 401 on
 * every operation. A claim of the spec on every operation (5.1: every operation is authenticated;
 * 5.3: without acceptable credentials, 401), reached by the paths the document gives.
 */
export const ignoredAuth: Check = {
  kind: 'probe',
  description: 'Missing key, random key, altered key and "Bearer <key>" are each a 401, on every operation.',
  claims: { spec: (operation) => operation.secured },
  async run(ctx, exchange) {
    const operation = operationToProbe(
      ctx,
      exchange,
      (o) => o.secured,
      (o) => `ignored_auth ${o.label}`,
    )
    if (!operation) return false
    await probeAuth(ctx, exchange)
  },
  /**
   * Probes every documented operation the flows did not reach (the key reset, say), at an id no
   * account should have: if the server ignored the credentials, nothing real is touched.
   */
  async afterFlows(ctx, judge) {
    for (const operation of ctx.document.operations) {
      if (!operation.secured || !ctx.once(`ignored_auth ${operation.label}`)) continue
      const body = ctx.state.acceptedBodies.get(operation.label)
      const path = operation.path.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
        const parameter = operation.parameters.find((p) => p.in === 'path' && p.name === name)
        return String(unusedId(parameter?.schema))
      })
      const exchange: Exchange = {
        operation: operation.label,
        request: {
          method: operation.method.toUpperCase(),
          url: ctx.client.baseUrl + path,
          headers: {},
          ...(operation.requestBody ? { body: JSON.stringify(body ?? {}) } : {}),
        },
        response: { status: 0, headers: {}, text: '', json: undefined },
        purpose: 'ignored_auth sweep',
        primary: false,
        credentials: 'primary',
      }
      await judge(operation.label, (bound) => probeAuth(bound, exchange))
    }
  },
}

/** Sends the unauthenticated variants of a request and reports each that was not a 401. */
async function probeAuth(ctx: CheckContext, exchange: Exchange): Promise<void> {
  const key = ctx.client.keys.primary
  const bad = (authorization: string) => ({ authorization, label: 'bad' as const })
  const variants = [
    { title: 'no Authorization header', credentials: 'none' as const, nearKey: false },
    { title: 'a random key', credentials: bad(randomKey()), nearKey: false },
    { title: 'the key with its last characters changed', credentials: bad(alteredKey(key)), nearKey: true },
    { title: '"Bearer <key>" instead of the bare key', credentials: bad(`Bearer ${key}`), nearKey: true },
  ]
  // A server that took a near miss for the key would reset the live key on this probe: only with consent.
  const operation = exchange.operation ? ctx.document.get(exchange.operation) : undefined
  const destructive = operation !== undefined && isKeyReset(operation) && !ctx.settings.allowDestructive
  for (const variant of variants.filter((v) => !(destructive && v.nearKey))) {
    const probe = await replay(ctx, exchange, `ignored_auth: ${variant.title}`, { credentials: variant.credentials })
    if (probe.response.status !== 401) {
      ctx.fail(`Sent ${variant.title}, not refused`, {
        exchange: probe,
        received: describeResponse(probe),
        documented: '401 Unauthorized (spec section 5)',
      })
    }
  }
}
