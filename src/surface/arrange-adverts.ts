import { type ArrangeCall, assertRoom, parseOptions, userOf } from './arrange-call.js'
import { makeCampaign } from './arrange-campaigns.js'
import { arrangeSchemasOf, type ArrangeAdvertOptions, type RecordRef } from './arrange-options.js'
import { createAdvert } from '../domain/adverts.js'
import { presentAdvert } from '../presentation/present.js'
import type { Advert } from '../schemas/advert.js'
import type { Campaign } from '../schemas/campaign.js'

// The arrange helpers that make adverts: one on its own, or one a campaign holds on to.

/** `arrange.advert`: a new advert of the user, within its per-account cap. */
export async function arrangeAdvert(
  call: ArrangeCall,
  ref: RecordRef,
  input: ArrangeAdvertOptions | undefined,
): Promise<Advert> {
  const fields = parseOptions(arrangeSchemasOf(call.ctx.profile).advert, input)
  const user = userOf(call, ref)
  assertRoom(call, user, 'advert', 1)
  return presentAdvert(await createAdvert(call.ctx, user, fields))
}

/** `arrange.advertInUse`: a new advert with a campaign on it, so deleting the advert is a 422 advert_in_use. */
export async function arrangeAdvertInUse(
  call: ArrangeCall,
  ref: RecordRef,
  input: ArrangeAdvertOptions | undefined,
): Promise<{ advert: Advert; campaign: Campaign }> {
  const schemas = arrangeSchemasOf(call.ctx.profile)
  const fields = parseOptions(schemas.advert, input)
  const user = userOf(call, ref)
  assertRoom(call, user, 'advert', 1)
  assertRoom(call, user, 'campaign', 1)
  const advert = await createAdvert(call.ctx, user, fields)
  return {
    advert: presentAdvert(advert),
    campaign: await makeCampaign(call, user, advert, { ...schemas.campaignDefaults }),
  }
}
