/** An account the control plane opened for the run. */
export interface ControlPlaneUser {
  id: number
  email: string
  api_key: string
  api_tier: string
}

/** Limits of one tier, as the control plane's tier table gives them. */
export type TierLimits = { per_minute: number; per_day: number; max_topups: number }

export interface ControlPlaneOptions {
  /** e.g. `http://127.0.0.1:4010/__admin` */
  url: string
  /** Sent as X-Admin-Token when the mock guards its control plane. */
  token?: string
  fetch?: typeof fetch
}

/**
 * The mock's /__admin control plane, used only when the run is given one: it opens accounts for
 * the run (so nothing touches existing ones), shrinks a tier to reach a 429 cheaply, and moves
 * the mock's clock instead of sleeping. Shapes as in openapi/admin.openapi.json.
 */
export class ControlPlane {
  requests = 0
  private readonly fetch: typeof fetch

  constructor(private readonly options: ControlPlaneOptions) {
    this.fetch = options.fetch ?? globalThis.fetch
  }

  /** POST /users: a new account with its own key. */
  async createUser(body: { tier?: string; email?: string } = {}): Promise<ControlPlaneUser> {
    return (await this.call('POST', '/users', body, [201])) as ControlPlaneUser
  }

  /** GET /tiers: the limits of every tier. */
  async tiers(): Promise<Record<string, TierLimits>> {
    return (await this.call('GET', '/tiers', undefined, [200])) as Record<string, TierLimits>
  }

  /** PATCH /tiers: replaces the limits of the tiers given. */
  async setTiers(tiers: Record<string, TierLimits>): Promise<void> {
    await this.call('PATCH', '/tiers', tiers, [200])
  }

  /** POST /clock: moves the mock's time forward. */
  async advanceClock(seconds: number): Promise<void> {
    await this.call('POST', '/clock', { advance_seconds: Math.ceil(seconds) }, [200])
  }

  private async call(method: string, path: string, body: unknown, expected: number[]): Promise<unknown> {
    this.requests++
    const headers: Record<string, string> = { accept: 'application/json' }
    if (body !== undefined) headers['content-type'] = 'application/json'
    if (this.options.token) headers['x-admin-token'] = this.options.token
    const url = this.options.url.replace(/\/+$/, '') + path
    const response = await this.fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    })
    const text = await response.text()
    if (!expected.includes(response.status))
      throw new Error(`Control plane ${method} ${url} answered ${response.status}: ${text.slice(0, 300)}`)
    return (JSON.parse(text) as { data: unknown }).data
  }
}
