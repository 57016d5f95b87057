import type { Seed } from './house-conventions.js'
import { HouseInput } from './house-input.js'
import type { HouseStore } from './house-store.js'

// The first account's records when a style starts: what a twin captures. Each seeded value
// passes the style's own rules first (a style that seeded what it would refuse is incoherent,
// and fails at start); then it is stored with stamps days in the past, ids from the sequence.

/** The ids the seed was given, in the seed's order. */
export interface Seeded {
  adverts: number[]
  campaigns: number[]
}

/**
 * Seeds the store's first account; an Error naming the value when the style's rules refuse it.
 * @example const { adverts, campaigns } = applySeed(store, declaration.seed)
 */
export function applySeed(store: HouseStore, seed: Seed): Seeded {
  const owner = store.accounts[0]
  if (!owner) return { adverts: [], campaigns: [] }
  const { conventions } = store
  Object.assign(owner, { balanceUsd: seed.balance.balance_usd, totalTopupsUsd: seed.balance.total_topups_usd })
  const adverts = seed.adverts.map((advert) => {
    const input = new HouseInput(
      { advert },
      'advert',
      ['title', 'description', 'target_url', 'daysAgo', 'updatedDaysAgo'],
      'refuse',
    )
    input.text('title', { required: true, min: 1, max: conventions.bounds.titleMax })
    input.text('description', { max: conventions.bounds.descriptionMax })
    input.url('target_url')
    refuseIncoherent(input, advert)
    const fields = { title: advert.title, description: advert.description ?? '', targetUrl: advert.target_url ?? null }
    return store.insert('adverts', owner.id, fields, stamps(store, advert)).id
  })
  const campaigns = seed.campaigns.map((campaign) => {
    const input = new HouseInput({ campaign }, 'campaign', [], 'ignore')
    input.oneOf('broadcasting_type', conventions.broadcastingTypes, { required: true })
    const cpm = input.cpm('cpm', { ...conventions.bounds.cpm, beyond: 'refuse' }, { required: true })
    input.integer('sending_limit', { required: true, max: conventions.bounds.sendingLimitMax })
    const advertId = adverts[campaign.advert]
    if (advertId === undefined) input.reject('advert', `no seeded advert ${campaign.advert}`)
    if (campaign.sending_count > campaign.sending_limit) input.reject('sending_count', 'is above sending_limit')
    refuseIncoherent(input, campaign)
    const fields = {
      advertId: advertId!,
      broadcastingType: campaign.broadcasting_type,
      cpm: cpm!,
      sendingLimit: campaign.sending_limit,
      sendingCount: campaign.sending_count,
      enabled: campaign.enabled,
    }
    return store.insert('campaigns', owner.id, fields, stamps(store, campaign)).id
  })
  return { adverts, campaigns }
}

/** A seeded record's stamps: created, and last updated (no later than now, no earlier than created). */
function stamps({ clock }: HouseStore, { daysAgo, updatedDaysAgo }: { daysAgo: number; updatedDaysAgo?: number }) {
  return { createdAt: clock.daysAgo(daysAgo), updatedAt: clock.daysAgo(Math.min(daysAgo, updatedDaysAgo ?? daysAgo)) }
}

function refuseIncoherent(input: HouseInput, value: unknown): void {
  if (input.problems.length === 0) return
  const reasons = input.problems.map((problem) => `${problem.path.join('.')} ${problem.reason}`).join('; ')
  throw new Error(`the style's seed holds what its own rules refuse (${JSON.stringify(value)}): ${reasons}`)
}
