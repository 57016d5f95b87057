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

/** A target as the steps prepare for it: with the mock it runs in. */
export interface PreparedTarget extends Target {
  readonly ctx: MockContext
}

/** What the operation's resolver returns: the envelope's data, and for lists the pagination. */
export interface Resolved {
  data: unknown
  pagination?: Pagination
}

/** What a request carries before any step: its parts, and the headers the steps add to its response. */
export interface RequestBase {
  readonly request: Request
  readonly url: URL
  readonly params: PathParams
  /** Added to the response, success or error: the rate-limit headers, Preference-Applied. */
  readonly headers: Record<string, string>
}

/**
 * What the steps before the resolver add to a request, each field by the step of the same name
 * (the control plane's caller is `undefined`: it has no user). An operation's resolver receives
 * these, typed by its declaration (OperationInput in implement-operation.ts).
 */
export interface StepOutputs {
  user: UserRecord | undefined
  id: number | undefined
  query: unknown
  body: unknown
  /** By `resolve`: what the resolver answered, for the envelope. */
  result: Resolved
}

/** The fields of StepOutputs, each added by the step of the same name. */
export type StepOutput = keyof StepOutputs

/**
 * One request on its way through the steps: its parts, plus what the steps have added (`Added`):
 * while they run, what some of them added; for the resolver, all that the route's steps add.
 */
export type RequestState<Added extends Partial<StepOutputs> = Partial<StepOutputs>> = RequestBase & Added

/** Answers a route once every check has passed, from what the steps before it added (`Input`). */
export type Resolver<Input extends Partial<StepOutputs> = Partial<StepOutputs>> = (state: RequestState<Input>) => Promise<Resolved>

/** A target ready to serve: the steps that apply to it, prepared once. */
export interface Route extends PreparedTarget {
  readonly runs: readonly StepRun[]
}

/**
 * What a step does to one request: it returns what it adds to the state (nothing for a check,
 * which only throws), a promise only when it has to wait.
 */
export type StepRun = (state: RequestState) => Partial<StepOutputs> | void | Promise<Partial<StepOutputs> | void>

/** A step of the pipeline: where it applies, the error codes it can answer with, what it adds and what it does. */
export interface Step {
  readonly name: string
  /** The field of StepOutputs it adds, if any: where it applies, the resolver's input has it. */
  readonly adds?: StepOutput
  applies(target: Target): boolean
  /** The codes it can answer with for this operation: the document's error responses come from these. */
  codes(operation: Operation): readonly ErrorCode[]
  /** Binds the step to one route, once, so a request does no more work than the step itself. */
  prepare(route: PreparedTarget, resolve: Resolver): StepRun
}
