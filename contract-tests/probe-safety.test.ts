import { expect, it } from 'vitest'
import { loadContractDocument } from './lib/document/load-document.js'
import { formatReport } from './lib/report/format-report.js'
import { runContractSuite } from './lib/run/run-suite.js'
import { accountSnapshot } from './support/account-snapshot.js'
import { actsOnUnknownFields } from './support/acts-on-unknown-fields.js'
import { startInProcessMock } from './support/in-process.js'
import { breakMock, isSuccess } from './support/rewriters.js'

// No probe on a live account's own data is accepted without CONTRACT_ALLOW_DESTRUCTIVE (issue 31):
// against a deployment that accepts unknown fields and acts on them, a default run (a key it did
// not open, no consent) leaves the account exactly as it was, and says what it did not send.
it('leaves an account that acts on unknown fields as it was after a default run: no write to the account is accepted', async () => {
  const mock = await startInProcessMock()
  const document = await loadContractDocument('openapi/openapi.json')
  const [user, witness] = [
    await mock.api.createUser({ email: 'keeper@example.com', tier: 'enterprise' }),
    await mock.api.createUser({ email: 'witness@example.com' }),
  ]
  const { rewrite, applied } = actsOnUnknownFields()
  const accepted: string[] = []
  const send = mock.fetchThrough(
    breakMock(mock.handle, async (request, next) => {
      const response = await rewrite(request, next)
      const path = new URL(request.url).pathname
      if (request.method !== 'GET' && /\/user(\/|$)/.test(path) && isSuccess(response))
        accepted.push(`${request.method} ${path} ${await request.clone().text()}`)
      return response
    }),
  )
  // It does act on them: an unknown field sent to the witness account changes it.
  const witnessBefore = await accountSnapshot(mock.baseUrl, witness.api_key, send)
  await send(`${mock.baseUrl}/user`, {
    method: 'PATCH',
    headers: { authorization: witness.api_key, 'content-type': 'application/json' },
    body: JSON.stringify({ user: { email: 'witness@example.com', nickname: 'changed' } }),
  })
  expect(await accountSnapshot(mock.baseUrl, witness.api_key, send)).not.toEqual(witnessBefore)
  accepted.length = applied.length = 0

  const before = await accountSnapshot(mock.baseUrl, user.api_key, send)
  const result = await runContractSuite({ baseUrl: mock.baseUrl, apiKey: user.api_key, document, fetch: send })
  expect(accepted, formatReport(result)).toEqual([])
  expect(applied).toEqual([])
  expect(await accountSnapshot(mock.baseUrl, user.api_key, send)).toEqual(before)
  // The refusals the spec requires were still probed, and the report says why the rest were not sent.
  const row = result.coverage.find((r) => r.operation === 'PATCH /user' && r.check === 'negative_data_rejection')
  expect(row?.state).toBe('passed')
  expect(result.notes.join('\n')).toMatch(
    /negative_data_rejection: \d+ of the \d+ invalid inputs for PATCH \/user not sent \(.*unknown_field.*\): a deployment that accepted one could change the account/,
  )
}, 60_000)
