import {
  advertOf,
  createCampaign,
  deleteCampaign,
  listCampaigns,
  toggleCampaign,
  updateCampaign,
} from '../domain/campaigns.js'
import { ownedCampaign } from '../domain/ownership.js'
import { keptPage, presentCampaign, presentCampaignDetailed } from '../presentation/present.js'
import * as op from '../operations/api.js'
import type { JsonForm } from '../store/kept-json.js'
import type { CampaignRecord, UserRecord } from '../store/models.js'
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
  // The forms a campaign is written in, each once per change: as lists and writes show it, and as its
  // detail does (with its advert, where the profile embeds it; the detail's declared type is the default profile's).
  const listed: JsonForm<CampaignRecord, UserRecord> = (campaign, user) =>
    model.json(present(campaign, user), 'campaign')
  const detailed: JsonForm<CampaignRecord, UserRecord> = ctx.profile.resources.campaignDetailEmbedsAdvert
    ? (campaign, user) =>
        model.json(presentCampaignDetailed(campaign, advertOf(ctx, user, campaign), extra, advertExtra), 'campaign')
    : listed
  const campaignsOf = (user: UserRecord) => ctx.store.account(user.id).campaigns
  const kept = (user: UserRecord, campaign: CampaignRecord, form = listed) =>
    campaignsOf(user).json(campaign, form, user)
  return [
    implementOperation(ctx, op.listCampaigns, async ({ user, query }) =>
      keptPage(listCampaigns(ctx, user, query), query, campaignsOf(user), listed, user),
    ),
    implementOperation(ctx, op.createCampaign, async ({ user, body }) => ({
      data: kept(user, await createCampaign(ctx, user, body.campaign)),
    })),
    implementOperation(ctx, op.getCampaign, async ({ user, id }) => ({
      data: kept(user, ownedCampaign(ctx, user, id), detailed),
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
