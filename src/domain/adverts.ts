import { initialValues } from '../profile/template.js'
import { ApiError } from '../errors/api-error.js'
import { MESSAGES } from '../errors/messages.js'
import type { AdvertInput, AdvertUpdateInput } from '../schemas/advert.js'
import { applyChanges } from '../store/apply-changes.js'
import type { AdvertRecord, UserRecord } from '../store/models.js'
import { pageOffset, type Page, type PageQuery } from '../store/indexed-collection.js'
import { stampNow } from './clock.js'
import type { DomainContext } from './domain-context.js'
import { ownedAdvert } from './ownership.js'
import { assertRoomFor } from './resource-caps.js'

/** One page of the caller's adverts, newest first. */
export function listAdverts(ctx: DomainContext, user: UserRecord, query: PageQuery): Page<AdvertRecord> {
  return ctx.store
    .account(user.id)
    .adverts.page({ offset: pageOffset(query), limit: query.per_page, order: ctx.profile.lists.order })
}

/** Creates an advert owned by the caller, within the cap of adverts per account. */
export function createAdvert(
  ctx: DomainContext,
  user: UserRecord,
  fields: AdvertInput['advert'],
): Promise<AdvertRecord> {
  assertRoomFor(ctx, 'advert', user)
  const now = stampNow(ctx)
  return ctx.store.account(user.id).adverts.create({
    id: ctx.store.nextId('adverts'),
    user_id: user.id,
    ...fields,
    created_at: now,
    updated_at: now,
    ...initialValues(ctx.profile.resources.extraFields.advert),
  })
}

/** Changes the caller's advert; the same values again change nothing, updated_at included. */
export async function updateAdvert(
  ctx: DomainContext,
  user: UserRecord,
  id: number,
  changes: AdvertUpdateInput['advert'],
): Promise<AdvertRecord> {
  return applyChanges(ctx.store.account(user.id).adverts, ownedAdvert(ctx, user, id), changes, stampNow(ctx))
}

/**
 * Deletes the caller's advert and answers it; one that a campaign still uses is refused (422
 * advert_in_use), or, where the profile says so, deleted with its campaigns.
 */
export async function deleteAdvert(ctx: DomainContext, user: UserRecord, id: number): Promise<AdvertRecord> {
  const advert = ownedAdvert(ctx, user, id)
  const account = ctx.store.account(user.id)
  const campaigns = account.campaignsOf(advert.id)
  if (campaigns.length > 0 && ctx.profile.resources.advertInUse === 'refuse') {
    const ids = campaigns.map((campaign) => campaign.id)
    throw new ApiError('advert_in_use', MESSAGES.advert_in_use.campaigns(id, ids))
  }
  for (const campaign of campaigns) account.campaigns.delete(campaign)
  account.adverts.delete(advert)
  return advert
}
