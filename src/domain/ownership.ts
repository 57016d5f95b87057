import { ApiError } from '../errors/api-error.js'
import { MESSAGES } from '../errors/messages.js'
import type { AdvertRecord, CampaignRecord, UserRecord } from '../store/models.js'
import type { DomainContext } from './domain-context.js'

/** The caller's advert with this id; another user's is a 404 too, so ids leak nothing. */
export function ownedAdvert(ctx: DomainContext, user: UserRecord, id: number): AdvertRecord {
  const advert = ctx.store.adverts.get(id)
  if (!advert || advert.user_id !== user.id) throw new ApiError('not_found', MESSAGES.not_found.resource('Advert', id))
  return advert
}

/** The caller's campaign with this id; another user's is a 404 too. */
export function ownedCampaign(ctx: DomainContext, user: UserRecord, id: number): CampaignRecord {
  const campaign = ctx.store.campaigns.get(id)
  if (!campaign || campaign.user_id !== user.id) throw new ApiError('not_found', MESSAGES.not_found.resource('Campaign', id))
  return campaign
}

/** The advert of a campaign; the store keeps them together, so a miss is a bug. */
export function advertOf(ctx: DomainContext, campaign: CampaignRecord): AdvertRecord {
  const advert = ctx.store.adverts.get(campaign.advert_id)
  if (!advert) throw new Error(`Campaign ${campaign.id} points at missing advert ${campaign.advert_id}`)
  return advert
}
