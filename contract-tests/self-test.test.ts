import { beforeEach, describe, expect, it } from 'vitest'
import { runContractSuite } from './lib/run-suite.js'
import { loadContractDocument, type ContractDocument } from './lib/document.js'
import { BROKEN_VARIANTS, breakMock, type Rewriter } from './support/broken-variants.js'
import { startInProcessMock, type InProcessMock } from './support/in-process.js'
import { leftovers } from './support/leftovers.js'

// "It can fail": the suite runs against deliberately broken variants of the real mock and each
// must be caught by the check named after the property it breaks.
let document: ContractDocument
let mock: InProcessMock

beforeEach(async () => {
  document ??= await loadContractDocument('openapi/openapi.json')
  mock = await startInProcessMock()
})

function runAgainst(rewrite: Rewriter) {
  return runContractSuite({
    baseUrl: mock.baseUrl,
    document,
    controlPlane: { url: mock.adminUrl },
    fetch: mock.fetchThrough(breakMock(mock.handle, rewrite)),
    maxRequests: 600,
  })
}

it('passes the same mock when nothing is broken (the control row)', async () => {
  const result = await runAgainst((request, next) => next(request))
  expect(result.failures).toEqual([])
  expect(result.ok).toBe(true)
  expect(await leftovers(mock.handle, mock.adminUrl, result.runId)).toEqual({ adverts: [], campaigns: [] })
})

describe.each(BROKEN_VARIANTS)('a mock with $name', ({ rewrite, caughtBy }) => {
  it(`is caught by ${caughtBy}`, async () => {
    const result = await runAgainst(rewrite)
    expect(result.ok).toBe(false)
    expect([...new Set(result.failures.map((failure) => failure.check))]).toContain(caughtBy)
    const failure = result.failures.find((f) => f.check === caughtBy)
    expect(failure?.request?.url).toMatch(/^http:\/\/contract\.mock\.test\/api\/v1\//)
    expect(failure?.message).toMatch(/Received: .+\nDocumented: .+/)
    // A failed check still cleans up: nothing the run created is left, as the run sees it or in the store.
    expect(result.cleanup.leftover).toEqual([])
    expect(await leftovers(mock.handle, mock.adminUrl, result.runId)).toEqual({ adverts: [], campaigns: [] })
  })
})
