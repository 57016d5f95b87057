import type { HttpHandler } from 'msw'
import { isoTimestamp } from '../domain/clock.js'
import { usdToMicros } from '../domain/money.js'
import { advertOf, ownedAdvert, ownedCampaign } from '../domain/ownership.js'
import { presentAdvert, presentCampaign } from '../domain/present.js'
import { ApiError, validationFailed } from '../http/api-error.js'
import type { MockContext } from '../mock-context.js'
import {
  createCampaign,
  deleteCampaign,
  getCampaign,
  listCampaigns,
  toggleCampaign,
  updateCampaign,
} from '../operations/campaigns.js'
import { applyChanges } from '../store/apply-changes.js'
import type { AdvertRecord, CampaignRecord, UserRecord } from '../store/models.js'
import { implementOperation } from './implement-operation.js'
import { paginate } from './paginate.js'

/** Handlers of the Campaigns group. */
export function campaignHandlers(ctx: MockContext): HttpHandler[] {
  const { store } = ctx
  const present = (campaign: CampaignRecord) => presentCampaign(campaign, advertOf(ctx, campaign).title)

  /** The caller's advert a campaign input names: a missing or foreign one is a 422 on that field, not a 404. */
  const advertForInput = (user: UserRecord, advertId: number, action: string): AdvertRecord => {
    try {
      return ownedAdvert(ctx, user, advertId)
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'not_found') throw error
      throw validationFailed(`Failed to ${action} campaign: advert ${advertId} does not exist`, [
        { field: 'campaign.advert_id', message: `advert ${advertId} does not exist` },
      ])
    }
  }

  return [
    implementOperation(ctx, listCampaigns, async ({ user, query }) => {
      const { enabled, advert_id, broadcasting_type } = query
      const filtered = enabled !== undefined || advert_id !== undefined || broadcasting_type !== undefined
      const where = (campaign: CampaignRecord) =>
        (enabled === undefined || campaign.enabled === enabled) &&
        (advert_id === undefined || campaign.advert_id === advert_id) &&
        (broadcasting_type === undefined || campaign.broadcasting_type === broadcasting_type)
      return paginate(store.campaigns, user.id, query, present, filtered ? where : undefined)
    }),

    implementOperation(ctx, createCampaign, async ({ user, body }) => {
      const { advert_id, broadcasting_type, cpm, sending_limit } = body.campaign
      const advert = advertForInput(user, advert_id, 'create')
      const now = isoTimestamp(ctx.clock.now())
      const campaign = await store.campaigns.insert({
        id: store.campaigns.nextId(),
        user_id: user.id,
        advert_id: advert.id,
        broadcasting_type,
        cpm_micros: usdToMicros(cpm),
        sending_limit,
        sending_count: 0,
        enabled: true,
        created_at: now,
        updated_at: now,
      })
      return { data: presentCampaign(campaign, advert.title) }
    }),

    implementOperation(ctx, getCampaign, async ({ user, id }) => {
      const campaign = ownedCampaign(ctx, user, id)
      const advert = advertOf(ctx, campaign)
      return { data: { ...presentCampaign(campaign, advert.title), advert: presentAdvert(advert) } }
    }),

    implementOperation(ctx, updateCampaign, async ({ user, id, body }) => {
      const campaign = ownedCampaign(ctx, user, id)
      const { advert_id, cpm, ...rest } = body.campaign
      if (advert_id !== undefined) advertForInput(user, advert_id, 'update')
      if (rest.sending_limit !== undefined && rest.sending_limit < campaign.sending_count) {
        throw validationFailed(`Failed to update campaign ${id}: sending_limit is below sending_count`, [
          { field: 'campaign.sending_limit', message: `must be at least sending_count (${campaign.sending_count})` },
        ])
      }
      const changes = { ...rest, advert_id, cpm_micros: cpm === undefined ? undefined : usdToMicros(cpm) }
      const updated = await applyChanges(store.campaigns, campaign, changes, isoTimestamp(ctx.clock.now()))
      return { data: present(updated) }
    }),

    implementOperation(ctx, deleteCampaign, async ({ user, id }) => {
      const campaign = ownedCampaign(ctx, user, id)
      const data = present(campaign)
      store.campaigns.remove(campaign)
      return { data }
    }),

    implementOperation(ctx, toggleCampaign, async ({ user, id }) => {
      const campaign = ownedCampaign(ctx, user, id)
      const updated = await applyChanges(store.campaigns, campaign, { enabled: !campaign.enabled }, isoTimestamp(ctx.clock.now()))
      return { data: present(updated) }
    }),
  ]
}
