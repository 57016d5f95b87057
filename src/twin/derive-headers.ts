import type { HeaderChoice } from '../profile/profile.js'

// Rate-limit headers as templates, from two answers one right after the other: each number in a
// header's value becomes the slot it behaves as (profile/template.ts HEADER_SLOTS) — the quota
// (the account's limit, the same in both), what is left (one less), what is used (one more), when
// the window resets (a Unix time, or seconds to go), the window's length — and the rest of the
// text stays as it came (`"default";r={remaining};t={reset_after}`).

/** Two answers' headers, in the order they came, and the account's limits. */
export interface HeaderExamples {
  first: Readonly<Record<string, string>>
  second: Readonly<Record<string, string>>
  limits: { per_minute: number; per_day: number }
}

/** Header names that speak of rate limits. */
export const RATE_LIMIT_NAME = /ratelimit|rate-limit|x-rate|quota/i

/**
 * The rate-limit headers of two answers as templates, each name as the deployment writes it.
 * @example deriveHeaders({ first: { 'x-ratelimit-remaining': '59' }, second: { 'x-ratelimit-remaining': '58' }, limits }) // [{ name: 'X-RateLimit-Remaining', value: '{remaining}' }]
 */
export function deriveHeaders({ first, second, limits }: HeaderExamples): HeaderChoice[] {
  const names = Object.keys(first).filter((name) => RATE_LIMIT_NAME.test(name) && name in second)
  return names
    .map((name) => ({
      name: canonical(name),
      value: windowsOf(second[name]!) ?? templateOf(name, first[name]!, second[name]!, limits),
    }))
    .sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name))
}

/** The order headers are listed in: the X- family, then the IETF fields, each limit, remaining, reset first. */
function rank(name: string): number {
  const order = [
    'x-ratelimit-limit',
    'x-ratelimit-remaining',
    'x-ratelimit-reset',
    'x-ratelimit-used',
    'ratelimit-limit',
    'ratelimit-remaining',
    'ratelimit-reset',
    'ratelimit-policy',
    'ratelimit',
  ]
  const at = order.indexOf(name.toLowerCase())
  return at < 0 ? (name.toLowerCase().startsWith('x-') ? 4 : 8.5) : at
}

/**
 * Every window as the IETF lists write them, a window each: the per-minute and per-day policies
 * (`"minute";q=…;w=60, "day";q=…;w=86400`) are the `policy` slot, their counts (`r`, `t`) the
 * `ratelimit` slot, as the mock itself sends them.
 */
function windowsOf(value: string): string | undefined {
  if (/^"minute";q=\d+;w=60, "day";q=\d+;w=86400$/.test(value)) return '{policy}'
  if (/^"minute";r=\d+;t=\d+, "day";r=\d+;t=\d+$/.test(value)) return '{ratelimit}'
  return undefined
}

/** A value with each number that behaves as a slot replaced by it. */
function templateOf(name: string, a: string, b: string, limits: HeaderExamples['limits']): string {
  const numbersA = [...a.matchAll(/\d+/g)].map((match) => Number(match[0]))
  const numbersB = [...b.matchAll(/\d+/g)].map((match) => Number(match[0]))
  const partsB = b.split(/(\d+)/)
  if (numbersA.length !== numbersB.length) return b
  let index = 0
  return partsB
    .map((part, at) => {
      if (at % 2 === 0) return part
      const before = numbersA[index]!
      const after = numbersB[index]!
      const label = labelBefore(partsB, at) || name
      index++
      const slot = slotOf(before, after, label, limits)
      return slot ? `{${slot}}` : part
    })
    .join('')
}

/** The key a number stands after in a structured value (`r` in `r=58`), if any. */
function labelBefore(parts: readonly string[], at: number): string {
  return /([A-Za-z_-]+)\s*=\s*$/.exec(parts[at - 1] ?? '')?.[1] ?? ''
}

/**
 * Which slot a number is: by what it is called first (a reset, a window, used, remaining, a limit:
 * a `t` that moved by one between two answers is still a reset), then, unnamed, by how it moved
 * between two answers.
 */
function slotOf(before: number, after: number, label: string, limits: HeaderExamples['limits']): string | undefined {
  const lower = label.toLowerCase()
  if (after > 1_000_000_000 && after < 100_000_000_000) return 'reset'
  if (/reset|^t$/.test(lower)) return after <= 86_400 ? 'reset_after' : undefined
  if (/^w$|window|period/.test(lower)) return 'window'
  if (/used/.test(lower)) return 'used'
  if (/remaining|^r$/.test(lower)) return 'remaining'
  if (/limit|^q$/.test(lower)) return 'limit'
  if (after === before - 1) return 'remaining'
  if (after === before + 1) return 'used'
  if (before === after && (after === limits.per_minute || after === limits.per_day)) return 'limit'
  return undefined
}

/** A header name in its usual spelling (`x-ratelimit-limit` is `X-RateLimit-Limit`). */
function canonical(name: string): string {
  return name
    .split('-')
    .map((part) => (part.toLowerCase() === 'ratelimit' ? 'RateLimit' : part.charAt(0).toUpperCase() + part.slice(1)))
    .join('-')
}
