import type { Conventions, ExtraField } from './house-conventions.js'
import type { HouseAccount, HouseStore } from './house-store.js'
import type { AdvertRow, CampaignRow } from './store.js'

// A house style's records as its API answers them: every field spec 2.2 and 2.3 names (a stored
// row's fields are named as the spec names them, in camel case), the advert's own fields (title,
// description, target_url, as our document's paths take them), and the style's extra fields:
// constants, a field that follows `enabled`, or one made from the id.

/** Where a record's URL starts: the origin and prefix the request came to, e.g. http://127.0.0.1:4000/api/v1. */
export interface Presenting {
  store: HouseStore
  base: string
  /** The minute's quota the account is told (the server's perMinute). */
  perMinute: number
}

/** An account as the style answers it: its fields (the key as api_key), its tier and the tier's limits. */
export function presentUser({ store, perMinute }: Presenting, account: HouseAccount): Record<string, unknown> {
  const { tier } = store.conventions
  return {
    ...onTheWire(account),
    api_tier: tier.name,
    api_tier_limits: { per_minute: perMinute, per_day: tier.perDay, max_topups: tier.maxTopups },
    ...extras(store.conventions.extraFields.user, { id: account.id, kind: 'users' }),
  }
}

/** The balance operation's answer. */
export function presentBalance({ store }: Presenting, account: HouseAccount): Record<string, unknown> {
  const { balance_usd, total_topups_usd } = onTheWire(account)
  const fields = store.conventions.extraFields.balance
  return { balance_usd, total_topups_usd, ...extras(fields, { id: account.id, kind: 'users' }) }
}

/** An advert as the style answers it. */
export function presentAdvert({ store, base }: Presenting, advert: AdvertRow): Record<string, unknown> {
  return {
    ...onTheWire(advert),
    ...extras(store.conventions.extraFields.advert, { id: advert.id, kind: 'adverts', base }),
  }
}

/** A campaign as the style answers it, with its advert's title; `detail`: the single read, which embeds the advert where the style does. */
export function presentCampaign(
  presenting: Presenting,
  campaign: CampaignRow,
  detail = false,
): Record<string, unknown> {
  const { store, base } = presenting
  const advert = store.adverts.get(campaign.advertId)
  const embedded = detail && advert && store.conventions.campaignDetailEmbedsAdvert
  return {
    ...onTheWire(campaign),
    advert_title: advert?.title ?? '',
    ...extras(store.conventions.extraFields.campaign, { id: campaign.id, kind: 'campaigns', base, campaign }),
    ...(embedded ? { advert: presentAdvert(presenting, advert) } : {}),
  }
}

/** A stored row's fields under their wire names (`advertId` as `advert_id`, `apiKey` as `api_key`), its owner left out. */
function onTheWire(row: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row)
      .filter(([key]) => key !== 'ownerId' && key !== 'deletedAt')
      .map(([key, value]) => [key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`), value]),
  )
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
