import { readOperation } from '../client/preflight.js'
import { describeResponse, type Check } from './check.js'
import { operationToProbe, replay } from './probe.js'

/** The key with the case of each of its letters turned over: the same letters, another key. */
export function caseTurned(key: string): string {
  return [...key].map((char) => (char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase())).join('')
}

/**
 * The key is compared as it is: the run's key with the case of every letter turned over is no
 * acceptable credential (spec 5.3: a 401), as a database column compared without regard to case
 * would take it. Once, on the read of the user; a key without letters has no case to turn.
 */
export const keyCaseSensitivity: Check = {
  kind: 'probe',
  finds: 'defect',
  description: "The key with its letters' case turned over is refused (401), on the user's read.",
  claims: { spec: (operation, document) => operation === readOperation(document) },
  async run(ctx, exchange) {
    const read = readOperation(ctx.document)
    const operation = operationToProbe(
      ctx,
      exchange,
      (o) => o === read && exchange.response.status === 200,
      () => 'key_case_sensitivity',
    )
    const key = ctx.client.keys.primary
    const turned = caseTurned(key)
    if (!operation || turned === key) return false
    const probe = await replay(ctx, exchange, 'key_case_sensitivity: the key in the other case', {
      credentials: { authorization: turned, label: 'bad' },
    })
    if (probe.response.status !== 401)
      ctx.fail('The key in the other case is accepted', {
        exchange: probe,
        received: describeResponse(probe),
        documented: '401 Unauthorized: another string is another key (spec section 5)',
      })
  },
}
