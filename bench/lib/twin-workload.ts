import { readFileSync } from 'node:fs'
import { initialValues } from '../../src/profile/template.js'
import type { Profile } from '../../src/profile/profile.js'
import type { TwinFile } from '../../src/profile/twin-file.js'
import type { Dataset } from '../../src/schemas/dataset.js'
import { readTwinFile } from '../../src/surface/twin.js'

/** The committed twin whose profile the bench's twin serves: the independent server's, learned by the CLI. */
export const BENCH_TWIN_FILE = 'fixtures/independent.twin.json'

/** The committed twin, read and checked. */
export function readBenchTwin(file = BENCH_TWIN_FILE): TwinFile {
  return readTwinFile(readFileSync(file, 'utf8'))
}

/**
 * A twin for the bench: the profile of `base` with every tier's limits out of reach (as the default
 * listener's are), and as its captured account the dataset's user at `index` with their adverts and
 * campaigns, each carrying the fields beyond the document the profile names and the user on the
 * profile's default tier. A listener serving it answers the same requests for the same account, with
 * the same key and ids, as one serving the whole dataset.
 * @example twinOfAccount(readBenchTwin(), spreadDataset(10_000), 50)
 */
export function twinOfAccount(base: TwinFile, dataset: Dataset, index: number): TwinFile {
  const { profile } = base
  const held = withExtraFields(profile, dataset)
  const found = held.users[index]
  if (!found) throw new RangeError(`The dataset has no user at index ${index}`)
  const { topups_count: _count, ...user } = found
  const unlimited = { per_minute: 1e9, per_day: 1e9, max_topups: 1e9 }
  const tiers = Object.fromEntries(Object.keys(profile.rateLimits.tiers).map((name) => [name, unlimited]))
  const adverts = held.adverts.filter((advert) => advert.user_id === user.id)
  const advertIds = new Set(adverts.map((advert) => advert.id))
  return {
    ...base,
    profile: { ...profile, rateLimits: { ...profile.rateLimits, tiers } },
    account: {
      user: { ...user, api_tier: profile.rateLimits.defaultTier },
      adverts: adverts.map(({ user_id: _owner, ...advert }) => advert),
      campaigns: held.campaigns.filter((campaign) => advertIds.has(campaign.advert_id)),
    },
  }
}

/**
 * The dataset as a deployment with this profile holds it: every record with the fields beyond the
 * document the profile names. What the bench's twin is given besides its captured account, so it
 * holds as much as the default listener.
 */
export function withExtraFields(profile: Profile, dataset: Dataset): Dataset {
  const { extraFields, broadcastingTypes } = profile.resources
  // A broadcasting type the deployment does not know is shown as one it does.
  const known = (type: string) => (broadcastingTypes.includes(type) ? type : broadcastingTypes[0]!)
  return {
    users: dataset.users.map((user) => ({ ...user, ...initialValues(extraFields.user) })),
    adverts: dataset.adverts.map((advert) => ({ ...advert, ...initialValues(extraFields.advert) })),
    campaigns: dataset.campaigns.map((campaign) => ({
      ...campaign,
      broadcasting_type: known(campaign.broadcasting_type) as typeof campaign.broadcasting_type,
      ...initialValues(extraFields.campaign),
    })),
  }
}
