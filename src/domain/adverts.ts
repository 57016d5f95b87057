import { ApiError } from '../errors/api-error.js'
import { MESSAGES } from '../errors/messages.js'
import type { AdvertInput, AdvertUpdateInput } from '../schemas/advert.js'
import { applyChanges } from '../store/apply-changes.js'
import type { AdvertRecord, UserRecord } from '../store/models.js'
import type { Page } from '../store/partitioned-table.js'
import { isoTimestamp } from './clock.js'
import type { DomainContext } from './domain-context.js'
import { ownedAdvert } from './ownership.js'
import { assertRoomFor } from './resource-caps.js'
import { pageOffset, type PageQuery } from './paginate.js'

/** One page of the caller's adverts, newest first. */
export function listAdverts(ctx: DomainContext, user: UserRecord, query: PageQuery): Page<AdvertRecord> {
  return ctx.store.adverts.page(user.id, { offset: pageOffset(query), limit: query.per_page })
}

/** Creates an advert owned by the caller, within the cap of adverts per account. */
export function createAdvert(ctx: DomainContext, user: UserRecord, fields: AdvertInput['advert']): Promise<AdvertRecord> {
  assertRoomFor(ctx, 'advert', user)
  const now = isoTimestamp(ctx.clock.now())
  return ctx.store.adverts.insert({ id: ctx.store.adverts.nextId(), user_id: user.id, ...fields, created_at: now, updated_at: now })
}

/** Changes the caller's advert; the same values again change nothing, updated_at included. */
export async function updateAdvert(ctx: DomainContext, user: UserRecord, id: number, changes: AdvertUpdateInput['advert']): Promise<AdvertRecord> {
  return applyChanges(ctx.store.adverts, ownedAdvert(ctx, user, id), changes, isoTimestamp(ctx.clock.now()))
}

/** Deletes the caller's advert and answers it; one that a campaign still uses is refused (422 advert_in_use). */
export function deleteAdvert(ctx: DomainContext, user: UserRecord, id: number): AdvertRecord {
  const advert = ownedAdvert(ctx, user, id)
  const campaigns = ctx.store.campaignsOfAdvert(advert)
  if (campaigns.length > 0) {
    throw new ApiError('advert_in_use', MESSAGES.advert_in_use.campaigns(id, campaigns.map((campaign) => campaign.id)))
  }
  ctx.store.adverts.remove(advert)
  return advert
}
