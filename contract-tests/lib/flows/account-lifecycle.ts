import type { CheckContext, Flow } from '../check.js'
import { isKeyReset } from '../spec-facts.js'
import type { Exchange } from '../types.js'
import { createSteps, data } from './steps.js'

/**
 * The account: read it and its balance, PATCH /user with its own e-mail (a change of nothing).
 * Only with consent (CONTRACT_ALLOW_DESTRUCTIVE, or an account the control plane opened for
 * the run): change the e-mail and restore it, then reset the key -> the old key is a 401 and the
 * new one works. The e-mail is restored whatever happens.
 */
export const accountLifecycle: Flow = {
  name: 'account_lifecycle',
  profiles: ['spec', 'contract'],
  description: 'User read, same-e-mail update; with consent: e-mail change and restore, key reset.',
  async run(ctx) {
    const steps = createSteps(ctx, 'account_lifecycle')
    const contract = ctx.profiles.has('contract')
    const user = await steps.send('GET /user')
    steps.expectStatus(user, 200, 'Reading the user failed')
    const original = data(user).email
    if (typeof original !== 'string') throw new Error('GET /user gave no e-mail; the account flow cannot go on safely')
    try {
      if (contract) {
        const balance = await steps.send('GET /user/balance')
        steps.expectStatus(balance, 200, 'Reading the balance failed')
      }
      if (!ctx.state.allowDestructive) {
        // Even a same-e-mail PATCH is a write (updated_at, a verification mail): only the refusals are probed.
        await ctx.probe(unsentUpdate(ctx, original))
        ctx.state.notes.push('account_lifecycle: e-mail change and key reset skipped (set CONTRACT_ALLOW_DESTRUCTIVE=1 to include them)')
        return
      }
      const same = await steps.send('PATCH /user', { body: { user: { email: original } } })
      steps.expectStatus(same, 200, 'Setting the e-mail to itself was refused', 'spec')
      steps.expect(data(same).email === original, same, 'The e-mail changed', data(same).email, `"${original}"`, 'spec')
      const email = `contract-${ctx.state.runId}@example.com`
      const changed = await steps.send('PATCH /user', { body: { user: { email } } })
      steps.expectStatus(changed, 200, 'Changing the e-mail failed', 'spec')
      steps.expect(data(changed).email === email, changed, 'The e-mail was not changed', data(changed).email, `"${email}"`, 'spec')
      if (!contract) return
      const reread = await steps.send('GET /user')
      steps.expect(data(reread).email === email, reread, 'The new e-mail does not show on GET /user', data(reread).email, `"${email}"`)
      await rotateKey(ctx, steps, data(user).id)
    } finally {
      await restoreEmail(ctx, steps, original)
    }
  },
}

async function rotateKey(ctx: CheckContext, steps: ReturnType<typeof createSteps>, userId: unknown): Promise<void> {
  const oldKey = ctx.client.keys.primary
  const operation = ctx.document.operations.find(isKeyReset)
  if (!operation) throw new Error('The document has no key reset ("Reset API key", spec section 5)')
  const reset = await steps.send(operation.label)
  steps.expectStatus(reset, 200, 'Resetting the key failed')
  const newKey = data(reset).api_key
  steps.expect(typeof newKey === 'string' && newKey !== oldKey, reset, 'The reset did not give a new key', newKey === oldKey ? '(the old key)' : typeof newKey, 'a new api_key')
  if (typeof newKey !== 'string') return
  ctx.client.keys.primary = newKey
  ctx.state.rotatedApiKey = newKey
  const withOld = await ctx.client.send({ method: 'GET', path: '/user', credentials: { authorization: oldKey, label: 'other' }, purpose: 'account_lifecycle: the old key after a reset' })
  steps.expectStatus(withOld, 401, 'The old key still works after a reset')
  const withNew = await steps.send('GET /user')
  steps.expectStatus(withNew, 200, 'The new key does not work')
  steps.expect(data(withNew).id === userId, withNew, 'The new key opens another account', data(withNew).id, String(userId))
}

async function restoreEmail(ctx: CheckContext, steps: ReturnType<typeof createSteps>, original: string): Promise<void> {
  const now = await ctx.client.send({ method: 'GET', path: '/user', credentials: 'primary', purpose: 'account_lifecycle: check the e-mail', outsideBudget: true })
  if (data(now).email === original) return
  const restored = await ctx.client.send({ method: 'PATCH', path: '/user', body: { user: { email: original } }, credentials: 'primary', purpose: 'account_lifecycle: restore the e-mail', outsideBudget: true })
  steps.expectStatus(restored, 200, `Restoring the e-mail "${original}" failed`)
}

/** PATCH /user with the account's own e-mail, as if it had been accepted: the base the refusal probes vary. */
function unsentUpdate(ctx: CheckContext, email: string): Exchange {
  return {
    operation: 'PATCH /user',
    request: { method: 'PATCH', url: `${ctx.client.baseUrl}/user`, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user: { email } }) },
    response: { status: 200, headers: {}, text: '', json: undefined },
    purpose: 'account_lifecycle: PATCH /user (not sent)',
    primary: true,
    credentials: 'primary',
  }
}
