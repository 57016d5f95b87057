import type { PathParams } from 'msw'
import type { ErrorCode } from '../errors/error-codes.js'
import type { Operation } from '../operations/define-operation.js'
import type { Pagination } from '../schemas/common.js'
import type { UserRecord } from '../store/models.js'
import type { MockContext } from './mock-context.js'

// What the pipeline (pipeline.ts) works with: a route, the steps it runs, and one request's state.

/** Which side of the mock a route is on: the public API (`auth: 'user'`) or the control plane (`auth: 'admin'`). */
export type Plane = 'api' | 'admin'

/** What a request is for: an operation, or none when no operation has its method and path. */
export interface Target {
  plane: Plane
  operation?: Operation
}

/** What the operation's resolver returns: the envelope's data, and for lists the pagination. */
export interface Resolved {
  data: unknown
  pagination?: Pagination
}

/** One request on its way through the steps: its parts as they are read, and the response headers they add. */
export interface RequestState {
  readonly request: Request
  readonly url: URL
  readonly params: PathParams
  /** The caller, once authenticated (the control plane has none). */
  user: UserRecord | undefined
  id: number | undefined
  query: unknown
  body: unknown
  result: Resolved | undefined
  /** Added to the response, success or error: the rate-limit headers, Preference-Applied. */
  readonly headers: Record<string, string>
}

/** A target ready to serve: the steps that apply to it, prepared once. */
export interface Route extends Target {
  readonly ctx: MockContext
  readonly runs: readonly StepRun[]
}

/** What a step does to one request; a promise only when it has to wait. */
export type StepRun = (state: RequestState) => void | Promise<void>

/** A step of the pipeline: where it applies, the error codes it can answer with, and what it does. */
export interface Step {
  readonly name: string
  applies(target: Target): boolean
  /** The codes it can answer with for this operation: the document's error responses come from these. */
  codes(operation: Operation): readonly ErrorCode[]
  /** Binds the step to one route, once, so a request does no more work than the step itself. */
  prepare(route: Target & { ctx: MockContext }, resolve: Resolver): StepRun
}

/** Answers an operation once every check has passed. */
export type Resolver = (state: RequestState) => Promise<Resolved>
