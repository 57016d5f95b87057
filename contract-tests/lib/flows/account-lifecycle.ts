import type { CheckContext, Flow } from '../checks/check.js'
import type { Exchange } from '../client/exchange.js'
import type { DocumentedOperation } from '../document/document.js'
import { isKeyReset } from '../document/spec-facts.js'
import { spaceWrite } from './spacing.js'
import { createSteps, data, type Steps } from './steps.js'

const DESTRUCTIVE_OFF = 'CONTRACT_ALLOW_DESTRUCTIVE is off: no accepted PATCH /user, no key reset'

/**
 * The account: read it and its balance. Only with consent (CONTRACT_ALLOW_DESTRUCTIVE, or an
 * account the control plane opened for the run): PATCH /user with its own e-mail, change it and
 * restore it (spec 4.2), then reset the key (spec 5.4) -> the old key is a 401 (5.3) and the new
 * one works. Without consent the refusals of PATCH /user are still probed, and what the run
 * leaves out is listed as skipped by that option. The e-mail is restored whatever happens.
 */
export const accountLifecycle: Flow = {
  kind: 'flow',
  description:
    'User read; with consent: same-e-mail update, e-mail change and restore, key reset (old key 401, new key works).',
  claims: { spec: (operation) => operation.label === 'PATCH /user' || isKeyReset(operation) },
  operations: ['GET /user', 'GET /user/balance', 'PATCH /user'],
  async run(ctx) {
    const steps: Steps = createSteps(ctx, accountLifecycle)
    const contract = ctx.asserts('contract')
    const user = await steps.send('GET /user')
    steps.require(user, 200, 'Reading the user failed', { provides: "the account's e-mail" })
    const original = data(user).email
    if (typeof original !== 'string')
      steps.stop('account_lifecycle stopped: GET /user gave no e-mail, so a change could not be undone')
    const reset = ctx.document.operations.find(isKeyReset)
    try {
      if (contract) steps.require(await steps.send('GET /user/balance'), 200, 'Reading the balance failed')
      if (!ctx.settings.allowDestructive) {
        // Even a same-e-mail PATCH is a write (updated_at, a verification mail): only the refusals are probed.
        await ctx.probe(unsentUpdate(ctx, original))
        for (const label of ['PATCH /user', ...(reset ? [reset.label] : [])]) ctx.skip(label, '*', DESTRUCTIVE_OFF)
        ctx.state.notes.push(
          'account_lifecycle: e-mail change and key reset skipped (set CONTRACT_ALLOW_DESTRUCTIVE=1 to include them)',
        )
        return
      }
      steps.require(
        await steps.send('PATCH /user', { body: { user: { email: original } } }),
        200,
        'Setting the e-mail to itself was refused',
        { profile: 'spec' },
      )
      const email = `contract-${ctx.state.runId}@example.com`
      await spaceWrite(ctx, '/user')
      const changed = await steps.send('PATCH /user', { body: { user: { email } } })
      steps.require(changed, 200, 'Changing the e-mail failed', { profile: 'spec' })
      ctx.ran('PATCH /user')
      if (!reset)
        steps.stop('account_lifecycle stopped: the document has no key reset ("Reset API key", spec section 5)')
      await rotateKey(ctx, steps, reset, data(user).id)
    } finally {
      await restoreEmail(ctx, steps, original)
    }
  },
}

/** Resets the key: the reset gives a new one, the old one is refused from then on, the new one opens the same account. */
async function rotateKey(
  ctx: CheckContext,
  steps: Steps,
  operation: DocumentedOperation,
  userId: unknown,
): Promise<void> {
  const oldKey = ctx.client.keys.primary
  await spaceWrite(ctx, '/user')
  const reset = await steps.send(operation.label)
  steps.require(reset, steps.successStatus(operation.label), 'Resetting the key failed', { provides: 'a new key' })
  const newKey = data(reset).api_key
  steps.expect(
    typeof newKey === 'string' && newKey !== oldKey,
    reset,
    'The reset gave no new key',
    newKey === oldKey ? '(the old key)' : newKey,
    'data.api_key: a new key',
    { profile: 'spec' },
  )
  if (typeof newKey !== 'string' || newKey === oldKey)
    steps.stop('account_lifecycle stopped: the reset gave no new key to go on with')
  ctx.client.keys.primary = newKey
  ctx.state.rotatedApiKey = newKey
  const withOld = await ctx.send({
    method: 'GET',
    path: '/user',
    credentials: { authorization: oldKey, label: 'other' },
    purpose: 'account_lifecycle: the old key after a reset',
  })
  steps.expect(
    withOld.response.status === 401,
    withOld,
    'The old key still works after a reset',
    withOld.response.status,
    '401 (spec 5.3, 5.4: the key was replaced)',
    { profile: 'spec', operation: operation.label },
  )
  const withNew = await steps.send('GET /user')
  steps.expect(
    withNew.response.status === 200,
    withNew,
    'The new key does not work',
    withNew.response.status,
    '200 (spec 5.4)',
    { profile: 'spec', operation: operation.label },
  )
  steps.expect(
    data(withNew).id === userId,
    withNew,
    'The new key opens another account',
    data(withNew).id,
    String(userId),
    { operation: operation.label },
  )
}

async function restoreEmail(ctx: CheckContext, steps: Steps, original: string): Promise<void> {
  const now = await ctx.send({
    method: 'GET',
    path: '/user',
    credentials: 'primary',
    purpose: 'account_lifecycle: check the e-mail',
    outsideBudget: true,
  })
  if (data(now).email === original) return
  const restored = await ctx.send({
    method: 'PATCH',
    path: '/user',
    body: { user: { email: original } },
    credentials: 'primary',
    purpose: 'account_lifecycle: restore the e-mail',
    outsideBudget: true,
  })
  steps.expect(
    restored.response.status === 200,
    restored,
    `Restoring the e-mail "${original}" failed`,
    restored.response.status,
    '200',
  )
}

/** PATCH /user with the account's own e-mail, as if it had been accepted: the base the refusal probes vary. */
function unsentUpdate(ctx: CheckContext, email: string): Exchange {
  return {
    operation: 'PATCH /user',
    request: {
      method: 'PATCH',
      url: `${ctx.client.baseUrl}/user`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: { email } }),
    },
    response: { status: 200, headers: {}, text: '', json: undefined },
    purpose: 'account_lifecycle: PATCH /user (not sent)',
    primary: true,
    unsent: true,
    credentials: 'primary',
  }
}
