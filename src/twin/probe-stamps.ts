import { idOf, isJson, type LearnContext } from './learn-context.js'

// Timestamps and ids, from what the other probes were answered (no request of its own): the format
// of the created_at and updated_at the deployment writes now (in the answers to the learner's own
// writes: its fraction of a second, trailing zeros kept or not, and its zone), answer by answer; the first id, guessed as the smallest id among the account's records as they were (the
// learner's own say only where the counter stands now); and the step between two ids the learner
// was given one after the other.

const STAMP_FIELDS = ['created_at', 'updated_at']

/** Learns the stamps' format, the first id and the id step. */
export async function probeStamps(ctx: LearnContext): Promise<void> {
  // The stamps the deployment writes now: those of the answers to the learner's own writes (records
  // stored long ago may keep an older format); every answer's where it accepted no write.
  const writes = ctx.history.filter(
    (exchange) =>
      exchange.request.method !== 'GET' &&
      exchange.response.status < 300 &&
      stampsIn(exchange.response.json).length > 0,
  )
  const answers = writes.length > 0 ? writes : ctx.history
  // Where the fraction's length varies from stamp to stamp, its trailing zeros are left out.
  const all = answers.flatMap((exchange) => stampsIn(exchange.response.json))
  const lengths = new Set(all.map((stamp) => formatOf(stamp)?.fraction))
  const trimmed = lengths.size > 1 && !lengths.has(undefined)
  const widest = Math.max(0, ...[...lengths].filter((length) => length !== undefined))
  for (const exchange of answers) {
    const stamps = stampsIn(exchange.response.json)
    if (stamps.length === 0) continue
    const formats = new Set(
      stamps.map((stamp) => {
        const format = formatOf(stamp)
        return JSON.stringify(format && trimmed ? { fraction: widest, zone: format.zone, trimmed } : (format ?? null))
      }),
    )
    const [only] = formats
    if (formats.size === 1 && only !== 'null')
      ctx.observations.learn('stamps.format', JSON.parse(only!), ctx.evidence(exchange, `e.g. ${stamps[0]}`))
    else
      ctx.observations.cannot(
        'stamps.format',
        `stamps like ${stamps[0]}`,
        ctx.evidence(exchange, stamps.slice(0, 2).join(', ')),
      )
  }
  learnFirstId(ctx)
  learnIdStep(ctx)
  learnIdSequence(ctx)
  learnCounters(ctx)
}

/** The ids the learner was given, in the order it created the records, each with its kind. */
function createdIds(ctx: LearnContext): { kind: 'adverts' | 'campaigns'; id: number }[] {
  return ctx.history.flatMap((exchange) => {
    const path = new URL(exchange.request.url).pathname
    const kind = path.endsWith('/adverts') ? 'adverts' : path.endsWith('/campaigns') ? 'campaigns' : undefined
    const id = idOf((exchange.response.json as { data?: unknown } | undefined)?.data as never)
    return exchange.request.method === 'POST' && kind && exchange.response.status < 300 && id !== undefined
      ? [{ kind, id }]
      : []
  })
}

/**
 * Whether adverts and campaigns draw their ids from one sequence: no advert and campaign share an
 * id, and every id, of either kind, is above the one before it.
 */
function learnIdSequence(ctx: LearnContext): void {
  const ids = createdIds(ctx)
  const kinds = new Set(ids.map(({ kind }) => kind))
  if (kinds.size < 2) {
    ctx.observations.cannot('stamps.idSequence', 'the learner was given no advert or no campaign')
    return
  }
  const adverts = new Set(ids.filter(({ kind }) => kind === 'adverts').map(({ id }) => id))
  const overlap = ids.some(({ kind, id }) => kind === 'campaigns' && adverts.has(id))
  const rising = ids.every(({ id }, index) => index === 0 || id > ids[index - 1]!.id)
  const seen = ids
    .slice(0, 6)
    .map(({ kind, id }) => `${kind.slice(0, -1)} ${id}`)
    .join(', ')
  const evidence = { request: "POST /adverts, POST /campaigns (the learner's, in order)", status: 201, seen }
  ctx.observations.learn('stamps.idSequence', !overlap && rising ? 'shared' : 'per-kind', evidence)
}

/** Where the deployment's counters stand: the next id after the last advert and campaign the learner was given. */
function learnCounters(ctx: LearnContext): void {
  const lastOf = (collection: string) =>
    ctx.history
      .filter(
        (exchange) =>
          exchange.request.method === 'POST' && new URL(exchange.request.url).pathname.endsWith(`/${collection}`),
      )
      .map((exchange) => idOf((exchange.response.json as { data?: unknown } | undefined)?.data as never))
      .filter((id) => id !== undefined)
      .at(-1)
  const [adverts, campaigns] = [lastOf('adverts'), lastOf('campaigns')]
  if (adverts === undefined || campaigns === undefined) {
    ctx.observations.cannot('stamps.counters', 'the learner was given no advert or no campaign')
    return
  }
  const step = Number(ctx.observations.valueOf('stamps.idStep') ?? 1)
  const shared = ctx.observations.valueOf('stamps.idSequence') === 'shared'
  const next = Math.max(adverts, campaigns) + step
  const value = shared ? { adverts: next, campaigns: next } : { adverts: adverts + step, campaigns: campaigns + step }
  const evidence = {
    request: "POST /adverts, POST /campaigns (the learner's last)",
    status: 201,
    seen: `advert ${adverts}, campaign ${campaigns}`,
  }
  ctx.observations.learn('stamps.counters', value, evidence)
}

/** The step between ids created one after the other: the smallest gap between the learner's own adverts' ids, in order of creation. */
function learnIdStep(ctx: LearnContext): void {
  const created = ctx.history.filter(
    (exchange) => exchange.request.method === 'POST' && /\/adverts$/.test(new URL(exchange.request.url).pathname),
  )
  const ids = created
    .map((exchange) => idOf((exchange.response.json as { data?: unknown } | undefined)?.data as never))
    .filter((id) => id !== undefined)
  const gaps = ids
    .slice(1)
    .map((id, index) => id - (ids[index] ?? id))
    .filter((gap) => gap > 0)
  if (gaps.length < 2) {
    ctx.observations.cannot('stamps.idStep', 'fewer than three adverts were created one after the other')
    return
  }
  const step = Math.min(...gaps)
  const evidence = {
    request: "POST /adverts (the learner's, in order)",
    status: 201,
    seen: `ids ${ids.slice(0, 5).join(', ')}`,
  }
  ctx.observations.learn('stamps.idStep', step, evidence)
}

function learnFirstId(ctx: LearnContext): void {
  const account = ctx.account
  const ids = [...(account?.adverts ?? []), ...(account?.campaigns ?? [])].map(idOf).filter((id) => id !== undefined)
  if (!account || ids.length === 0) {
    ctx.observations.cannot(
      'stamps.firstId',
      "the account held no advert or campaign; the learner's own ids say only where the counter stands now",
    )
    return
  }
  const smallest = Math.min(...ids)
  const seen = `smallest id among the account's ${account.adverts.length} adverts and ${account.campaigns.length} campaigns (a guess: the first id of an empty store is not shown)`
  ctx.observations.learn('stamps.firstId', smallest, {
    request: 'GET /adverts, GET /campaigns (the capture)',
    status: null,
    seen,
  })
}

/** A stamp's format: its fraction of a second (0 to 9 digits) and its zone (`Z`, `+01:00`, `-0500`); undefined for another. */
function formatOf(stamp: string): { fraction: number; zone: string } | undefined {
  const match = /T\d{2}:\d{2}:\d{2}(?:\.(\d{1,9}))?(Z|[+-]\d\d:?\d\d)$/.exec(stamp)
  if (!match || Number.isNaN(Date.parse(stamp))) return undefined
  return { fraction: match[1]?.length ?? 0, zone: match[2]! }
}

/** Every created_at and updated_at string in a body, however deep. */
function stampsIn(node: unknown, depth = 0): string[] {
  if (depth > 6) return []
  if (Array.isArray(node)) return node.flatMap((item) => stampsIn(item, depth + 1))
  if (!isJson(node)) return []
  return Object.entries(node).flatMap(([key, value]) =>
    STAMP_FIELDS.includes(key) && typeof value === 'string' ? [value] : stampsIn(value, depth + 1),
  )
}
