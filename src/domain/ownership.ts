import { ApiError } from '../errors/api-error.js'
import { MESSAGES } from '../errors/messages.js'
import type { AdvertRecord, CampaignRecord, UserRecord } from '../store/models.js'
import type { DomainContext } from './domain-context.js'

/** The caller's advert with this id; another user's is a 404 too, so ids leak nothing. */
export function ownedAdvert(ctx: DomainContext, user: UserRecord, id: number): AdvertRecord {
  const advert = ctx.store.account(user.id).adverts.get(id)
  if (!advert) throw missing(ctx, 'Advert', id)
  return advert
}

/** The caller's campaign with this id; another user's is a 404 too. */
export function ownedCampaign(ctx: DomainContext, user: UserRecord, id: number): CampaignRecord {
  const campaign = ctx.store.account(user.id).campaigns.get(id)
  if (!campaign) throw missing(ctx, 'Campaign', id)
  return campaign
}

/**
 * Why the caller has no such resource: a 404, the same as an id that does not exist (no existence
 * leak); or, where the profile says so, a 403 when another account holds it.
 */
function missing(ctx: DomainContext, kind: 'Advert' | 'Campaign', id: number): ApiError {
  if (ctx.profile.errors.foreign === 'forbidden') {
    const collection = kind === 'Advert' ? 'adverts' : 'campaigns'
    for (const account of ctx.store.accounts())
      if (account[collection].get(id)) return new ApiError('forbidden', MESSAGES.forbidden.foreign(kind, id))
  }
  return new ApiError('not_found', MESSAGES.not_found.resource(kind, id))
}
