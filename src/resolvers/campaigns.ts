import {
  advertOf,
  createCampaign,
  deleteCampaign,
  listCampaigns,
  toggleCampaign,
  updateCampaign,
} from '../domain/campaigns.js'
import { ownedCampaign } from '../domain/ownership.js'
import { presentCampaign, presentCampaignDetailed, presentPage } from '../presentation/present.js'
import * as op from '../operations/api.js'
import type { CampaignDetailed } from '../schemas/campaign.js'
import type { CampaignRecord, UserRecord } from '../store/models.js'
import { implementOperation } from '../pipeline/implement-operation.js'
import type { MockContext } from '../pipeline/mock-context.js'
import type { OperationRoute } from '../pipeline/route.js'

/** Routes of the Campaigns group: parse (the pipeline) → call the domain → present. */
export function campaignRoutes(ctx: MockContext): OperationRoute[] {
  const extra = ctx.profile.resources.extraFields.campaign
  const advertExtra = ctx.profile.resources.extraFields.advert
  const presenter = (user: UserRecord) => (campaign: CampaignRecord) =>
    presentCampaign(campaign, advertOf(ctx, user, campaign).title, extra)
  return [
    implementOperation(ctx, op.listCampaigns, async ({ user, query }) =>
      presentPage(listCampaigns(ctx, user, query), query, presenter(user)),
    ),
    implementOperation(ctx, op.createCampaign, async ({ user, body }) => ({
      data: presenter(user)(await createCampaign(ctx, user, body.campaign)),
    })),
    implementOperation(ctx, op.getCampaign, async ({ user, id }) => {
      const campaign = ownedCampaign(ctx, user, id)
      // Whether the detail embeds its advert is the profile's choice; the declared type is the default profile's.
      if (!ctx.profile.resources.campaignDetailEmbedsAdvert)
        return { data: presenter(user)(campaign) as CampaignDetailed }
      return { data: presentCampaignDetailed(campaign, advertOf(ctx, user, campaign), extra, advertExtra) }
    }),
    implementOperation(ctx, op.updateCampaign, async ({ user, id, body }) => ({
      data: presenter(user)(await updateCampaign(ctx, user, id, body.campaign)),
    })),
    implementOperation(ctx, op.deleteCampaign, async ({ user, id }) => ({
      data: presenter(user)(await deleteCampaign(ctx, user, id)),
    })),
    implementOperation(ctx, op.toggleCampaign, async ({ user, id }) => ({
      data: presenter(user)(await toggleCampaign(ctx, user, id)),
    })),
  ]
}
