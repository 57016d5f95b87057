import { SECOND_SET } from './second-set.js'
import type { SecondStore } from './second-store.js'
import type { Account, AdvertRow, CampaignRow } from './store.js'

// The second set's resources as the API answers them: every field the spec names, adverts with a
// `category` and campaigns with a `currency` beside them, and a campaign's detail without its advert.

/** An account as the API answers it, on the one tier. */
export function presentSecondUser(account: Account, perMinute: number): Record<string, unknown> {
  const { tier } = SECOND_SET
  return {
    id: account.id,
    email: account.email,
    api_key: account.apiKey,
    balance_usd: 0,
    total_topups_usd: 0,
    api_tier: tier.name,
    api_tier_limits: { per_minute: perMinute, per_day: tier.perDay, max_topups: tier.maxTopups },
    created_at: account.createdAt,
    updated_at: account.updatedAt,
  }
}

/** An advert as the API answers it. */
export function presentSecondAdvert(advert: AdvertRow): Record<string, unknown> {
  return {
    id: advert.id,
    title: advert.title,
    description: advert.description,
    target_url: advert.targetUrl,
    category: SECOND_SET.advertCategory,
    created_at: advert.createdAt,
    updated_at: advert.updatedAt,
  }
}

/** A campaign as the API answers it, in a list and alone alike. */
export function presentSecondCampaign(store: SecondStore, campaign: CampaignRow): Record<string, unknown> {
  return {
    id: campaign.id,
    advert_id: campaign.advertId,
    advert_title: store.adverts.get(campaign.advertId)?.title ?? '',
    broadcasting_type: campaign.broadcastingType,
    cpm: campaign.cpm,
    currency: SECOND_SET.campaignCurrency,
    sending_limit: campaign.sendingLimit,
    sending_count: campaign.sendingCount,
    enabled: campaign.enabled,
    created_at: campaign.createdAt,
    updated_at: campaign.updatedAt,
  }
}
