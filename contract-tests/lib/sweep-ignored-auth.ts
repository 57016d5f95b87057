import type { CheckContext } from './check.js'
import { probeAuth } from './checks/ignored-auth.js'
import { RequestBudgetExhausted } from './http-client.js'
import type { Recorder } from './recorder.js'
import type { Exchange } from './types.js'
import { unusedId } from './valid-data.js'

/**
 * Probes ignored_auth on every documented operation the flows did not reach (the key reset, say),
 * at an id no account should have: if the server ignored the credentials, nothing real is touched.
 */
export async function sweepIgnoredAuth(ctx: CheckContext, recorder: Recorder): Promise<void> {
  for (const operation of ctx.document.operations) {
    if (!operation.secured || !ctx.once(`ignored_auth ${operation.label}`)) continue
    const body = ctx.state.acceptedBodies.get(operation.label)
    const path = operation.path.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
      const parameter = operation.parameters.find((p) => p.in === 'path' && p.name === name)
      return String(unusedId(parameter?.schema))
    })
    const exchange: Exchange = {
      operation: operation.label,
      request: { method: operation.method.toUpperCase(), url: ctx.client.baseUrl + path, headers: {}, ...(operation.requestBody ? { body: JSON.stringify(body ?? {}) } : {}) },
      response: { status: 0, headers: {}, text: '', json: undefined },
      purpose: 'ignored_auth sweep',
      primary: false,
      credentials: 'primary',
    }
    const thrown = await recorder.run('ignored_auth', operation.label, () => probeAuth(ctx, exchange, 'spec'))
    if (thrown instanceof RequestBudgetExhausted) throw thrown
  }
}
