import type { CheckName } from '../checks/check-names.js'
import type { ContractFailure } from '../checks/contract-failure.js'
import type { OperationLabel } from '../document/document.js'
import type { Profile, ProfileSelection } from '../document/profiles.js'
import type { CheckTally, CoverageRow } from './coverage.js'

/** How a run ended: everything it promised was checked and held, something did not hold, or something went unchecked. */
export const VERDICTS = ['PASSED', 'FAILED', 'INCONCLUSIVE'] as const
export type Verdict = (typeof VERDICTS)[number]

/**
 * The three parts of the headline: spec violations (a `spec` failure, a bug on any reading),
 * differences from the document (choices where the spec is silent) and defects of consistency
 * (the deployment contradicts its own state, rules or limits).
 */
export const FINDING_KINDS = ['spec', 'difference', 'defect'] as const
export type FindingKind = (typeof FINDING_KINDS)[number]

/**
 * One cause, however often and by however many checks it showed: the failures that share a root
 * cause (see ContractFailure.rootCause, causes.ts). The check that provoked it gives the example;
 * the failures of other checks are its knock-ons, not findings of their own.
 */
export interface Finding {
  /** The check of its example. */
  check: CheckName
  /** The lowest profile of its own failures: `spec` when any is a spec violation. */
  profile: Profile
  /** Which part of the headline it counts in. */
  kind: FindingKind
  /** The example's title (or, for a schema's members, one naming them). */
  title: string
  rootCause: string
  /** How many distinct responses showed it. */
  responses: number
  /** The documented operations it showed on, in path order. */
  operations: OperationLabel[]
  /** The requests it showed in that reached no documented operation (`PUT /adverts/{id}`). */
  requests: string[]
  /** The first failure that is not a knock-on: its request and "Received / Documented" are the example. */
  example: ContractFailure
  failures: ContractFailure[]
  /** The parts of the root cause it lists (each undocumented property of a schema), in the order first seen. */
  facets: FindingFacet[]
  /** Knock-on effects of the root cause that belong to no facet, other checks that tripped over it included. */
  knockOns: string[]
}

/** One part of a finding's root cause: where it showed, and what it brought with it. */
export interface FindingFacet {
  name: string
  /** The operations whose answers showed it, in path order. */
  operations: OperationLabel[]
  knockOns: string[]
}

/** What a run found: the runner makes it, the report reads it. */
export interface ContractSuiteResult {
  /** PASSED: everything the profile promises ran and held; FAILED: something did not hold (or the run broke); INCONCLUSIVE: neither, but something went unchecked. */
  verdict: Verdict
  /** The verdict is PASSED. */
  ok: boolean
  runId: string
  baseUrl: string
  profile: ProfileSelection
  failures: ContractFailure[]
  /** The failures grouped by root cause: what the summary counts. */
  findings: Finding[]
  /** Problems that broke part of the run (a crash, a resource left behind). */
  errors: string[]
  /** Every check on every operation it promises (or ran on): passed, failed, not exercised or skipped by option. */
  coverage: CoverageRow[]
  /** How often each check judged each operation, and how often it failed. */
  tallies: CheckTally[]
  requests: number
  /** Operations some request of the run reached. */
  exercised: OperationLabel[]
  notes: string[]
  cleanup: { deleted: string[]; leftover: string[] }
  /** The primary key after a reset (only with allowDestructive on a key the run did not open). */
  rotatedApiKey?: string
  durationMs: number
}
