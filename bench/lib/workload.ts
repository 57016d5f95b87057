import { API_TIERS, type ApiTier, type ApiTierLimits } from '../../src/schemas/user.js'
import type { Dataset } from '../../src/schemas/dataset.js'
import { generateDataset } from '../../src/store/generate-dataset.js'

/** The kinds of request the bench times, in the order it reports them. */
export const REQUEST_KINDS = ['list', 'filtered', 'get', 'create', 'update', 'toggle', 'delete'] as const
export type RequestKind = (typeof REQUEST_KINDS)[number]

/** How each kind reads in the report. */
export const REQUEST_LABELS: Readonly<Record<RequestKind, string>> = {
  list: 'GET /campaigns?per_page=25',
  filtered: 'GET /campaigns?per_page=25&enabled=true',
  get: 'GET /campaigns/{id}',
  create: 'POST /campaigns',
  update: 'PATCH /campaigns/{id}',
  toggle: 'POST /campaigns/{id}/toggle',
  delete: 'DELETE /campaigns/{id}',
}

/** One request below the API base, as a load generator or `fetch` sends it. */
export interface BenchRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  /** Below the API base, e.g. `/campaigns?per_page=25`. */
  path: string
  body?: string
}

/** Whom a kind of request acts as and on what. */
export interface Subject {
  apiKey: string
  campaignId: number
  advertId: number
  /** Every campaign of the subject's, oldest first (what deletes take their victims from). */
  campaignIds?: number[]
}

/**
 * Limits out of reach, so every timed request does the whole work (authentication, counting,
 * journal) instead of a cheap 429; the bench still fails on any answer but the expected one.
 */
export const UNLIMITED_TIERS: Record<ApiTier, ApiTierLimits> = Object.fromEntries(
  API_TIERS.map((tier) => [tier, { per_minute: 1e9, per_day: 1e9, max_topups: 1e9 }]),
) as Record<ApiTier, ApiTierLimits>

/**
 * Resource caps out of reach: a create run of 8 s makes tens of thousands of campaigns for one
 * user, past the default cap of 10,000 (whose 422 would be cheap and wrong).
 */
export const UNCAPPED = { adverts_per_user: 1e9, campaigns_per_user: 1e9, users: 1e9 } as const

/** The status each kind answers when all goes well. */
export function expectedStatus(kind: RequestKind): number {
  return kind === 'create' ? 201 : 200
}

/**
 * The requests of a kind, sent in turn: an update alternates two prices so that every
 * PATCH writes (one that changes nothing writes nothing). A delete names the subject's campaign;
 * the mock worker sends it for a fresh victim each time (`victimsOf`).
 */
export function requestsOf(kind: RequestKind, { campaignId, advertId }: Subject): BenchRequest[] {
  switch (kind) {
    case 'list':
      return [{ method: 'GET', path: '/campaigns?per_page=25' }]
    case 'filtered':
      return [{ method: 'GET', path: '/campaigns?per_page=25&enabled=true' }]
    case 'get':
      return [{ method: 'GET', path: `/campaigns/${campaignId}` }]
    case 'create': {
      const campaign = { advert_id: advertId, broadcasting_type: 'active_ad', cpm: 2.5, sending_limit: 1000 }
      return [{ method: 'POST', path: '/campaigns', body: JSON.stringify({ campaign }) }]
    }
    case 'update':
      return [2.5, 3.5].map((cpm) => ({
        method: 'PATCH',
        path: `/campaigns/${campaignId}`,
        body: JSON.stringify({ campaign: { cpm } }),
      }))
    case 'toggle':
      return [{ method: 'POST', path: `/campaigns/${campaignId}/toggle` }]
    case 'delete':
      return [{ method: 'DELETE', path: `/campaigns/${campaignId}` }]
  }
}

/** A dataset of `campaigns` campaigns spread over users holding 100 each (10 adverts x 10). */
export function spreadDataset(campaigns: number): Dataset {
  return generateDataset({
    seed: 1,
    users: Math.max(1, Math.round(campaigns / 100)),
    advertsPerUser: 10,
    campaignsPerAdvert: 10,
  })
}

/** A dataset of one user holding `campaigns` campaigns on 10 adverts. */
export function oneUserDataset(campaigns: number): Dataset {
  return generateDataset({
    seed: 1,
    users: 1,
    advertsPerUser: 10,
    campaignsPerAdvert: Math.max(1, Math.round(campaigns / 10)),
  })
}

/**
 * One account holding `campaigns` campaigns (user 1, 10 adverts), then accounts of 1,000
 * campaigns each holding `others` between them: what a write in one account costs beside the rest.
 */
export function accountsDataset(campaigns: number, others: number): Dataset {
  const subject = oneUserDataset(campaigns)
  if (others <= 0) return subject
  const rest = generateDataset({
    seed: 2,
    users: Math.round(others / 1000),
    advertsPerUser: 10,
    campaignsPerAdvert: 100,
  })
  const [users, adverts, campaignCount] = [subject.users.length, subject.adverts.length, subject.campaigns.length]
  return {
    users: [
      ...subject.users,
      ...rest.users.map((user) => ({ ...user, id: user.id + users, email: user.email.replace('@', '.other@') })),
    ],
    adverts: [
      ...subject.adverts,
      ...rest.adverts.map((advert) => ({ ...advert, id: advert.id + adverts, user_id: advert.user_id + users })),
    ],
    campaigns: [
      ...subject.campaigns,
      ...rest.campaigns.map((campaign) => ({
        ...campaign,
        id: campaign.id + campaignCount,
        advert_id: campaign.advert_id + adverts,
      })),
    ],
  }
}

/** The user at `index` in a dataset, one of their campaigns from the middle and one of their adverts. */
export function subjectOf(dataset: Dataset, index: number): Subject {
  const user = dataset.users[index]
  if (!user) throw new RangeError(`The dataset has no user at index ${index}`)
  const adverts = new Set(dataset.adverts.filter((advert) => advert.user_id === user.id).map((advert) => advert.id))
  const campaigns = dataset.campaigns.filter((campaign) => adverts.has(campaign.advert_id))
  const campaign = campaigns[campaigns.length >> 1]
  if (!campaign) throw new RangeError(`User ${user.id} has no campaign`)
  return {
    apiKey: user.api_key,
    campaignId: campaign.id,
    advertId: campaign.advert_id,
    campaignIds: campaigns.map((row) => row.id),
  }
}
