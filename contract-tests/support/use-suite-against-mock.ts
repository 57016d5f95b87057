import { beforeEach } from 'vitest'
import type { ContractDocument } from '../lib/document/document.js'
import { loadContractDocument } from '../lib/document/load-document.js'
import { runContractSuite, type ContractSuiteOptions, type ContractSuiteResult } from '../lib/run/run-suite.js'
import { startInProcessMock, type InProcessMock } from './in-process.js'
import { breakMock, type Rewriter } from './rewriters.js'

/** The current test's mock, and a run of the suite against it with a rewriter in between. */
export interface SuiteAgainstMock {
  /** The mock started for the current test. */
  mock: () => InProcessMock
  /** Runs the suite against the mock, `rewrite` changing what its public API answers; `options` over the defaults. */
  runAgainst: (rewrite: Rewriter, options?: Partial<ContractSuiteOptions>) => Promise<ContractSuiteResult>
}

/**
 * Starts a fresh in-process mock before each test of the enclosing block (reading
 * openapi/openapi.json once) and runs the suite against it; `defaults` go into every run.
 * @example const { mock, runAgainst } = useSuiteAgainstMock({ maxRequests: 800 })
 */
export function useSuiteAgainstMock(defaults: Partial<ContractSuiteOptions> = {}): SuiteAgainstMock {
  let document: ContractDocument
  let mock: InProcessMock
  beforeEach(async () => {
    document ??= await loadContractDocument('openapi/openapi.json')
    mock = await startInProcessMock()
  })
  return {
    mock: () => mock,
    runAgainst: (rewrite, options = {}) =>
      runContractSuite({
        baseUrl: mock.baseUrl,
        document,
        controlPlane: { url: mock.adminUrl },
        fetch: mock.fetchThrough(breakMock(mock.handle, rewrite)),
        ...defaults,
        ...options,
      }),
  }
}
