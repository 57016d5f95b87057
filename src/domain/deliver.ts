import { ApiError } from '../errors/api-error.js'
import { MESSAGES } from '../errors/messages.js'
import type { CampaignDelivery, DeliveryInput, DeliveryReport } from '../schemas/admin.js'
import type { CampaignRecord } from '../store/models.js'
import { isoTimestamp } from './clock.js'
import type { DomainContext } from './domain-context.js'

/** Sends a thousand of cost the campaign's cpm, so one send costs cpm / 1000 (exact in micros). */
export function pricePerSendMicros(campaign: Pick<CampaignRecord, 'cpm_micros'>): number {
  // cpm is whole cents (10,000 micros), so the price is a whole number of micros.
  return campaign.cpm_micros / 1000
}

/**
 * The mock's delivery and billing model (the spec shows none). Campaigns go in id order;
 * each enabled one makes up to `sends` sends, never past its sending_limit and never more
 * than its owner's balance pays for, at cpm / 1000 USD a send. Afterwards, a campaign
 * with room left whose owner cannot pay for one more send is disabled; one that reached
 * its sending_limit stays enabled (raising the limit resumes it). A campaign id that does
 * not exist is a 404 and nothing changes.
 * @example await deliver(ctx, { sends: 1000 })
 */
export async function deliver(ctx: DomainContext, { sends, campaign_ids }: DeliveryInput): Promise<DeliveryReport> {
  const { store } = ctx
  const campaigns = campaign_ids
    ? [...new Set(campaign_ids)].sort((a, b) => a - b).map((id) => campaignById(ctx, id))
    : Array.from(store.campaigns.rows()).filter((campaign) => campaign.enabled)

  // Plan everything first from one snapshot, then write: the balance never goes below zero.
  const balances = new Map<number, number>()
  const plans = campaigns.map((campaign) => {
    const price = pricePerSendMicros(campaign)
    const balance = balances.get(campaign.user_id) ?? store.users.get(campaign.user_id)!.balance_micros
    const room = campaign.sending_limit - campaign.sending_count
    const sent = campaign.enabled ? Math.min(sends, room, Math.floor(balance / price)) : 0
    balances.set(campaign.user_id, balance - sent * price)
    return { campaign, price, sent, charged: sent * price }
  })

  const report: CampaignDelivery[] = plans.map(({ campaign, price, sent, charged }) => {
    const sendingCount = campaign.sending_count + sent
    const outcome: CampaignDelivery['outcome'] = !campaign.enabled
      ? 'skipped_disabled'
      : sendingCount >= campaign.sending_limit
        ? 'limit_reached'
        : balances.get(campaign.user_id)! < price
          ? 'disabled_unpaid'
          : 'sent'
    return {
      campaign_id: campaign.id,
      user_id: campaign.user_id,
      sent,
      charged_micros: charged,
      sending_count: sendingCount,
      sending_limit: campaign.sending_limit,
      enabled: campaign.enabled && outcome !== 'disabled_unpaid',
      outcome,
    }
  })

  const now = isoTimestamp(ctx.clock.now())
  for (const [index, { campaign, sent }] of plans.entries()) {
    const disable = report[index]!.outcome === 'disabled_unpaid'
    if (sent === 0 && !disable) continue
    await store.campaigns.update(campaign, (draft) => {
      draft.sending_count += sent
      if (disable) draft.enabled = false
      draft.updated_at = now
    })
  }
  const charges = new Map<number, number>()
  for (const { campaign, charged } of plans) charges.set(campaign.user_id, (charges.get(campaign.user_id) ?? 0) + charged)
  for (const [userId, charged] of charges) {
    if (charged === 0) continue
    await store.updateUser(store.users.get(userId)!, (draft) => {
      draft.balance_micros -= charged
      draft.updated_at = now
    })
  }

  return {
    sent: report.reduce((sum, row) => sum + row.sent, 0),
    charged_micros: report.reduce((sum, row) => sum + row.charged_micros, 0),
    campaigns: report,
  }
}

function campaignById(ctx: DomainContext, id: number): CampaignRecord {
  const campaign = ctx.store.campaigns.get(id)
  if (!campaign) throw new ApiError('not_found', MESSAGES.not_found.delivery(id))
  return campaign
}
