import type { ErrorCode } from '../errors/error-codes.js'
import { hasIdParam, type Operation, type Target } from './define-operation.js'

// The steps of pipeline/pipeline.ts as data, in the order answerApi and answerControlPlane run them: where
// each applies, the error codes it can answer with and what it hands the resolver. The OpenAPI
// document's error responses are read from here (operationErrorCodes); pipeline.test.ts holds the
// table to the functions' order.

/** A step of the pipeline, described: its name, where it applies, its error codes and what it adds. */
export interface Step {
  readonly name: string
  /** The field of the resolver's input it adds (pipeline/route.ts StepInput; `result`: what the resolver answers). */
  readonly adds?: 'user' | 'id' | 'query' | 'body' | 'result'
  applies(target: Target): boolean
  /** The codes it can answer with for this operation. */
  codes(operation: Operation): readonly ErrorCode[]
}

const isUserOperation = ({ plane, operation }: Target) => plane === 'api' && operation !== undefined

/** The steps, in order: authenticate, admin token, rate limit, faults and Prefer, override, id, query, body, resolve. */
export const STEPS: readonly Step[] = [
  { name: 'authenticate', adds: 'user', applies: isUserOperation, codes: () => ['unauthorized'] },
  { name: 'admin token', applies: ({ plane }) => plane === 'admin', codes: () => ['admin_forbidden'] },
  { name: 'rate limit', applies: isUserOperation, codes: () => ['rate_limit_exceeded'] },
  // Forced errors are the caller's own request (a fault rule, Prefer), not documented per operation.
  { name: 'faults and Prefer', applies: isUserOperation, codes: () => [] },
  // An override answers what its test asked for, documented or not (`untyped`): nothing to list per operation.
  { name: 'override', applies: isUserOperation, codes: () => [] },
  {
    name: 'id',
    adds: 'id',
    applies: ({ operation }) => operation !== undefined && hasIdParam(operation),
    codes: () => ['not_found'],
  },
  {
    name: 'query',
    adds: 'query',
    applies: ({ operation }) => operation?.query !== undefined,
    codes: () => ['validation_failed'],
  },
  {
    name: 'body',
    adds: 'body',
    applies: ({ operation }) => operation !== undefined,
    // A body that cannot be read: not JSON (415), undecodable (400: invalid_json, or bad_request when the
    // listener cannot even decompress it), over 1 MiB (413), then the schema (422). A body sent to an
    // operation that takes none is a 422, unless the listener's body reader refuses it first (400, 413,
    // 415); a GET cannot carry one (fetch refuses, the listener drops it unread).
    codes: ({ body, method }) =>
      body
        ? ['unsupported_media_type', 'invalid_json', 'bad_request', 'payload_too_large', 'validation_failed']
        : method === 'get'
          ? []
          : ['unsupported_media_type', 'bad_request', 'payload_too_large', 'validation_failed'],
  },
  { name: 'resolve', adds: 'result', applies: () => true, codes: (operation) => operation.errors ?? [] },
]

/** An operation as a target: its declaration (`auth`) says which plane it is on. */
export function targetOf(operation: Operation): Target {
  return { plane: operation.auth === 'admin' ? 'admin' : 'api', operation }
}

/**
 * Every error code an operation can answer with, in the order its steps check them: the OpenAPI
 * document's error responses, read from the steps the pipeline runs.
 * @example operationErrorCodes(getCampaign) // ['unauthorized', 'rate_limit_exceeded', 'not_found']
 */
export function operationErrorCodes(operation: Operation): ErrorCode[] {
  const target = targetOf(operation)
  return [...new Set(STEPS.filter((step) => step.applies(target)).flatMap((step) => step.codes(operation)))]
}
