import { initialValues } from '../profile/template.js'
import { ApiError, validationFailed } from '../errors/api-error.js'
import { MESSAGES } from '../errors/messages.js'
import type { CampaignInput, CampaignListQuery, CampaignUpdateInput } from '../schemas/campaign.js'
import { applyChanges } from '../store/apply-changes.js'
import type { AdvertRecord, CampaignRecord, UserRecord } from '../store/models.js'
import { pageOffset, type Page } from '../store/indexed-collection.js'
import { stampNow } from './clock.js'
import type { Profile } from '../profile/profile.js'
import type { DomainContext } from './domain-context.js'
import { ownedAdvert, ownedCampaign } from './ownership.js'
import { assertRoomFor } from './resource-caps.js'

/** One page of the caller's campaigns, newest first, keeping only those that match every filter given. */
export function listCampaigns(ctx: DomainContext, user: UserRecord, query: CampaignListQuery): Page<CampaignRecord> {
  const { enabled, advert_id, broadcasting_type } = query
  const filtered = enabled !== undefined || advert_id !== undefined || broadcasting_type !== undefined
  const where = (campaign: CampaignRecord) =>
    (enabled === undefined || campaign.enabled === enabled) &&
    (advert_id === undefined || campaign.advert_id === advert_id) &&
    (broadcasting_type === undefined || campaign.broadcasting_type === broadcasting_type)
  return ctx.store.account(user.id).campaigns.page({
    where: filtered ? where : undefined,
    offset: pageOffset(query),
    limit: query.per_page,
    order: ctx.profile.lists.order,
  })
}

/** What every new campaign starts with under a profile; the document publishes it as `x-initial-values`. */
export function newCampaignValues(profile: Profile): { sending_count: 0; enabled: boolean } {
  return { sending_count: 0, enabled: profile.resources.newCampaignEnabled }
}

/** Creates a campaign on one of the caller's adverts (within the cap of campaigns per account): enabled (unless the profile says otherwise), nothing sent yet. */
export async function createCampaign(
  ctx: DomainContext,
  user: UserRecord,
  input: CampaignInput['campaign'],
): Promise<CampaignRecord> {
  const { advert_id, broadcasting_type, cpm, sending_limit } = input
  const advert = advertForInput(ctx, user, advert_id, 'create')
  assertRoomFor(ctx, 'campaign', user)
  const now = stampNow(ctx)
  return ctx.store.account(user.id).campaigns.create({
    id: ctx.store.nextId('campaigns'),
    advert_id: advert.id,
    broadcasting_type,
    cpm,
    sending_limit,
    ...newCampaignValues(ctx.profile),
    created_at: now,
    updated_at: now,
    ...initialValues(ctx.profile.resources.extraFields.campaign),
  })
}

/**
 * Changes the caller's campaign: a new advert must be one of the caller's, and sending_limit
 * may not drop below sending_count (each a 422 on its field). The same values again change nothing.
 */
export async function updateCampaign(
  ctx: DomainContext,
  user: UserRecord,
  id: number,
  input: CampaignUpdateInput['campaign'],
): Promise<CampaignRecord> {
  const campaign = ownedCampaign(ctx, user, id)
  const { advert_id, ...rest } = input
  if (advert_id !== undefined) advertForInput(ctx, user, advert_id, 'update')
  if (rest.sending_limit !== undefined && rest.sending_limit < campaign.sending_count) {
    throw validationFailed(MESSAGES.validation_failed.limitBelowCount(id), [
      { field: 'campaign.sending_limit', message: `must be at least sending_count (${campaign.sending_count})` },
    ])
  }
  return applyChanges(ctx.store.account(user.id).campaigns, campaign, { ...rest, advert_id }, stampNow(ctx))
}

/** Deletes the caller's campaign and answers it. */
export async function deleteCampaign(ctx: DomainContext, user: UserRecord, id: number): Promise<CampaignRecord> {
  const campaign = ownedCampaign(ctx, user, id)
  ctx.store.account(user.id).campaigns.delete(campaign)
  return campaign
}

/** Flips the caller's campaign on or off. */
export function toggleCampaign(ctx: DomainContext, user: UserRecord, id: number): Promise<CampaignRecord> {
  const campaign = ownedCampaign(ctx, user, id)
  return applyChanges(ctx.store.account(user.id).campaigns, campaign, { enabled: !campaign.enabled }, stampNow(ctx))
}

/** The caller's advert a campaign input names: a missing or foreign one is a 422 on that field, not a 404. */
function advertForInput(
  ctx: DomainContext,
  user: UserRecord,
  advertId: number,
  action: 'create' | 'update',
): AdvertRecord {
  try {
    return ownedAdvert(ctx, user, advertId)
  } catch (error) {
    // Another account's advert (a 403 where the profile says so) is no advert of the caller's either.
    if (!(error instanceof ApiError) || (error.code !== 'not_found' && error.code !== 'forbidden')) throw error
    throw validationFailed(MESSAGES.validation_failed.advertMissing(action, advertId), [
      { field: 'campaign.advert_id', message: `advert ${advertId} does not exist` },
    ])
  }
}

/** The advert of the caller's campaign; the account keeps them together, so a miss is a bug. */
export function advertOf(ctx: DomainContext, user: UserRecord, campaign: CampaignRecord): AdvertRecord {
  const advert = ctx.store.account(user.id).adverts.get(campaign.advert_id)
  if (!advert) throw new Error(`Campaign ${campaign.id} points at missing advert ${campaign.advert_id}`)
  return advert
}
