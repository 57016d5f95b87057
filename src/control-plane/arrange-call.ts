import type * as z from 'zod/mini'
import { ArrangeError } from './arrange-error.js'
import { idOf, RecordRef } from '../schemas/arrange.js'
import { accountById } from '../domain/accounts.js'
import type { DomainContext } from '../domain/domain-context.js'
import { ownedAdvert } from '../domain/ownership.js'
import { roomLeft } from '../domain/resource-caps.js'
import { ApiError } from '../errors/api-error.js'
import { validate } from '../errors/validate.js'
import type { AdvertRecord, UserRecord } from '../store/models.js'

// What every arrange helper shares: one queued write per call, and the lookups and checks that
// refuse with an ArrangeError naming the helper.

/** One arrange helper's call: the mock's domain context, and the helper's name that its refusals carry. */
export interface ArrangeCall {
  ctx: DomainContext
  helper: string
}

/**
 * Runs one helper's work as one queued write, its checks inside it, so no request can slip between
 * a check and its write. A refusal from the domain (an ApiError) becomes an ArrangeError naming the helper.
 * @example runArrangeCall({ ctx, helper: 'user' }, (call) => arrangeUser(call, { tier: 'free' }))
 */
export function runArrangeCall<T>(call: ArrangeCall, work: (call: ArrangeCall) => Promise<T>): Promise<T> {
  return call.ctx.writeQueue(async () => {
    try {
      return await work(call)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      throw ArrangeError.of(call.helper, error)
    }
  })
}

/** A helper's options checked against their schema (left out, they are `{}`). */
export function parseOptions<S extends z.ZodMiniType>(schema: S, value: unknown, what = 'options'): z.output<S> {
  return validate(schema, value ?? {}, what)
}

/** The account a user reference names (a 404 ApiError when there is none). */
export function userOf(call: ArrangeCall, ref: RecordRef): UserRecord {
  const id = refId(call, 'user', ref)
  try {
    return accountById(call.ctx, id)
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    throw new ArrangeError(call.helper, error.message, {
      cause: error,
      field: 'user',
      problem: 'must be a user the mock holds',
    })
  }
}

/** The user's advert a reference names; another user's advert, or none, is refused. */
export function advertOf(call: ArrangeCall, user: UserRecord, ref: RecordRef): AdvertRecord {
  const id = refId(call, 'advert', ref)
  try {
    return ownedAdvert(call.ctx, user, id)
  } catch (error) {
    throw new ArrangeError(
      call.helper,
      `advert ${id} is not one of user ${user.id}'s adverts (it does not exist, or is another user's)`,
      { cause: error, field: 'advert', problem: `must be one of user ${user.id}'s adverts` },
    )
  }
}

/** The id a user or advert reference holds; one left out is required (`arrange.rateLimited: user is required`). */
function refId(call: ArrangeCall, kind: 'user' | 'advert', ref: RecordRef | undefined): number {
  if (ref === undefined)
    throw new ArrangeError(call.helper, `${kind} is required`, { field: kind, problem: 'is required' })
  return idOf(validate(RecordRef, ref, `${kind} (${kind === 'user' ? 'a user' : 'an advert'} or its id)`))
}

/** Refuses, before anything is made, when the user's per-account cap leaves no room for `wanted` more. */
export function assertRoom(call: ArrangeCall, user: UserRecord, kind: 'advert' | 'campaign', wanted: number): void {
  const left = roomLeft(call.ctx, kind, user)
  if (wanted > left)
    throw new ArrangeError(
      call.helper,
      `user ${user.id} has room for ${left} more ${kind}s, not ${wanted} (the per-account cap)`,
      {
        field: call.helper === 'campaigns' && kind === 'campaign' ? 'count' : '',
        problem: `needs room for ${wanted} more ${kind}s; the per-account cap leaves ${left}`,
      },
    )
}
