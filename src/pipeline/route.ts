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
 * What the steps add to a request, each field by the one step whose `adds` names it. An operation's
 * resolver receives the first four, typed by its declaration (OperationInput in implement-operation.ts).
 */
export interface StepOutputs {
  /** By `authenticate` (again in the write queue): the caller; the control plane has none. */
  user: UserRecord | undefined
  /** By `id`: the path's id. */
  id: number | undefined
  /** By `query`: the query, as the operation's schema outputs it. */
  query: unknown
  /** By `body`: the body, as the operation's schema outputs it (undefined where it takes none). */
  body: unknown
  /** By `resolve`: what the resolver answered, for the envelope. */
  result: Resolved
}

/** A field of StepOutputs. */
export type StepOutput = keyof StepOutputs

/**
 * One request on its way through the steps: its parts, plus what the steps have added (`Added`):
 * while they run, what some of them added; for the resolver, all that the route's steps add.
 */
export type RequestState<Added extends Partial<StepOutputs> = Partial<StepOutputs>> = RequestBase & Added

/** Answers a route once every check has passed, from what the steps before it added (`Input`). */
export type Resolver<Input extends Partial<StepOutputs> = Partial<StepOutputs>> = (
  state: RequestState<Input>,
) => Promise<Resolved>

/** A target ready to serve: the steps that apply to it, each prepared once with the field its value goes to. */
export interface Route extends PreparedTarget {
  readonly runs: readonly PreparedStep[]
}

/** A step bound to one route: what it does, and the field of StepOutputs its value is kept in (none for a check). */
export interface PreparedStep {
  readonly adds: StepOutput | undefined
  readonly run: StepRun
}

/** What a step does to one request: it returns its value (nothing for a check, which only throws), a promise only when it has to wait. */
export type StepRun<Value = unknown> = (state: RequestState) => Value | Promise<Value>

/** The value a step that adds `Adds` returns: that field of StepOutputs, or nothing for a check. */
export type StepValue<Adds extends StepOutput | undefined> = Adds extends StepOutput ? StepOutputs[Adds] : void

/**
 * A step of the pipeline: where it applies, the error codes it can answer with, the field of
 * StepOutputs it adds (`Adds`, none for a check) and what it does, which returns that field's value.
 */
export interface Step<Adds extends StepOutput | undefined = StepOutput | undefined> {
  readonly name: string
  /** The field its value is kept in: where the step applies, the resolver's input has it. */
  readonly adds?: Adds
  applies(target: Target): boolean
  /** The codes it can answer with for this operation: the document's error responses come from these. */
  codes(operation: Operation): readonly ErrorCode[]
  /** Binds the step to one route, once, so a request does no more work than the step itself. */
  prepare(route: PreparedTarget, resolve: Resolver): StepRun<StepValue<Adds>>
}
