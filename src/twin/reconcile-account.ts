import type { Profile } from '../profile/profile.js'
import type { TwinFile } from '../profile/twin-file.js'
import { modelOf } from '../model/api-model.js'
import { twinDataset } from '../surface/twin.js'
import type { Observations } from './observations.js'

// Values the account holds are values the twin takes. The captured records are checked against
// the learned profile; each refusal is explained by a rule the learner then widens (a broadcasting
// type, a tier, more decimals, a longer title, a field beyond the document), with the record as its
// evidence, or else the record is left out of the file and named. A file is never written that its
// own profile would refuse.

/** What reconciling did: the records left out, each named with why. */
export interface Reconciled {
  dropped: string[]
}

type Widen = (profile: Profile, value: unknown) => { path: string; value: unknown } | undefined

/** How a refusal of a field is explained: the choice widened to take the captured value. */
const WIDENERS: Record<string, Widen> = {
  broadcasting_type: ({ resources }, value) =>
    typeof value === 'string'
      ? { path: 'resources.broadcastingTypes', value: [...new Set([...resources.broadcastingTypes, value])] }
      : undefined,
  api_tier: ({ rateLimits }, value) =>
    typeof value === 'string'
      ? { path: 'rateLimits.tiers', value: { ...rateLimits.tiers, [value]: rateLimits.tiers[rateLimits.defaultTier] } }
      : undefined,
  cpm: ({ inputs }, value) => {
    if (typeof value !== 'number') return undefined
    if (value > inputs.cpm.max) return { path: 'inputs.cpm.max', value }
    const decimals = (String(value).split('.')[1] ?? '').length
    return decimals > (inputs.cpm.decimals ?? Infinity) ? { path: 'inputs.cpm.decimals', value: decimals } : undefined
  },
  title: ({ inputs }, value) =>
    typeof value === 'string' && value.length > inputs.titleMaxLength
      ? { path: 'inputs.titleMaxLength', value: value.length }
      : undefined,
}

/**
 * Widens the observations until every captured record fits the profile they make, or leaves a
 * record out (at most as many rounds as there are records and fields).
 * @example const { dropped } = reconcileAccount(twin, observations, () => twin.profile)
 */
export function reconcileAccount(
  twin: TwinFile,
  observations: Observations,
  rebuild: () => Profile,
): Reconciled & { twin: TwinFile } {
  const dropped: string[] = []
  let current = twin
  for (let round = 0; round < 200; round++) {
    const checked = modelOf(current.profile).schemas.records.Dataset.safeParse(twinDataset(current))
    if (checked.success) return { twin: current, dropped }
    const issue = checked.error.issues[0]!
    const [table, index, field, ...rest] = issue.path.map(String)
    const record = recordAt(current, table, Number(index))
    const name = table === 'users' ? 'the user' : `${table?.replace(/s$/, '')} ${String(record?.id ?? index)}`
    const key = issue.code === 'unrecognized_keys' ? issue.keys[0] : field
    const value = key === undefined ? undefined : record?.[key]
    const evidence = {
      request: `GET /${table === 'users' ? 'user' : table} (the capture)`,
      status: 200,
      seen: `${name} has ${key} ${JSON.stringify(value)}`,
    }
    const widened =
      issue.code === 'unrecognized_keys' && key
        ? extraField(table, key, value, current.profile)
        : key && rest.length === 0
          ? WIDENERS[key]?.(current.profile, value)
          : undefined
    if (widened) {
      observations.widen(widened.path, widened.value, evidence)
      current = { ...current, profile: rebuild() }
      continue
    }
    dropped.push(`${name}: ${issue.path.slice(2).join('.') || key} ${issue.message}`)
    current = withoutRecord(current, table, Number(index))
  }
  return { twin: current, dropped }
}

/** A field beyond the document on a captured record, taken as one of the resource's extra fields. */
function extraField(table: string | undefined, key: string, value: unknown, profile: Profile) {
  const resource =
    table === 'users' ? 'user' : table === 'adverts' ? 'advert' : table === 'campaigns' ? 'campaign' : undefined
  if (!resource) return undefined
  return {
    path: `resources.extraFields.${resource}`,
    value: { ...profile.resources.extraFields[resource], [key]: value },
  }
}

function recordAt(twin: TwinFile, table: string | undefined, index: number): Record<string, unknown> | undefined {
  if (table === 'users') return twin.account.user
  if (table === 'adverts') return twin.account.adverts[index]
  if (table === 'campaigns') return twin.account.campaigns[index]
  return undefined
}

/** The twin without one captured advert (and its campaigns) or campaign. */
function withoutRecord(twin: TwinFile, table: string | undefined, index: number): TwinFile {
  const { account } = twin
  if (table === 'campaigns')
    return { ...twin, account: { ...account, campaigns: account.campaigns.filter((_, at) => at !== index) } }
  if (table === 'adverts') {
    const gone = account.adverts[index]?.id
    return {
      ...twin,
      account: {
        ...account,
        adverts: account.adverts.filter((_, at) => at !== index),
        campaigns: account.campaigns.filter((campaign) => campaign.advert_id !== gone),
      },
    }
  }
  throw new Error(`the captured user does not fit the learned profile (${table})`)
}
