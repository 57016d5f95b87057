import { describeResponse, failureFor, operationOf, type Check } from '../check.js'
import { replay } from '../probe.js'
import { isSpecOperation } from '../spec-facts.js'
import { ContractFailureGroup, type ContractFailure, type Exchange } from '../types.js'

/** The run's deliberately wrong key: the right shape, a value no account has. */
export function wrongKey(runId: string): string {
  return `acs_${'0'.repeat(48 - runId.length)}${runId}`.slice(0, 52)
}

/**
 * Credentials are never ignored: the request again without a key, with a wrong key and with
 * `Bearer <key>` (spec section 5: the bare key) is a 401 on every operation.
 */
export const ignoredAuth: Check = {
  name: 'ignored_auth',
  profiles: ['spec', 'contract'],
  kind: 'probe',
  description: 'Missing key, wrong key and "Bearer <key>" are each a 401, on every operation.',
  async run(ctx, exchange) {
    const operation = operationOf(ctx, exchange)
    if (!operation?.secured || exchange.credentials !== 'primary') return
    const profile = isSpecOperation(operation.label) ? 'spec' : 'contract'
    if (!ctx.profiles.has(profile) || !ctx.once(`ignored_auth ${operation.label}`)) return
    await probeAuth(ctx, exchange, profile)
  },
}

/** Sends the three unauthenticated variants of a request and collects what was not a 401. */
export async function probeAuth(ctx: Parameters<Check['run']>[0], exchange: Exchange, profile: 'spec' | 'contract'): Promise<void> {
  const key = ctx.client.keys.primary
  const variants = [
    { title: 'no Authorization header', credentials: 'none' as const },
    { title: 'a wrong key', credentials: { authorization: wrongKey(ctx.state.runId), label: 'bad' as const } },
    { title: '"Bearer <key>" instead of the bare key', credentials: { authorization: `Bearer ${key}`, label: 'bad' as const } },
  ]
  // If the server took Bearer for the key, this probe would replace the live key: only with consent.
  const destructive = exchange.operation === 'POST /user/reset_api_key' && !ctx.state.allowDestructive
  const failures: ContractFailure[] = []
  for (const variant of destructive ? variants.slice(0, 2) : variants) {
    const probe = await replay(ctx, exchange, `ignored_auth: ${variant.title}`, { credentials: variant.credentials })
    if (probe.response.status !== 401) {
      failures.push(failureFor('ignored_auth', profile, probe, `Sent ${variant.title}, not refused`, describeResponse(probe), '401 Unauthorized (spec section 5)'))
    }
  }
  if (failures.length === 1) throw failures[0]
  if (failures.length > 1) throw new ContractFailureGroup(failures)
}
