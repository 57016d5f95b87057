import type {
  Conventions,
  DeleteAnswer,
  ErrorKind,
  ErrorShape,
  ExtraField,
  PagingShape,
  Seed,
  StyleDeclaration,
} from '../independent-server/house-conventions.js'
import { ERROR_KINDS } from '../independent-server/house-conventions.js'
import { STYLE_NAMES, STYLES } from '../independent-server/house-styles.js'

// House styles mixed at random: every knob of `Conventions` drawn on its own, from the values the
// seven styles of the corpus use and the other values the type allows, so a twin is tried on
// combinations no style has (a deployment someone else built combines conventions its own way).
// A draw is coherent as the styles are (codes only for shapes that carry one; a seed its own
// rules take) and carries no defect: defects are the suite's business, not a twin's.

/** A generator of numbers in [0, 1) from a seed (mulberry32): the same seed draws the same mix. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

type Draw = <T>(values: readonly T[]) => T

const ALL = STYLE_NAMES.map((name) => STYLES[name].conventions)

/** The codes of each kind any style with codes uses. */
const CODE_SETS = ALL.flatMap((conventions) => (conventions.codes ? [conventions.codes] : []))

const ERROR_SHAPES: readonly ErrorShape[] = [
  ...ALL.map((conventions) => conventions.errors),
  {
    kind: 'problem-details',
    typeBase: 'https://errors.example.net/problems/',
    problems: { key: 'errors', name: 'pointer', reason: 'detail' },
  },
  { kind: 'error-object', problems: { form: 'list', key: 'errors', name: 'field', reason: 'message' } },
  { kind: 'error-object', requestId: 'requestId', problems: { form: 'map', key: 'fields' } },
  {
    kind: 'error-object',
    documentation: { key: 'help', url: 'https://help.example.org/errors#{code}' },
    problems: { form: 'list', key: 'violations', name: 'propertyPath', reason: 'message' },
  },
]

const PAGING: readonly PagingShape[] = [
  { kind: 'rails' },
  { kind: 'django' },
  { kind: 'laravel' },
  { kind: 'json-api' },
  { kind: 'link-header' },
  { kind: 'cursor' },
  {
    kind: 'page-object',
    key: 'page',
    names: { page: 'number', perPage: 'size', total: 'total_elements', pages: 'total_pages' },
  },
  { kind: 'page-object', key: 'pagination', names: { page: 'page', perPage: 'limit', total: 'count', pages: 'last' } },
  {
    kind: 'page-object',
    key: 'paging',
    names: { page: 'current', perPage: 'page_size', total: 'total_items', pages: 'page_count' },
  },
]

const DELETES: readonly DeleteAnswer[] = [
  { status: 200, body: 'record' },
  { status: 200, body: 'receipt' },
  { status: 202, body: 'receipt' },
  { status: 204 },
]

/** Extra fields each kind of record may carry, by name (a mix takes a few of them). */
const EXTRAS: Readonly<Record<'campaign' | 'advert' | 'user' | 'balance', Record<string, ExtraField>>> = {
  campaign: {
    currency: { constant: 'USD' },
    object: { constant: 'campaign' },
    livemode: { constant: false },
    status: { follows: 'enabled', values: { true: 'active', false: 'paused' } },
    state: { follows: 'enabled', values: { true: 'running', false: 'stopped' } },
    url: { follows: 'id', form: 'url' },
    node_id: { follows: 'id', form: 'node-id' },
    version: { constant: 1 },
  },
  advert: {
    object: { constant: 'advert' },
    type: { constant: 'adverts' },
    url: { follows: 'id', form: 'url' },
    node_id: { follows: 'id', form: 'node-id' },
    archived: { constant: false },
  },
  user: { time_zone: { constant: 'UTC' }, node_id: { follows: 'id', form: 'node-id' }, locale: { constant: 'en' } },
  balance: { currency: { constant: 'USD' }, object: { constant: 'balance' } },
}

const EXTRA_TYPES = ['banner_ad', 'native_ad', 'video_ad', 'passive_ad', 'sponsored_ad', 'rewarded_ad'] as const

/**
 * A house style mixed from the corpus by `seed`: its conventions, a seed of records its own rules
 * take, and no differences (the mixes are for twins, not for the suite's tables).
 * @example const mix = mixedStyle(7); startIndependentServer({ keys, declaration: mix })
 */
export function mixedStyle(seed: number): StyleDeclaration {
  const random = seededRandom(seed)
  const draw: Draw = (values) => values[Math.floor(random() * values.length)]!
  const chance = (p: number) => random() < p
  const conventions = mixedConventions(draw, chance)
  return {
    name: `mix-${seed}`,
    follows: `a mix of the corpus's conventions, seed ${seed}`,
    conventions,
    seed: mixedSeed(draw(STYLE_NAMES.map((name) => STYLES[name].seed)), conventions),
    differences: [],
  }
}

function mixedConventions(draw: Draw, chance: (p: number) => boolean): Conventions {
  const errors = draw(ERROR_SHAPES)
  // Laravel's message map and GitHub's bodies carry no code; every other shape carries one.
  const withoutCodes = errors.kind === 'message-map' || errors.kind === 'github'
  const codes = withoutCodes
    ? null
    : (Object.fromEntries(ERROR_KINDS.map((kind) => [kind, draw(CODE_SETS)[kind]])) as Record<ErrorKind, string>)
  const decimals = draw([null, 2, 3, 4] as const)
  const [invalid, wrongType] = [draw([400, 422] as const), draw([400, 422] as const)]
  return {
    statuses: {
      invalid,
      wrongType,
      foreign: draw([403, 404] as const),
      wrongMethod: draw([405, 404] as const),
      inUse: draw([409, 422] as const),
      pastLastPage: draw([404, 200] as const),
    },
    routing: draw(['before-key', 'after-key'] as const),
    errors,
    codes,
    problemPath:
      errors.kind === 'drf' ? 'nested' : draw(['wrapped', 'leaf', 'pointer', 'hash-pointer', 'bracket'] as const),
    paging: draw(PAGING),
    pageSize: {
      param: draw(['per_page', 'page_size', 'size', 'limit'] as const),
      default: draw([10, 15, 20, 25, 30]),
      max: draw([50, 100]),
      above: draw(['clamp', 'refuse'] as const),
      below: draw(['default', 'refuse'] as const),
    },
    rateLimit: {
      family: draw([
        'github',
        'x-ratelimit',
        'x-ratelimit-delta',
        'laravel',
        'ietf-fields',
        'ietf-structured',
        'none',
      ] as const),
      algorithm: draw(['fixed-window', 'token-bucket'] as const),
      ...(chance(0.5) ? { policyName: draw(['burst', 'default', 'api']) } : {}),
    },
    deletes: { campaign: draw(DELETES), advert: draw(DELETES) },
    stamps: draw(['s-z', 'ms-z', 'us-z', 's-offset', 'us-offset'] as const),
    order: { key: draw(['id', 'created_at', 'updated_at'] as const), direction: draw(['asc', 'desc'] as const) },
    ids: {
      start: draw([1, 100, 500, 1000, 5001, 1_296_269]),
      step: draw([1, 1, 2, 5, 10]),
      sequence: draw(['shared', 'per-kind'] as const),
    },
    apiKeyPrefix: draw(ALL.map((conventions) => conventions.apiKeyPrefix)),
    broadcastingTypes: ['active_ad', ...EXTRA_TYPES.filter(() => chance(0.3))],
    tier: draw(ALL.map((conventions) => conventions.tier)),
    bounds: {
      titleMax: draw(ALL.map((conventions) => conventions.bounds.titleMax)),
      descriptionMax: draw(ALL.map((conventions) => conventions.bounds.descriptionMax)),
      cpm: {
        max: draw(ALL.map((c) => c.bounds.cpm.max)),
        decimals,
        beyond: decimals === null ? 'refuse' : draw(['refuse', 'round'] as const),
      },
      sendingLimitMax: draw(ALL.map((conventions) => conventions.bounds.sendingLimitMax)),
    },
    unknownFields: draw(['ignore', 'refuse'] as const),
    newCampaignsEnabled: chance(0.5),
    campaignDetailEmbedsAdvert: chance(0.5),
    extraFields: Object.fromEntries(
      Object.entries(EXTRAS).map(([kind, fields]) => [
        kind,
        Object.fromEntries(Object.entries(fields).filter(() => chance(0.25))),
      ]),
    ),
  }
}

/**
 * A style's seed made to fit the mix's rules: broadcasting types it has (the seed's own where it
 * has them), cpms in its decimals and below its maximum, titles and descriptions in its lengths.
 */
function mixedSeed(seed: Seed, conventions: Conventions): Seed {
  const { broadcastingTypes: types, bounds } = conventions
  const { decimals, max } = bounds.cpm
  return {
    balance: seed.balance,
    adverts: seed.adverts.map((advert) => ({
      ...advert,
      title: advert.title.slice(0, bounds.titleMax),
      ...(advert.description === undefined ? {} : { description: advert.description.slice(0, bounds.descriptionMax) }),
    })),
    campaigns: seed.campaigns.map((campaign, index) => ({
      ...campaign,
      broadcasting_type: types.includes(campaign.broadcasting_type)
        ? campaign.broadcasting_type
        : types[index % types.length]!,
      cpm: Math.min(max, decimals === null ? campaign.cpm : Number(campaign.cpm.toFixed(decimals))),
    })),
  }
}
