import { ApiError } from '../errors/api-error.js'
import { MESSAGES } from '../errors/messages.js'
import type { CampaignDelivery, DeliveryInput, DeliveryReport } from '../schemas/control-plane.js'
import type { CampaignRecord, UserRecord } from '../store/models.js'
import { exactUsdToMicros, microsToExactUsd, usdToMicros } from '../store/money.js'
import { must } from '../store/must.js'
import type { Store } from '../store/store.js'
import { stampNow } from './clock.js'
import type { DomainContext } from './domain-context.js'

/** Sends a thousand of cost the campaign's cpm, so one send costs cpm / 1000 (exact in micros). */
export function pricePerSendMicros(campaign: Pick<CampaignRecord, 'cpm'>): number {
  // cpm is whole cents (10,000 micros), so the price is a whole number of micros.
  return usdToMicros(campaign.cpm) / 1000
}

/** A campaign and the account that holds it. */
interface Held {
  campaign: CampaignRecord
  userId: number
}

/** What a delivery will do to one campaign, and the purse of its owner (what the plan leaves of the balance, in micros). */
interface Plan extends Held {
  purse: { balance: number }
  price: number
  sent: number
  charged: number
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
  const held = campaign_ids
    ? [...new Set(campaign_ids)].sort((a, b) => a - b).map((id) => campaignById(ctx, id))
    : enabledCampaigns(ctx)

  // Plan everything first from one snapshot, then write: the balance never goes below zero.
  // An owner's purse holds what the plan leaves of its balance, in micros.
  const purses = new Map<number, { balance: number }>()
  const purseOf = (userId: number) => {
    let purse = purses.get(userId)
    if (!purse) {
      purse = { balance: exactUsdToMicros(ownerOf(store, userId).balance_usd) }
      purses.set(userId, purse)
    }
    return purse
  }
  const plans = held.map(({ campaign, userId }): Plan => {
    const price = pricePerSendMicros(campaign)
    const purse = purseOf(userId)
    const room = campaign.sending_limit - campaign.sending_count
    const sent = campaign.enabled ? Math.min(sends, room, Math.floor(purse.balance / price)) : 0
    purse.balance -= sent * price
    return { campaign, userId, purse, price, sent, charged: sent * price }
  })

  const outcomes = plans.map((plan) => ({ ...plan, outcome: outcomeOf(plan) }))
  const report: CampaignDelivery[] = outcomes.map(({ campaign, userId, sent, charged, outcome }) => ({
    campaign_id: campaign.id,
    user_id: userId,
    sent,
    charged_micros: charged,
    sending_count: campaign.sending_count + sent,
    sending_limit: campaign.sending_limit,
    enabled: campaign.enabled && outcome !== 'disabled_unpaid',
    outcome,
  }))

  const now = stampNow(ctx)
  for (const { campaign, userId, sent, outcome } of outcomes) {
    const disable = outcome === 'disabled_unpaid'
    if (sent === 0 && !disable) continue
    await store.account(userId).campaigns.update(campaign, {
      strict: true,
      data: (draft) => {
        draft.sending_count += sent
        if (disable) draft.enabled = false
        draft.updated_at = now
      },
    })
  }
  // The plan's last balance of each owner is what it pays down to.
  for (const [userId, { balance }] of purses) {
    const user = ownerOf(store, userId)
    if (balance === exactUsdToMicros(user.balance_usd)) continue
    await store.updateUser(user, (draft) => {
      draft.balance_usd = microsToExactUsd(balance)
      draft.updated_at = now
    })
  }

  return {
    sent: report.reduce((sum, row) => sum + row.sent, 0),
    charged_micros: report.reduce((sum, row) => sum + row.charged_micros, 0),
    campaigns: report,
  }
}

/** How a planned campaign ends up, read once every plan is made: its owner's purse then holds the last balance. */
function outcomeOf({ campaign, purse, price, sent }: Plan): CampaignDelivery['outcome'] {
  if (!campaign.enabled) return 'skipped_disabled'
  if (campaign.sending_count + sent >= campaign.sending_limit) return 'limit_reached'
  return purse.balance < price ? 'disabled_unpaid' : 'sent'
}

/** The user who holds an account: the store drops an account with its user, so there is one. */
function ownerOf(store: Store, userId: number): UserRecord {
  return must(store.users.get(userId), `user ${userId}, who holds a campaign`)
}

/** The campaign with this id, in whichever account holds it (one look-up per account). */
function campaignById(ctx: DomainContext, id: number): Held {
  for (const account of ctx.store.accounts()) {
    const campaign = account.campaigns.get(id)
    if (campaign) return { campaign, userId: account.userId }
  }
  throw new ApiError('not_found', MESSAGES.not_found.delivery(id))
}

/** Every enabled campaign of every account, in id order. */
function enabledCampaigns(ctx: DomainContext): Held[] {
  const held: Held[] = []
  for (const account of ctx.store.accounts()) {
    for (const campaign of account.campaigns.rows())
      if (campaign.enabled) held.push({ campaign, userId: account.userId })
  }
  return held.sort((a, b) => a.campaign.id - b.campaign.id)
}
