import type { Account, AdvertRow, CampaignRow, Store } from './store.js'

/** The tier every account has here, and its limits. */
export const TIER = { name: 'starter', perDay: 100_000, maxTopups: 10 } as const

/** An account as the API answers it. */
export function presentUser(account: Account, perMinute: number): Record<string, unknown> {
  return {
    id: account.id,
    email: account.email,
    api_key: account.apiKey,
    balance_usd: 0,
    total_topups_usd: 0,
    api_tier: TIER.name,
    api_tier_limits: { per_minute: perMinute, per_day: TIER.perDay, max_topups: TIER.maxTopups },
    created_at: account.createdAt,
    updated_at: account.updatedAt,
    locale: 'en-US',
  }
}

/** An advert as the API answers it. */
export function presentAdvert(advert: AdvertRow): Record<string, unknown> {
  return {
    id: advert.id,
    title: advert.title,
    description: advert.description,
    target_url: advert.targetUrl,
    created_at: advert.createdAt,
    updated_at: advert.updatedAt,
    status: 'active',
  }
}

/** A campaign as the API answers it (with its advert nested, for a single read). */
export function presentCampaign(store: Store, campaign: CampaignRow, withAdvert = false): Record<string, unknown> {
  const advert = store.adverts.get(campaign.advertId)
  return {
    id: campaign.id,
    advert_id: campaign.advertId,
    advert_title: advert?.title ?? '',
    broadcasting_type: campaign.broadcastingType,
    cpm: campaign.cpm,
    sending_limit: campaign.sendingLimit,
    sending_count: campaign.sendingCount,
    enabled: campaign.enabled,
    created_at: campaign.createdAt,
    updated_at: campaign.updatedAt,
    ...(withAdvert && advert ? { advert: presentAdvert(advert) } : {}),
  }
}
