import type { ApiError } from '../errors/api-error.js'
import type { Operation } from '../operations/define-operation.js'
import type { PageFacts } from '../model/list-model.js'
import type { UserRecord } from '../store/models.js'
import type { MockContext } from './mock-context.js'

// What the pipeline (pipeline.ts) works with: routes, and what their steps hand the resolver. The
// request and its answer are plain values (http/mock-request.ts).

export type { Plane, Target } from '../operations/define-operation.js'
import type { Plane } from '../operations/define-operation.js'

/** A path's parameters, decoded (`{ id: '7' }`). */
export type PathParams = Readonly<Record<string, string>>

/** What the operation's resolver returns: the envelope's data, and for lists where the page stands. */
export interface Resolved {
  data: unknown
  page?: PageFacts
}

/**
 * What the steps hand the resolver, each by the step that reads it: the caller (`authenticate`;
 * none on the control plane), the path's id, the query and the body, validated by the operation's
 * schemas. Typed per operation by OperationInput (implement-operation.ts).
 */
export interface StepInput {
  user: UserRecord | undefined
  id: number | undefined
  query: unknown
  body: unknown
}

/** A target ready to serve: an operation with its resolver, or the 404 of a path no operation has. */
export type Route = OperationRoute | NotFoundRoute

/** An operation's route: the mock it runs in, the operation, and its resolver. */
export interface OperationRoute {
  readonly ctx: MockContext
  readonly plane: Plane
  readonly operation: Operation
  resolve(input: StepInput, ctx: MockContext): Promise<Resolved>
  /** How a body its schema refuses is answered, where the route words it its own way (the arrange helpers). */
  refuseBody?: (refusal: ApiError) => ApiError
  readonly notFound?: undefined
}

/** The route of what no operation answers under a base: a path that does not decode, or that no operation has. */
export interface NotFoundRoute {
  readonly ctx: MockContext
  readonly plane: Plane
  readonly operation?: undefined
  readonly notFound: 'undecodable' | 'fallback'
}
