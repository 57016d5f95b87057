import type { DomainContext } from '../domain/domain-context.js'
import type { Advert } from '../schemas/advert.js'
import type { Campaign, CampaignDetailed } from '../schemas/campaign.js'
import type { Pagination } from '../schemas/common.js'
import type { Balance, User } from '../schemas/user.js'
import type { Page, PageQuery } from '../store/indexed-collection.js'
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
  return withExtra(shown, user, Object.keys(profile.resources.extraFields.user))
}

/** A stored user's balance, as GET /user/balance answers it, with the fields a profile adds to it (`extra`). */
export function presentBalance(user: UserRecord, extra: Readonly<Record<string, unknown>> = {}): Balance {
  return { balance_usd: toCents(user.balance_usd), total_topups_usd: toCents(user.total_topups_usd), ...extra }
}

/** Turns a stored advert into the API's Advert. */
export function presentAdvert({ user_id: _owner, ...advert }: AdvertRecord): Advert {
  return { ...advert }
}

/** Turns a stored campaign into the API's Campaign, with its advert's title and the fields beyond the document a profile names (`extra`). */
export function presentCampaign(
  campaign: CampaignRecord,
  advertTitle: string,
  extra: readonly string[] = [],
): Campaign {
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
  extra: readonly string[] = [],
): CampaignDetailed {
  return { ...presentCampaign(campaign, advert.title, extra), advert: presentAdvert(advert) }
}

/** Copies a record's fields beyond the document, those named, onto what the API shows of it. */
function withExtra<T extends object>(shown: T, record: object, names: readonly string[]): T {
  for (const name of names)
    if (Object.hasOwn(record, name)) Object.assign(shown, { [name]: (record as Record<string, unknown>)[name] })
  return shown
}

/** One page of a list: its records and where it stands in the whole list. */
export interface ListPage<D> {
  data: D[]
  pagination: Pagination
}

/**
 * Where a page stands in a list of `total` records: the one place the page arithmetic is written.
 * @example pagination({ page: 2, per_page: 25 }, 60) // { page: 2, per_page: 25, total_count: 60, total_pages: 3 }
 */
export function pagination({ page, per_page }: PageQuery, total: number): Pagination {
  return { page, per_page, total_count: total, total_pages: Math.ceil(total / per_page) }
}

/** Presents one page of records as a list operation answers it: the records presented, and where the page stands. */
export function presentPage<T, D>({ rows, total }: Page<T>, query: PageQuery, present: (row: T) => D): ListPage<D> {
  return { data: rows.map(present), pagination: pagination(query, total) }
}
