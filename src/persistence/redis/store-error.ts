/**
 * Why a shared store cannot be used: a URL that is not one (`malformed`), a Redis that cannot be
 * reached (`unreachable`), one that holds data of something else or of another version (`foreign`),
 * a sandbox served with other choices (`other_profile`), or a store that stopped answering (`unavailable`).
 */
export type StoreProblem = 'malformed' | 'unreachable' | 'foreign' | 'other_profile' | 'unavailable'

/** A shared store that cannot be used, and why; the message is one line that says what to do. */
export class StoreError extends Error {
  readonly problem: StoreProblem

  constructor(problem: StoreProblem, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'StoreError'
    this.problem = problem
  }
}

/** The StoreError of a tenant the store cannot serve now, and why: the listener answers it with a 503. */
export function unavailable(tenant: string, why: string): StoreError {
  return new StoreError('unavailable', `The shared store cannot serve tenant "${tenant}" now (${why}).`)
}
