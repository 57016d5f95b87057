/**
 * The contract suite as a library (`ad-campaign-mock/contract`): run the checks against any
 * deployment from your own test runner.
 * @example
 * const result = await runContractSuite({ baseUrl: 'https://ads.example.com/api/v1', apiKey, document: 'openapi.json' })
 * expect(result.verdict).toBe('PASSED')
 */
export { runContractSuite } from './run/run-suite.js'
export type { ContractSuiteOptions } from './run/run-suite.js'
export type { ContractSuiteResult, Finding } from './run/results.js'
export { contractOptionsFromEnv } from './run/options-from-env.js'
export type { EnvRun } from './run/options-from-env.js'
export { EXIT_CODES, exitCodeOf } from './run/exit-codes.js'
export { PreflightError, PREFLIGHT_PROBLEMS } from './client/preflight.js'
export type { PreflightProblem } from './client/preflight.js'
export { formatReport, describeFinding, coverageTable } from './report/format-report.js'
export { toJUnitXml } from './report/junit.js'
export { groupFindings } from './report/findings.js'
export { COVERAGE_STATES } from './run/coverage.js'
export type { CheckTally, CoverageRow, CoverageState } from './run/coverage.js'
export { REGISTRY } from './checks/registry.js'
export { CHECK_NAMES, isCheckName } from './checks/check-names.js'
export type { CheckName } from './checks/check-names.js'
export type { Check, CheckContext, Claims, FailureDetail, Flow, RunContext } from './checks/check.js'
export { ContractDocument } from './document/document.js'
export type { DocumentedOperation, DocumentedResponse } from './document/document.js'
export { loadContractDocument, packagedDocumentPath } from './document/load-document.js'
export { SchemaValidator } from './document/schema-validator.js'
export { negativeBodies, negativeQueries } from './document/negative-data.js'
export type { NegativeCase } from './document/negative-data.js'
export { PROFILES, PROFILE_SELECTIONS, isProfileSelection, profilesOf } from './document/profiles.js'
export { VERDICTS } from './run/results.js'
export { contractFailure } from './checks/contract-failure.js'
export type { ContractFailure, FailureFields } from './checks/contract-failure.js'
export type { Exchange, ReceivedResponse, SentRequest } from './client/exchange.js'
export type { ApiRequest, Credentials } from './client/http-client.js'
export type { Profile, ProfileSelection } from './document/profiles.js'
export type { Verdict } from './run/results.js'
