import { idOf, isJson, type LearnContext } from './learn-context.js'

// Timestamps and ids, from what the other probes were answered (no request of its own): the
// precision of every created_at and updated_at seen, answer by answer, and the first id, guessed
// as the smallest id among the account's records as they were (the learner's own say only where
// the counter stands now).

const STAMP_FIELDS = ['created_at', 'updated_at']

/** Learns the stamps' precision and the first id. */
export async function probeStamps(ctx: LearnContext): Promise<void> {
  for (const exchange of ctx.history) {
    const stamps = stampsIn(exchange.response.json)
    if (stamps.length === 0) continue
    const kinds = new Set(stamps.map(precisionOf))
    const [only] = kinds
    if (kinds.size === 1 && only !== 'other')
      ctx.observations.learn('stamps.precision', only, ctx.evidence(exchange, `e.g. ${stamps[0]}`))
    else
      ctx.observations.cannot(
        'stamps.precision',
        `stamps like ${stamps[0]}`,
        ctx.evidence(exchange, stamps.slice(0, 2).join(', ')),
      )
  }
  learnFirstId(ctx)
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

/** `ms` (`…:00.123Z`), `s` (`…:00Z`) or other. */
function precisionOf(stamp: string): 'ms' | 's' | 'other' {
  if (/T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(stamp)) return 'ms'
  if (/T\d{2}:\d{2}:\d{2}Z$/.test(stamp)) return 's'
  return 'other'
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
