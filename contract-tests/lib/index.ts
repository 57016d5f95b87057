/**
 * The contract suite as a library (`ad-campaign-mock/contract`): run the checks against any
 * deployment from your own test runner.
 * @example
 * const result = await runContractSuite({ baseUrl: 'https://ads.example.com/api/v1', apiKey, document: 'openapi.json' })
 * expect(result.verdict).toBe('PASSED')
 */
export { runContractSuite } from './run-suite.js'
export type { ContractSuiteOptions } from './run-suite.js'
export type { ContractSuiteResult, Finding } from './results.js'
export { contractOptionsFromEnv } from './options-from-env.js'
export type { EnvRun } from './options-from-env.js'
export { EXIT_CODES, exitCodeOf } from './exit-codes.js'
export { PreflightError, PREFLIGHT_PROBLEMS } from './preflight.js'
export type { PreflightProblem } from './preflight.js'
export { formatReport, describeFinding, coverageTable } from './report/format-report.js'
export { toJUnitXml } from './report/junit.js'
export { groupFindings } from './report/findings.js'
export { COVERAGE_STATES } from './coverage.js'
export type { CheckTally, CoverageRow, CoverageState } from './coverage.js'
export { REGISTRY, CHECK_NAMES, isCheckName } from './registry.js'
export type { CheckName } from './registry.js'
export type { Check, CheckContext, Claims, FailureDetail, Flow, RunContext } from './check.js'
export { ContractDocument } from './document.js'
export type { DocumentedOperation, DocumentedResponse } from './document.js'
export { loadContractDocument, packagedDocumentPath } from './load-document.js'
export { SchemaValidator } from './schema-validator.js'
export { negativeBodies, negativeQueries } from './negative-data.js'
export type { NegativeCase } from './negative-data.js'
export { PROFILES, PROFILE_SELECTIONS, isProfileSelection, profilesOf } from './profiles.js'
export { VERDICTS } from './results.js'
export { ContractFailure } from './contract-failure.js'
export type { Exchange, ReceivedResponse, SentRequest } from './exchange.js'
export type { Profile, ProfileSelection } from './profiles.js'
export type { Verdict } from './results.js'
