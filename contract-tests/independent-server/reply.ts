import type { Account } from './store.js'

// What a route of either set of choices is given and answers: both sets read a request the same
// way and wrap a success in the same envelope; they differ in their errors (routes.ts' problem,
// second-routes.ts' secondProblem).

/** What a route answers: a status and a body (none for 204). */
export interface Reply {
  status: number
  body?: unknown
}

/** One authenticated request, already read; `S` is the set's store. */
export interface AuthenticatedRequest<S> {
  store: S
  account: Account
  method: string
  /** Path segments below /api/v1, e.g. ['campaigns', '12', 'toggle']. */
  segments: string[]
  query: URLSearchParams
  body: unknown
  perMinute: number
}

/** A success: `data` in the envelope, 200 unless told. */
export function ok(data: unknown, status = 200): Reply {
  return { status, body: { success: true, data } }
}
