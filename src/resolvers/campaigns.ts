import {
  advertOf,
  createCampaign,
  deleteCampaign,
  listCampaigns,
  toggleCampaign,
  updateCampaign,
} from '../domain/campaigns.js'
import { ownedCampaign } from '../domain/ownership.js'
import { presentAdvert, presentCampaign, presentCampaignDetailed } from '../presentation/present.js'
import * as op from '../operations/api.js'
import { JsonText, type JsonForm } from '../store/kept-json.js'
import type { AdvertRecord, CampaignRecord, UserRecord } from '../store/models.js'
import type { CampaignDetailed, CampaignListQuery } from '../schemas/campaign.js'
import { implementOperation } from '../pipeline/implement-operation.js'
import type { MockContext } from '../pipeline/mock-context.js'
import type { OperationRoute } from '../pipeline/route.js'

/** Routes of the Campaigns group: parse (the pipeline) → call the domain → present (a record's JSON kept until it changes). */
export function campaignRoutes(ctx: MockContext): OperationRoute[] {
  const { model } = ctx
  const extra = ctx.profile.resources.extraFields.campaign
  const advertExtra = ctx.profile.resources.extraFields.advert
  const present = (campaign: CampaignRecord, user: UserRecord) =>
    presentCampaign(campaign, advertOf(ctx, user, campaign).title, extra)
  // A campaign is kept written as lists and writes show it, once per change. Its detail (with its
  // advert, where the profile embeds it) is that JSON with the advert's kept JSON as its last field,
  // where the profile's order leaves it last (the detail is the campaign's fields, then `advert`):
  // no second text of every campaign is kept. The detail's declared type is the default profile's.
  const listed: JsonForm<CampaignRecord, UserRecord> = (campaign, user) =>
    model.json(present(campaign, user), 'campaign')
  const advertForm: JsonForm<AdvertRecord, undefined> = (advert) =>
    model.json(presentAdvert(advert, advertExtra), 'advert')
  const advertLast = !ctx.profile.resources.fieldOrder.campaign.includes('advert')
  const campaignsOf = (user: UserRecord) => ctx.store.account(user.id).campaigns
  const readPage = (query: CampaignListQuery, user: UserRecord) => listCampaigns(ctx, user, query)
  const kept = (user: UserRecord, campaign: CampaignRecord) => campaignsOf(user).json(campaign, listed, user)
  const detail = (user: UserRecord, campaign: CampaignRecord): JsonText | CampaignDetailed => {
    if (!ctx.profile.resources.campaignDetailEmbedsAdvert) return kept(user, campaign)
    const advert = advertOf(ctx, user, campaign)
    if (!advertLast) return presentCampaignDetailed(campaign, advert, extra, advertExtra)
    const advertText = ctx.store.account(user.id).adverts.json(advert, advertForm, undefined).text
    return new JsonText(`${kept(user, campaign).text.slice(0, -1)},"advert":${advertText}}`)
  }
  return [
    implementOperation(ctx, op.listCampaigns, async ({ user, query }) =>
      campaignsOf(user).jsonPage(query, readPage, listed, user),
    ),
    implementOperation(ctx, op.createCampaign, async ({ user, body }) => ({
      data: kept(user, await createCampaign(ctx, user, body.campaign)),
    })),
    implementOperation(ctx, op.getCampaign, async ({ user, id }) => ({
      data: detail(user, ownedCampaign(ctx, user, id)),
    })),
    implementOperation(ctx, op.updateCampaign, async ({ user, id, body }) => ({
      data: kept(user, await updateCampaign(ctx, user, id, body.campaign)),
    })),
    // A deleted campaign is no longer stored: it is shown once, as it was, and nothing is kept.
    implementOperation(ctx, op.deleteCampaign, async ({ user, id }) => ({
      data: present(await deleteCampaign(ctx, user, id), user),
    })),
    implementOperation(ctx, op.toggleCampaign, async ({ user, id }) => ({
      data: kept(user, await toggleCampaign(ctx, user, id)),
    })),
  ]
}
