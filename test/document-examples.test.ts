import { beforeAll, describe, expect, it } from 'vitest'
import { createMockApi, type MockApi } from '../src/surface/create-mock-api.js'
import { EXAMPLE_EMAIL_DOMAIN, GENERATED_EMAIL_DOMAIN } from '../src/schemas/user.js'
import { DEMO_API_KEY } from '../src/store/fixtures.js'
import { generateDataset } from '../src/store/generate-dataset.js'
import { handleInProcess } from './support/in-process.js'
import { exampleRequest } from './support/document-examples.js'
import { loadDocument } from './support/openapi-document.js'

// A client that replays the documents' request examples against a mock full of users created
// through the control plane (or generated) must never get a 422 "e-mail is taken": every example
// comes from a range the generator and the control plane never give out.

const documents = { api: await loadDocument(), admin: await loadDocument('openapi/admin.openapi.json') }
const BASES = { api: '/api/v1', admin: '/__admin' } as const
const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g

const replays = Object.entries(documents).flatMap(([plane, document]) =>
  document.operations.map((operation) => ({
    plane: plane as keyof typeof BASES,
    document,
    operation,
    label: `${plane} ${operation.label}`,
  })),
)

it('writes every e-mail of a request example in its own domain, one the mock never gives out', () => {
  expect(EXAMPLE_EMAIL_DOMAIN).not.toBe(GENERATED_EMAIL_DOMAIN)
  const emails = replays.flatMap(
    ({ document, operation }) => JSON.stringify(exampleRequest(document, operation).body ?? null).match(EMAIL) ?? [],
  )
  // The control plane's import example is a whole state (the fixtures), not one address to take.
  const requestEmails = emails.filter((email) => !email.startsWith('demo@') && !email.startsWith('other@'))
  expect(requestEmails.length).toBeGreaterThan(1)
  for (const email of requestEmails) expect(email.endsWith(`@${EXAMPLE_EMAIL_DOMAIN}`), email).toBe(true)
})

it('never generates an address in the examples domain, whatever the seed', () => {
  for (const seed of [1, 2, 3, 7, 42]) {
    for (const user of generateDataset({ seed, users: 200, advertsPerUser: 0 }).users)
      expect(user.email.endsWith(`@${GENERATED_EMAIL_DOMAIN}`)).toBe(true)
  }
})

describe('replaying every documented request example on a mock crowded with created users', () => {
  let api: MockApi
  let crowded: ReturnType<MockApi['exportState']>
  const send = (path: string, method: string, body?: unknown, headers: Record<string, string> = {}) =>
    handleInProcess(api)(
      new Request(`http://mock.test${path}`, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    )

  beforeAll(async () => {
    api = await createMockApi()
    // Users the control plane names itself, then every address the generator gives for a few seeds.
    for (let n = 0; n < 20; n++) expect((await send('/__admin/users', 'POST')).status).toBe(201)
    for (const seed of [1, 2, 3, 7]) {
      for (const { email } of generateDataset({ seed, users: 10, advertsPerUser: 0 }).users) {
        expect((await send('/__admin/users', 'POST', { email })).status).toBe(201)
      }
    }
    crowded = api.exportState()
  })

  it.each(replays)('$label answers its documented success', async ({ plane, document, operation, label }) => {
    // Override ids are never reused in a mock's life: the example's (1) is the first override of a new mock.
    if (label === 'admin DELETE /overrides/{id}') {
      api = await createMockApi()
      await api.addOverride({ operation: 'getUser', status: 401 })
    }
    await api.importState(crowded)
    const { path, body } = exampleRequest(document, operation)
    const response = await send(
      BASES[plane] + path,
      operation.method.toUpperCase(),
      body,
      plane === 'api' ? { authorization: DEMO_API_KEY } : {},
    )
    const success = operation.responses.map((r) => Number(r.key)).find((status) => status >= 200 && status < 300)
    expect(response.status, await response.clone().text()).toBe(success)
  })
})
