import { initialValues } from '../../../src/profile/template.js'
import type { TwinFile } from '../../../src/profile/twin-file.js'
import { DEFAULT_BROADCASTING_TYPES, DEFAULT_PROFILE } from '../../../src/profile/profile.js'
import { startListener, type Listener } from '../../../src/listener/listener.js'
import { AdvertRecord, CampaignRecord, UserRecord } from '../../../src/schemas/dataset.js'
import type { DatasetInput } from '../../../src/schemas/dataset.js'
import { twinDataset } from '../../../src/surface/twin.js'
import { stampNow } from '../../../src/domain/clock.js'
import { learnTwin } from '../../../src/twin/learn-twin.js'
import type { ReplayReport, ServeTwin } from '../../../src/twin/replay.js'
import type { StyleDeclaration } from '../../independent-server/house-conventions.js'
import type { Seeded } from '../../independent-server/house-seed.js'
import { isStyleName, type StyleName } from '../../independent-server/house-styles.js'
import type { IndependentChoices } from '../../independent-server/second-set.js'
import { startIndependentServer } from '../../independent-server/server.js'

// The three places a differential battery is sent to, each started fresh on 127.0.0.1: the
// deployment (the independent server with one set of choices or one house style of the corpus,
// its account holding records of its own), the twin learned from it (serving the captured
// account), and the default mock loaded with the same captured account (the baseline). Each has a
// second account holding one advert.

/** A deployment the independent server can be: one of its two sets of choices, or a house style. */
export type DeploymentName = IndependentChoices | StyleName

/** The records every target holds under the same names: the account's own (captured, so the same ids everywhere) and the other account's advert. */
export const RECORD_NAMES = ['advert A1', 'advert A2', 'campaign C1', 'foreign advert'] as const
export type RecordName = (typeof RECORD_NAMES)[number]

/** One place the battery is sent to. */
export interface Target {
  name: string
  baseUrl: string
  key: string
  /** The other account's key. */
  key2: string
  records: Record<RecordName, number>
  close(): Promise<void>
}

const KEYS = ['ik_differential_first_0123456789', 'ik_differential_second_0123456789'] as const

/**
 * The independent server with a set of choices or a house style, its first account holding two
 * adverts and a campaign (what a twin captures: for a style, its seeded records, the first two
 * adverts and the first campaign named A1, A2 and C1, the rest unnamed), its second one advert.
 * `listsDeleted`: the first set's deliberate bug, on (for a run that must find it) or off (the
 * default). `perMinute`: the minute's quota, the set's or style's own unless given.
 * A style may also be given as a value (`mixedStyle(7)`).
 * @example const deployment = await startDeployment('second'); const rails = await startDeployment('rails')
 */
export async function startDeployment(
  deployment: DeploymentName | StyleDeclaration,
  { listsDeleted = false, perMinute }: { listsDeleted?: boolean; perMinute?: number } = {},
): Promise<Target> {
  const declaration = typeof deployment === 'string' ? undefined : deployment
  const style = typeof deployment === 'string' ? (isStyleName(deployment) ? deployment : undefined) : deployment.name
  // A twin holds a deployment's choices, never its bugs: the first set's deleted-but-listed rows (the
  // bug the suite must find, issue 25) are off unless asked for, so a comparison judges choices alone.
  const server = await startIndependentServer({
    keys: KEYS,
    perMinute,
    ...(declaration
      ? { declaration }
      : style
        ? { style: style as StyleName }
        : { choices: deployment as IndependentChoices, listsDeleted }),
  })
  const create = creator(server.baseUrl)
  const own = style ? seededRecords(style, server.seeded) : await createRecords(create)
  const foreign = await create(KEYS[1], '/adverts', { advert: { title: "Someone else's advert" } })
  return {
    name: style ? `the ${style} style` : `the ${deployment as string} set`,
    baseUrl: server.baseUrl,
    key: KEYS[0],
    key2: KEYS[1],
    records: { ...own, 'foreign advert': foreign },
    close: server.close,
  }
}

type OwnRecords = Record<Exclude<RecordName, 'foreign advert'>, number>

/** The first account's records of a set of choices: made through the API. */
async function createRecords(create: ReturnType<typeof creator>): Promise<OwnRecords> {
  const a1 = await create(KEYS[0], '/adverts', { advert: { title: 'Spring sale', description: 'Up to 30% off' } })
  const a2 = await create(KEYS[0], '/adverts', {
    advert: { title: 'Summer sale', target_url: 'https://shop.example.com' },
  })
  const campaign = { advert_id: a1, broadcasting_type: 'active_ad', cpm: 2.5, sending_limit: 1000 }
  const c1 = await create(KEYS[0], '/campaigns', { campaign })
  return { 'advert A1': a1, 'advert A2': a2, 'campaign C1': c1 }
}

/** The first account's records of a house style: the first two adverts and the first campaign it seeds. */
function seededRecords(style: string, { adverts: [a1, a2], campaigns: [c1] }: Seeded): OwnRecords {
  if (a1 === undefined || a2 === undefined || c1 === undefined)
    throw new Error(`the ${style} style seeds fewer than two adverts and a campaign`)
  return { 'advert A1': a1, 'advert A2': a2, 'campaign C1': c1 }
}

/** Learns a twin of a deployment with both its keys. */
export async function learnFrom(deployment: Target): Promise<TwinFile> {
  return (await learnReplayed(deployment)).twin
}

/** Learns a deployment's twin, replaying its exchanges against the twin served by an in-process listener (as the CLI does). */
export async function learnReplayed(deployment: Target): Promise<{ twin: TwinFile; replay: ReplayReport }> {
  const serve: ServeTwin = async (twin) => {
    const listener = await startListener({ port: 0, twin })
    return { baseUrl: listener.baseUrl, adminUrl: `${listener.origin}/__admin`, close: () => listener.close() }
  }
  const { twin, replay } = await learnTwin({
    baseUrl: deployment.baseUrl,
    key: deployment.key,
    key2: deployment.key2,
    serve,
  })
  if (!replay) throw new Error('a learner given serve replays')
  return { twin, replay }
}

/** The twin serving what it learned, with a second account (made through its control plane) holding one advert. */
export async function startTwin(twin: TwinFile, deployment: Target): Promise<Target> {
  return withSecondAccount('its twin', await startListener({ port: 0, twin }), twin, deployment)
}

/** The default mock (the default profile) loaded with the twin's captured account, as far as its schemas take it. */
export async function startBaseline(twin: TwinFile, deployment: Target): Promise<Target> {
  return withSecondAccount(
    'the default mock',
    await startListener({ port: 0, fixtures: baselineDataset(twin) }),
    twin,
    deployment,
  )
}

/**
 * The captured account in the default profile's records: the fields its schemas know, a tier and
 * broadcasting types it has (else `basic`, `active_ad`), values within its bounds (stamps to the
 * millisecond with `Z`, a cpm in its decimals and maximum, titles cut to its length): a house
 * style's captured account holds values the default mock would refuse to load.
 */
export function baselineDataset(twin: TwinFile): DatasetInput {
  const dataset = twinDataset(twin) as { users: Json[]; adverts: Json[]; campaigns: Json[] }
  const tiers = Object.keys(DEFAULT_PROFILE.rateLimits.tiers)
  const types: readonly string[] = DEFAULT_BROADCASTING_TYPES
  return {
    users: dataset.users.map((user) => ({
      ...pick(user, UserRecord),
      api_tier: tiers.includes(String(user.api_tier)) ? user.api_tier : 'basic',
    })),
    adverts: dataset.adverts.map((advert) => pick(advert, AdvertRecord)),
    campaigns: dataset.campaigns.map((campaign) => ({
      ...pick(campaign, CampaignRecord),
      cpm: withinCpm(Number(campaign.cpm)),
      broadcasting_type: types.includes(String(campaign.broadcasting_type)) ? campaign.broadcasting_type : 'active_ad',
    })),
  } as DatasetInput
}

type Json = Record<string, unknown>

/** A stamp the default schemas take as it is: `Z`, to the millisecond at most. */
const DEFAULT_STAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,3})?Z$/

/** A record's fields that a default schema knows, its stamps (another form than the default's to the millisecond) and title in the default's form. */
function pick(record: Json, schema: { def: { shape: object } }): Json {
  const known = Object.keys(schema.def.shape)
  const { titleMaxLength } = DEFAULT_PROFILE.inputs
  return Object.fromEntries(
    Object.entries(record)
      .filter(([key]) => known.includes(key))
      .map(([key, value]) => [
        key,
        (key === 'created_at' || key === 'updated_at') && typeof value === 'string' && !DEFAULT_STAMP.test(value)
          ? new Date(value).toISOString()
          : key === 'title' && typeof value === 'string'
            ? value.slice(0, titleMaxLength)
            : value,
      ]),
  )
}

/** A cpm in the default profile's decimals, above 0 and at most its maximum. */
function withinCpm(cpm: number): number {
  const { decimals, max } = DEFAULT_PROFILE.inputs.cpm
  if (decimals === null) return Math.min(max, cpm)
  return Math.min(max, Math.max(10 ** -decimals, Number(cpm.toFixed(decimals))))
}

async function withSecondAccount(
  name: string,
  listener: Listener,
  twin: TwinFile,
  deployment: Target,
): Promise<Target> {
  const other = await listener.api.createUser({ email: 'second-account@example.com' })
  const foreign = await foreignAdvert(listener, other, deployment.records['foreign advert'])
  return {
    name,
    baseUrl: listener.baseUrl,
    key: twin.account.user.api_key,
    key2: other.api_key,
    records: { ...deployment.records, 'foreign advert': foreign },
    close: () => listener.close(),
  }
}

/**
 * The second account's advert, under the id it has at the deployment where the store takes it (so
 * the ids after it, and the values written from them, are the deployment's), else made through the API.
 */
async function foreignAdvert(listener: Listener, other: { id: number; api_key: string }, id: number): Promise<number> {
  const { api } = listener
  // Stamped as the profile writes its stamps (a twin's to the second, say), as any record it makes.
  const now = stampNow(api.context)
  const extra = initialValues(api.context.profile.resources.extraFields.advert)
  try {
    const advert = {
      id,
      user_id: other.id,
      title: "Someone else's advert",
      description: '',
      target_url: null,
      created_at: now,
      updated_at: now,
      ...extra,
    }
    await api.db.account(other.id).adverts.create(advert as never)
    return id
  } catch {
    return creator(listener.baseUrl)(other.api_key, '/adverts', { advert: { title: "Someone else's advert" } })
  }
}

/** POSTs a record and answers its id; anything but a 201 is an Error. */
function creator(baseUrl: string) {
  return async (key: string, path: string, body: unknown): Promise<number> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: key, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    const answer = (await response.json()) as { data?: { id?: number } }
    if (response.status !== 201 || typeof answer.data?.id !== 'number')
      throw new Error(`POST ${path} answered ${response.status}: ${JSON.stringify(answer)}`)
    return answer.data.id
  }
}
