import type { DomainContext } from '../domain/domain-context.js'
import type { Advert } from '../schemas/advert.js'
import type { Campaign, CampaignDetailed } from '../schemas/campaign.js'
import { fieldShown, initialValues, type Template } from '../profile/template.js'
import type { Balance, User } from '../schemas/user.js'
import type { PageQuery } from '../store/indexed-collection.js'
import type { AdvertRecord, CampaignRecord, UserRecord } from '../store/models.js'
import { exactUsdToMicros, microsToUsd } from '../store/money.js'

/** A stored amount (USD to the micro-dollar) as the API shows it: rounded down to the cent. */
const toCents = (usd: number) => microsToUsd(exactUsdToMicros(usd))

// Fields are listed in the spec's order (section 2) so responses read like its tables.

/**
 * Turns a stored user into the API's User: its tier's limits as they are now, and the fields beyond
 * the document the profile names (a twin's `locale`). The one way a user is shown, by the API, the
 * control plane and arrange alike.
 */
export function presentUser(user: UserRecord, { tiers, profile }: Pick<DomainContext, 'tiers' | 'profile'>): User {
  const shown: User = {
    id: user.id,
    email: user.email,
    api_key: user.api_key,
    balance_usd: toCents(user.balance_usd),
    total_topups_usd: toCents(user.total_topups_usd),
    api_tier: user.api_tier,
    api_tier_limits: { ...tiers[user.api_tier] },
    created_at: user.created_at,
    updated_at: user.updated_at,
  }
  return withExtra(shown, user, profile.resources.extraFields.user)
}

/** Extra fields of a resource, by name: the profile's, as it shows them (profile/template.ts). */
type Extra = Readonly<Record<string, Template>>

/** A stored user's balance, as GET /user/balance answers it, with the fields a profile adds to it (`extra`). */
export function presentBalance(user: UserRecord, extra: Extra = {}): Balance {
  return {
    balance_usd: toCents(user.balance_usd),
    total_topups_usd: toCents(user.total_topups_usd),
    ...initialValues(extra),
  }
}

/** Turns a stored advert into the API's Advert: its fields as stored, the extra ones a profile names as it shows them. */
export function presentAdvert({ user_id: _owner, ...advert }: AdvertRecord, extra: Extra = {}): Advert {
  return withExtra({ ...advert }, advert, extra)
}

/** Turns a stored campaign into the API's Campaign, with its advert's title and the fields beyond the document a profile names (`extra`). */
export function presentCampaign(campaign: CampaignRecord, advertTitle: string, extra: Extra = {}): Campaign {
  const shown: Campaign = {
    id: campaign.id,
    advert_id: campaign.advert_id,
    advert_title: advertTitle,
    broadcasting_type: campaign.broadcasting_type,
    cpm: campaign.cpm,
    sending_limit: campaign.sending_limit,
    sending_count: campaign.sending_count,
    enabled: campaign.enabled,
    created_at: campaign.created_at,
    updated_at: campaign.updated_at,
  }
  return withExtra(shown, campaign, extra)
}

/** Turns a stored campaign and its advert into the API's CampaignDetailed. */
export function presentCampaignDetailed(
  campaign: CampaignRecord,
  advert: AdvertRecord,
  extra: Extra = {},
  advertExtra: Extra = {},
): CampaignDetailed {
  return { ...presentCampaign(campaign, advert.title, extra), advert: presentAdvert(advert, advertExtra) }
}

/** Sets a record's fields beyond the document, those the profile names, on what the API shows of it: stored, or following another field. */
function withExtra<T extends object>(shown: T, record: object, extra: Extra): T {
  for (const [name, template] of Object.entries(extra)) {
    const stored = (record as Record<string, unknown>)[name]
    const value = fieldShown(template, stored, record as Record<string, unknown>)
    if (value !== undefined) Object.assign(shown, { [name]: value })
  }
  return shown
}

/** Where a page of the control plane's lists stands, as the control plane answers it in-process (its paging is the mock's own). */
export interface Pagination {
  page: number
  per_page: number
  total_count: number
  total_pages: number
}

/**
 * Where a page stands in a list of `total` records, as the control plane tells in-process callers.
 * @example pagination({ page: 2, per_page: 25 }, 60) // { page: 2, per_page: 25, total_count: 60, total_pages: 3 }
 */
export function pagination({ page, per_page }: PageQuery, total: number): Pagination {
  return { page, per_page, total_count: total, total_pages: Math.ceil(total / per_page) }
}
