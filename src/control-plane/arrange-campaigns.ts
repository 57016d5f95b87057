import * as z from 'zod/mini'
import { ArrangeError } from './arrange-error.js'
import { advertOf, type ArrangeCall, assertRoom, parseOptions, userOf } from './arrange-call.js'
import {
  arrangeSchemasOf,
  CampaignCount,
  type ArrangeCampaignOptions,
  type ArrangeCampaignsOptions,
  type CampaignFields,
  type RecordRef,
} from '../schemas/arrange.js'
import { writeCampaignHistory } from './arrange-records.js'
import { createAdvert } from '../domain/adverts.js'
import { createCampaign, toggleCampaign } from '../domain/campaigns.js'
import { createRandom } from '../domain/random.js'
import { validate } from '../errors/validate.js'
import type { Profile } from '../profile/profile.js'
import { presentCampaign } from '../presentation/present.js'
import type { BroadcastingType, Campaign } from '../schemas/campaign.js'
import type { AdvertRecord, UserRecord } from '../store/models.js'
import { must } from '../store/must.js'

// The arrange helpers that make campaigns: every check (caps, limits) runs before anything is made.
// Under a twin's profile, its broadcasting types and cpm bounds hold, and a campaign starts as its
// new campaigns do unless `enabled` says otherwise.

export type { CampaignFields } from '../schemas/arrange.js'

/** `arrange.campaign`: a new campaign of the user on one of its adverts (a new one by default), with its sends, on or off. */
export async function arrangeCampaign(
  call: ArrangeCall,
  ref: RecordRef,
  input: ArrangeCampaignOptions | undefined,
): Promise<Campaign> {
  const schemas = arrangeSchemasOf(call.ctx.profile)
  const { advert, ...given } = parseOptions(schemas.campaign, input)
  const user = userOf(call, ref)
  const target = advert === undefined ? undefined : advertOf(call, user, advert)
  assertRoom(call, user, 'campaign', 1)
  if (!target) assertRoom(call, user, 'advert', 1)
  const fields = { ...schemas.campaignDefaults, ...definedOnly(given) }
  assertWithinLimit(call, fields)
  return makeCampaign(call, user, target, fields)
}

/** `arrange.campaigns`: `count` new campaigns on one advert, oldest first; the fields not given drawn from the seed. */
export async function arrangeCampaigns(
  call: ArrangeCall,
  ref: RecordRef,
  count: number,
  input: ArrangeCampaignsOptions | undefined,
): Promise<Campaign[]> {
  const { advert, seed = 1, ...given } = parseOptions(arrangeSchemasOf(call.ctx.profile).campaigns, input)
  const n = validate(CampaignCount, count, 'count')
  const user = userOf(call, ref)
  let target = advert === undefined ? undefined : advertOf(call, user, advert)
  assertRoom(call, user, 'campaign', n)
  if (!target && n > 0) assertRoom(call, user, 'advert', 1)
  const fields = seededCampaigns(call.ctx.profile, n, seed, definedOnly(given))
  for (const campaign of fields) assertWithinLimit(call, campaign)
  if (!target && n > 0) target = await makeDefaultAdvert(call, user)
  const made: Campaign[] = []
  for (const campaign of fields) made.push(await makeCampaign(call, user, target, campaign))
  return made
}

/** Makes one campaign (on `advert`, made first when missing) through the domain; its fields are checked already. */
export async function makeCampaign(
  call: ArrangeCall,
  user: UserRecord,
  advert: AdvertRecord | undefined,
  fields: CampaignFields,
): Promise<Campaign> {
  const { ctx } = call
  const { sending_count, sending_limit } = fields
  const target = advert ?? (await makeDefaultAdvert(call, user))
  let record = await createCampaign(ctx, user, {
    advert_id: target.id,
    broadcasting_type: fields.broadcasting_type,
    cpm: fields.cpm,
    sending_limit,
  })
  // A new campaign starts as the profile says; the other state is one toggle away, as through the API.
  if (record.enabled !== fields.enabled) record = await toggleCampaign(ctx, user, record.id)
  record = await writeCampaignHistory(ctx, user, record, { sending_count, created_at: fields.created_at })
  return presentCampaign(record, target.title, ctx.profile.resources.extraFields.campaign)
}

/** An advert with arrange's defaults, for a campaign that was given none. */
function makeDefaultAdvert(call: ArrangeCall, user: UserRecord): Promise<AdvertRecord> {
  return createAdvert(call.ctx, user, parseOptions(arrangeSchemasOf(call.ctx.profile).advert, {}))
}

/** A campaign never sends past its limit: checked for every campaign before any is made. */
function assertWithinLimit(call: ArrangeCall, { sending_count, sending_limit }: CampaignFields): void {
  if (sending_count > sending_limit)
    throw new ArrangeError(
      call.helper,
      `sending_count ${sending_count} is more than sending_limit ${sending_limit}: a campaign never sends past its limit`,
      { field: 'sending_count', problem: `must be at most sending_limit (${sending_limit})` },
    )
}

/**
 * `count` campaigns' fields: those given fixed, the rest drawn from the seed (a limit never below a
 * fixed sending_count) within the profile's broadcasting types and cpm bounds.
 */
function seededCampaigns(
  profile: Profile,
  count: number,
  seed: number,
  given: Partial<CampaignFields>,
): CampaignFields[] {
  const random = createRandom(seed)
  const pick = (low: number, high: number) => low + Math.floor(random() * (high - low + 1))
  const types = profile.resources.broadcastingTypes as readonly BroadcastingType[]
  const { decimals, max } = profile.inputs.cpm
  // Cents, unless the profile takes fewer decimals (then rounded to them, never to 0).
  const step = decimals === null || decimals >= 2 ? 0.01 : 10 ** -decimals
  const cpmOf = (cents: number) => Math.min(max, Math.max(step, Math.round(cents / 100 / step) * step))
  return Array.from({ length: count }, () => {
    const drawn = {
      broadcasting_type: must(types[pick(0, types.length - 1)], 'a drawn broadcasting type'),
      cpm: cpmOf(pick(50, 2000)),
      sending_limit: Math.max(pick(1, 1000) * 100, given.sending_count ?? 0),
      sending_count: 0,
      enabled: profile.resources.newCampaignEnabled,
    }
    return { ...drawn, ...given }
  })
}

/** The entries whose value is not undefined, so they never override a default. */
function definedOnly<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>
}
