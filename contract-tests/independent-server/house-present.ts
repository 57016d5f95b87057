import type { Conventions, ExtraField } from './house-conventions.js'
import type { HouseAccount, HouseStore } from './house-store.js'
import type { AdvertRow, CampaignRow } from './store.js'

// A house style's records as its API answers them: every field spec 2.2 and 2.3 names, the
// advert's own fields (title, description, target_url, as our document's paths take them), and
// the style's extra fields: constants, a field that follows `enabled`, or one made from the id.

/** Where a record's URL starts: the origin and prefix the request came to, e.g. http://127.0.0.1:4000/api/v1. */
export interface Presenting {
  store: HouseStore
  base: string
  /** The minute's quota the account is told (the server's perMinute). */
  perMinute: number
}

/** An account as the style answers it. */
export function presentUser({ store, perMinute }: Presenting, account: HouseAccount): Record<string, unknown> {
  const { tier } = store.conventions
  return {
    id: account.id,
    email: account.email,
    api_key: account.apiKey,
    balance_usd: account.balanceUsd,
    total_topups_usd: account.totalTopupsUsd,
    api_tier: tier.name,
    api_tier_limits: { per_minute: perMinute, per_day: tier.perDay, max_topups: tier.maxTopups },
    created_at: account.createdAt,
    updated_at: account.updatedAt,
    ...extras(store.conventions.extraFields.user, { id: account.id, kind: 'users' }),
  }
}

/** The balance operation's answer. */
export function presentBalance({ store }: Presenting, account: HouseAccount): Record<string, unknown> {
  return {
    balance_usd: account.balanceUsd,
    total_topups_usd: account.totalTopupsUsd,
    ...extras(store.conventions.extraFields.balance, { id: account.id, kind: 'users' }),
  }
}

/** An advert as the style answers it. */
export function presentAdvert({ store, base }: Presenting, advert: AdvertRow): Record<string, unknown> {
  return {
    id: advert.id,
    title: advert.title,
    description: advert.description,
    target_url: advert.targetUrl,
    created_at: advert.createdAt,
    updated_at: advert.updatedAt,
    ...extras(store.conventions.extraFields.advert, { id: advert.id, kind: 'adverts', base }),
  }
}

/** A campaign as the style answers it; `detail`: the single read, which embeds its advert where the style does. */
export function presentCampaign(
  presenting: Presenting,
  campaign: CampaignRow,
  detail = false,
): Record<string, unknown> {
  const { store, base } = presenting
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
    ...extras(store.conventions.extraFields.campaign, { id: campaign.id, kind: 'campaigns', base, campaign }),
    ...(detail && advert && store.conventions.campaignDetailEmbedsAdvert
      ? { advert: presentAdvert(presenting, advert) }
      : {}),
  }
}

/** The extra fields of a record, each by its rule. */
function extras(
  fields: Conventions['extraFields'][keyof Conventions['extraFields']],
  record: { id: number; kind: string; base?: string; campaign?: CampaignRow },
): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields ?? {}).map(([name, rule]) => [name, extraValue(rule, record)]))
}

function extraValue(rule: ExtraField, { id, kind, base, campaign }: Parameters<typeof extras>[1]): unknown {
  if ('constant' in rule) return rule.constant
  if (rule.follows === 'enabled') return campaign?.enabled ? rule.values.true : rule.values.false
  if (rule.form === 'url') return `${base ?? ''}/${kind}/${id}`
  // GitHub's legacy node ids: base64 of "04:<Type><id>".
  const type = { adverts: 'Advert', campaigns: 'Campaign', users: 'User' }[kind] ?? 'Node'
  return Buffer.from(`04:${type}${id}`).toString('base64')
}
