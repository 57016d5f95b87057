import { createRandom } from '../../src/domain/random.js'
import { DEMO_API_KEY, OTHER_API_KEY } from '../../src/store/fixtures.js'

// The operations of the sandbox's consistency test: a seeded stream of API reads and writes, arranges,
// overrides, settings, journal reads and resets, each sent as one request (and acting as one user),
// and what makes two answers comparable (each system's own API keys named by their user instead).

/** One operation: a request, whom it acts as, and which of the two replicas takes it. */
export interface Op {
  method: string
  /** Below the origin: `/api/v1/…` or `/__admin/…`. */
  path: string
  body?: unknown
  /** The user whose key goes in Authorization; 'bad' a key nobody has; undefined none. */
  as?: number | 'bad'
  replica: 0 | 1
}

/** The instant both clocks stand at, so every stamp and window is the same on both sides. */
export const FROZEN_AT = '2026-01-05T10:00:00.000Z'

/** What the generator needs to know of the state: the users it may act as, and the highest ids seen. */
export interface Known {
  users: number[]
  adverts: number
  campaigns: number
}

/** The API keys of one system by user (and every key it ever handed out), to send and to name in answers. */
export class SystemKeys {
  readonly byUser = new Map<number, string>()
  readonly names = new Map<string, string>()

  constructor() {
    this.reset()
  }

  /** Back to the fixtures' two users. */
  reset(): void {
    this.byUser.clear()
    this.set(1, DEMO_API_KEY)
    this.set(2, OTHER_API_KEY)
  }

  set(user: number, key: string): void {
    this.byUser.set(user, key)
    this.names.set(key, `<key of user ${user}>`)
  }

  /** Learns every `{ id, api_key }` an answer holds (a new user, a reset key). */
  learn(value: unknown): void {
    if (Array.isArray(value)) return value.forEach((item) => this.learn(item))
    if (typeof value !== 'object' || value === null) return
    const record = value as Record<string, unknown>
    if (typeof record.id === 'number' && typeof record.api_key === 'string' && record.api_key.startsWith('acs_'))
      this.set(record.id, record.api_key)
    for (const child of Object.values(record)) this.learn(child)
  }

  /** The text with every key of this system replaced by the name of its user. */
  name(text: string): string {
    return text.replace(/acs_[0-9a-z_]+/g, (key) => this.names.get(key) ?? key)
  }
}

/**
 * A seeded stream of operations over what is known of the state (the same seed, the same stream).
 * @example const next = opStream(7); const op = next(known)
 */
export function opStream(seed: number): (known: Known) => Op {
  const random = createRandom(seed)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!
  const int = (low: number, high: number) => low + Math.floor(random() * (high - low + 1))
  const idOf = (highest: number) => (random() < 0.6 ? Math.max(1, highest - int(0, 6)) : int(1, highest + 2))
  return (known) => {
    const replica = (random() < 0.5 ? 0 : 1) as 0 | 1
    const as = random() < 0.03 ? ('bad' as const) : pick(known.users)
    const advert = idOf(known.adverts)
    const campaign = idOf(known.campaigns)
    const api = (method: string, path: string, body?: unknown): Op => ({
      method,
      path: `/api/v1${path}`,
      body,
      as,
      replica,
    })
    const admin = (method: string, path: string, body?: unknown): Op => ({
      method,
      path: `/__admin${path}`,
      body,
      replica,
    })
    const table: [number, () => Op][] = [
      [5, () => api('GET', '/user')],
      [3, () => api('GET', '/user/balance')],
      [6, () => api('GET', `/adverts?per_page=${int(1, 5)}&page=${int(1, 3)}`)],
      [6, () => api('GET', `/adverts/${advert}`)],
      [4, () => api('GET', `/campaigns?per_page=${int(2, 6)}&page=${int(1, 2)}`)],
      [3, () => api('GET', `/campaigns?enabled=${pick(['true', 'false'])}&advert_id=${advert}`)],
      [7, () => api('GET', `/campaigns/${campaign}`)],
      [7, () => api('POST', '/adverts', { advert: { title: `advert ${int(1, 999)}` } })],
      [4, () => api('PATCH', `/adverts/${advert}`, { advert: { title: `renamed ${int(1, 9)}` } })],
      [3, () => api('DELETE', `/adverts/${advert}`)],
      [8, () => api('POST', '/campaigns', { campaign: campaignBody(advert, int) })],
      [
        4,
        () =>
          api('PATCH', `/campaigns/${campaign}`, { campaign: { cpm: int(1, 40) / 4, sending_limit: int(0, 3) * 50 } }),
      ],
      [4, () => api('POST', `/campaigns/${campaign}/toggle`)],
      [3, () => api('DELETE', `/campaigns/${campaign}`)],
      [1, () => api('PATCH', '/user', { user: { email: `person${int(1, 6)}@example.org` } })],
      [0.5, () => api('POST', '/user/reset_api_key')],
      [1.5, () => admin('POST', '/users', { tier: pick(['free', 'basic', 'pro']) })],
      [1.5, () => admin('POST', '/arrange/user', { tier: pick(['free', 'basic']), topups: [int(1, 50)] })],
      [1.5, () => admin('POST', '/arrange/campaigns', { user: pick(known.users), count: int(1, 4), seed: int(1, 99) })],
      [0.5, () => admin('POST', '/arrange/rateLimited', { user: pick(known.users) })],
      [1.5, () => admin('POST', `/users/${pick(known.users)}/topups`, { amount_usd: int(1, 20) })],
      [1, () => admin('POST', '/deliveries', { sends: int(1, 30) })],
      [1.5, () => admin('PATCH', '/tiers', { [pick(['free', 'basic', 'pro'])]: { per_minute: int(3, 40) } })],
      [1.5, () => admin('POST', '/clock', { advance_seconds: pick([1, 20, 61]) })],
      [1.5, () => admin('POST', '/overrides', overrideBody(pick, int))],
      [1, () => admin('DELETE', `/overrides/${int(1, 40)}`)],
      [1, () => admin('GET', '/overrides')],
      [0.5, () => admin('POST', '/faults', { errors: [{ status: 503, rate: 1, path: pick(['/adverts', '/user']) }] })],
      [1, () => admin('DELETE', '/faults')],
      [2, () => admin('GET', `/requests?limit=${int(1, 12)}`)],
      [0.3, () => admin('DELETE', '/requests')],
      [0.5, () => admin('GET', '/state')],
      [0.5, () => admin('GET', '/users?per_page=5')],
      [0.25, () => admin('POST', '/reset')],
    ]
    const total = table.reduce((sum, [weight]) => sum + weight, 0)
    let draw = random() * total
    for (const [weight, make] of table) if ((draw -= weight) < 0) return make()
    return table[0]![1]()
  }
}

function campaignBody(advert: number, int: (low: number, high: number) => number) {
  return { advert_id: advert, broadcasting_type: 'active_ad', cpm: int(1, 40) / 4, sending_limit: int(1, 4) * 100 }
}

function overrideBody(pick: <T>(items: readonly T[]) => T, int: (low: number, high: number) => number) {
  const operation = pick(['getUser', 'listAdverts', 'getCampaign', 'createAdvert', 'getUserBalance'])
  return { operation, status: pick([418, 503]), untyped: true, ...(int(0, 4) > 0 ? { times: int(1, 3) } : {}) }
}
