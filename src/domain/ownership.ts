import { ApiError } from '../errors/api-error.js'
import { MESSAGES } from '../errors/messages.js'
import type { AdvertRecord, CampaignRecord, UserRecord } from '../store/models.js'
import type { DomainContext } from './domain-context.js'

/** The caller's advert with this id; another user's is a 404 too, so ids leak nothing. */
export function ownedAdvert(ctx: DomainContext, user: UserRecord, id: number): AdvertRecord {
  const advert = ctx.store.account(user.id).adverts.get(id)
  if (!advert) throw new ApiError('not_found', MESSAGES.not_found.resource('Advert', id))
  return advert
}

/** The caller's campaign with this id; another user's is a 404 too. */
export function ownedCampaign(ctx: DomainContext, user: UserRecord, id: number): CampaignRecord {
  const campaign = ctx.store.account(user.id).campaigns.get(id)
  if (!campaign) throw new ApiError('not_found', MESSAGES.not_found.resource('Campaign', id))
  return campaign
}
