import { ApiError } from '../errors/api-error.js'
import { MESSAGES } from '../errors/messages.js'
import type { ResourceCaps } from '../schemas/resource-caps.js'
import type { UserRecord } from '../store/models.js'
import type { DomainContext } from './domain-context.js'

/** Refuses (422 resource_limit_reached) a create that would take the caller past its cap of adverts or campaigns. */
export function assertRoomFor(ctx: DomainContext, kind: 'advert' | 'campaign', user: UserRecord): void {
  if (roomLeft(ctx, kind, user) === 0)
    throw new ApiError(
      'resource_limit_reached',
      MESSAGES.resource_limit_reached.perUser(kind, user.id, capOf(ctx, kind)),
    )
}

/** How many more adverts or campaigns the caller may create before its cap (arrange checks a batch with it). */
export function roomLeft(ctx: DomainContext, kind: 'advert' | 'campaign', user: UserRecord): number {
  const account = ctx.store.account(user.id)
  const held = kind === 'advert' ? account.adverts.size : account.campaigns.size
  return Math.max(0, capOf(ctx, kind) - held)
}

const capOf = (ctx: DomainContext, kind: 'advert' | 'campaign') =>
  kind === 'advert' ? ctx.caps.adverts_per_user : ctx.caps.campaigns_per_user

/** Refuses (422 resource_limit_reached) a new account once the store holds the most users it keeps. */
export function assertRoomForUser(ctx: DomainContext): void {
  if (ctx.store.users.size >= ctx.caps.users)
    throw new ApiError('resource_limit_reached', MESSAGES.resource_limit_reached.users(ctx.caps.users))
}
