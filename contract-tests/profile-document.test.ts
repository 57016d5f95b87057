import { afterAll, beforeAll, expect, it } from 'vitest'
import { startListener, type Listener } from '../src/listener/listener.js'
import { buildOpenApi } from '../src/openapi/build-openapi.js'
import { DEMO_API_KEY, OTHER_API_KEY } from '../src/store/fixtures.js'
import { OTHER_PROFILE, OTHER_PROFILE_FIXTURES } from '../test/support/other-profile.js'
import { loadContractDocument } from './lib/document/load-document.js'
import { formatReport } from './lib/report/format-report.js'
import { runContractSuite } from './lib/run/run-suite.js'

// The document of a profile describes what a mock with that profile answers: the contract suite,
// judging such a mock against it, finds nothing, where it finds the profile's choices against the
// default document. A twin's document is this document.
let listener: Listener
beforeAll(async () => {
  listener = await startListener({ port: 0, profile: OTHER_PROFILE, fixtures: OTHER_PROFILE_FIXTURES })
})
afterAll(() => listener.close())

const judge = async (document: object) =>
  runContractSuite({
    baseUrl: listener.baseUrl,
    apiKey: DEMO_API_KEY,
    secondApiKey: OTHER_API_KEY,
    document: await loadContractDocument(document as never),
    profile: 'contract',
  })

it("passes a mock with a profile against that profile's document", async () => {
  const result = await judge(buildOpenApi({ profile: OTHER_PROFILE }))
  expect(result.failures, formatReport(result)).toEqual([])
  expect(result.errors).toEqual([])
}, 120_000)

it('finds the same mock at odds with the default document', async () => {
  const result = await judge(buildOpenApi())
  expect(result.failures.length).toBeGreaterThan(5)
}, 120_000)
