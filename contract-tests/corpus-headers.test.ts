import { expect, it } from 'vitest'
import type { RateLimitFamily } from './independent-server/house-conventions.js'
import { STYLE_NAMES } from './independent-server/house-styles.js'
import { startCorpusServer, type CorpusAnswer } from './support/differential/corpus-client.js'

// Each house style tells its quota in the family of headers it declares, with values that agree:
// with 3 requests a minute, Remaining counts 2, 1, 0; the reset stays put (a window) or says when
// the bucket is full again; the fourth request is a 429 in the style's error shape with a
// Retry-After of the seconds until the window starts again (or until the bucket holds one more
// request), or, for the style whose defect it is, the whole minute. A 401 counts against nothing.

const LIMIT = 3

/** Every rate-limit header any family sends, in lower case. */
const ALL = [
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'x-ratelimit-used',
  'x-ratelimit-resource',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'ratelimit',
  'ratelimit-policy',
]

/** What one answer's headers say, read by the family: the quota left and the seconds until it is whole again (undefined where the family does not say). */
function readQuota(
  family: RateLimitFamily,
  answer: CorpusAnswer,
  now: number,
): { names: string[]; remaining?: number; resetIn?: number } {
  const get = (name: string) => answer.headers.get(name)
  const names = headerNames(answer)
  const number = (name: string) => Number(get(name))
  const epoch = (name: string) => (get(name) === null ? undefined : number(name) - now / 1000)
  switch (family) {
    case 'github':
      expect(number('x-ratelimit-used') + number('x-ratelimit-remaining')).toBe(number('x-ratelimit-limit'))
      expect(get('x-ratelimit-resource')).toBe('core')
      return { names, remaining: number('x-ratelimit-remaining'), resetIn: epoch('x-ratelimit-reset') }
    case 'x-ratelimit':
    case 'laravel':
      return { names, remaining: number('x-ratelimit-remaining'), resetIn: epoch('x-ratelimit-reset') }
    case 'x-ratelimit-delta':
      return { names, remaining: number('x-ratelimit-remaining'), resetIn: number('x-ratelimit-reset') }
    case 'ietf-fields':
      expect(get('ratelimit-limit')).toBe(String(LIMIT))
      return { names, remaining: number('ratelimit-remaining'), resetIn: number('ratelimit-reset') }
    case 'ietf-structured': {
      const [, policy, quota, window] = /^"(\w+)";q=(\d+);w=(\d+)$/.exec(get('ratelimit-policy') ?? '') ?? []
      expect([quota, window]).toEqual([String(LIMIT), '60'])
      const [, name, r, t] = /^"(\w+)";r=(\d+);t=(\d+)$/.exec(get('ratelimit') ?? '') ?? []
      expect(name).toBe(policy)
      return { names, remaining: Number(r), resetIn: Number(t) }
    }
    case 'none':
      return { names }
  }
}

/** The rate-limit headers an answer carries. */
const headerNames = (answer: CorpusAnswer) => ALL.filter((name) => answer.headers.has(name))

/** The headers each family sends on an admitted answer, and on a 429. */
const FAMILY_HEADERS: Readonly<Record<RateLimitFamily, { admitted: string[]; refused: string[] }>> = {
  github: {
    admitted: [
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
      'x-ratelimit-used',
      'x-ratelimit-resource',
    ],
    refused: [
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
      'x-ratelimit-used',
      'x-ratelimit-resource',
    ],
  },
  'x-ratelimit': {
    admitted: ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'],
    refused: ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'],
  },
  'x-ratelimit-delta': {
    admitted: ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'],
    refused: ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'],
  },
  laravel: {
    admitted: ['x-ratelimit-limit', 'x-ratelimit-remaining'],
    refused: ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'],
  },
  'ietf-fields': {
    admitted: ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'],
    refused: ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'],
  },
  'ietf-structured': { admitted: ['ratelimit', 'ratelimit-policy'], refused: ['ratelimit', 'ratelimit-policy'] },
  none: { admitted: [], refused: [] },
}

it.concurrent.each(STYLE_NAMES)(
  'the %s style counts down in its family of headers and answers the spent minute with a 429 and a correct Retry-After',
  async (name) => {
    const server = await startCorpusServer(name, { perMinute: LIMIT })
    try {
      const { conventions } = server.style
      const { family, algorithm } = conventions.rateLimit
      const unauthorized = await server.send('GET', '/user', { as: null })
      expect(unauthorized.status).toBe(401)
      expect(headerNames(unauthorized)).toEqual([])
      const quotas = []
      for (let request = 1; request <= LIMIT; request++) {
        // A second between the first and the last: a window's Retry-After is then less than the whole minute.
        if (request === LIMIT) await new Promise((resolve) => setTimeout(resolve, 1100))
        const answer = await server.send('GET', '/user')
        expect(answer.status).toBe(200)
        quotas.push(readQuota(family, answer, Date.now()))
      }
      for (const quota of quotas) expect(quota.names.sort()).toEqual([...FAMILY_HEADERS[family].admitted].sort())
      if (family !== 'none') expect(quotas.map((quota) => quota.remaining)).toEqual([2, 1, 0])
      const refused = await server.send('GET', '/user')
      const refusedQuota = readQuota(family, refused, Date.now())
      expect(refused.status).toBe(429)
      expect(refusedQuota.names.sort()).toEqual([...FAMILY_HEADERS[family].refused].sort())
      if (family !== 'none') expect(refusedQuota.remaining).toBe(0)
      if (conventions.errors.kind === 'problem-details') expect(refused.body.status).toBe(429)
      const retryAfter = Number(refused.headers.get('retry-after'))
      if (conventions.defect === 'retry-after-full-window') expect(retryAfter).toBe(60)
      else if (algorithm === 'fixed-window') expect(retryAfter).toBeGreaterThanOrEqual(55)
      // A bucket of 3 a minute holds one more request within 20 s.
      else expect(retryAfter).toBeLessThanOrEqual(20)
      if (conventions.defect !== 'retry-after-full-window') expect(retryAfter).toBeLessThan(60)
      expect(retryAfter).toBeGreaterThanOrEqual(1)
      const resets = [...quotas, refusedQuota].map((quota) => quota.resetIn).filter((reset) => reset !== undefined)
      for (const reset of resets) expect(reset).toBeGreaterThan(0)
      for (const reset of resets) expect(reset).toBeLessThanOrEqual(61)
      // A window's reset stays put: the seconds until it fall as time passes, and Retry-After is that time.
      if (algorithm === 'fixed-window' && resets.length > 0) {
        expect(resets.at(-1)! - resets[0]!).toBeLessThanOrEqual(0.1)
        if (conventions.defect === undefined) expect(Math.abs(retryAfter - resets.at(-1)!)).toBeLessThanOrEqual(1)
      }
      // A bucket is whole again later than it holds one more request.
      if (algorithm === 'token-bucket') expect(resets.at(-1)!).toBeGreaterThan(retryAfter)
    } finally {
      await server.server.close()
    }
  },
)
