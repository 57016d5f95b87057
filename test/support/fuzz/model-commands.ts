import fc from 'fast-check'
import { expect } from 'vitest'
import type { MockApi } from '../../../src/create-mock-api.js'
import { stateSnapshot } from '../state-snapshot.js'
import { invariantProblems } from './checks.js'

// Model-based fuzzing: random sequences of valid and invalid operations by two users (and the
// control plane's top-ups and deliveries), each checked against a small model of what the mock
// must hold, with the store's invariants after every step.

/** What the model knows of one campaign. */
interface CampaignModel {
  advertId: number
  enabled: boolean
  sendingLimit: number
  sendingCount: number
}

/** What the model knows of one user: their key, e-mail, records and top-ups. */
interface UserModel {
  id: number
  key: string
  email: string
  adverts: Set<number>
  campaigns: Map<number, CampaignModel>
  topups: number
  maxTopups: number
}

/** The model: the two users by name. */
export interface Model {
  users: Record<Who, UserModel>
}

/** One response as the commands read it. */
export interface ModelResponse {
  status: number
  body: any
}

/** The system under test: the mock, and how to send it a request (in-process or through the listener). */
export interface Real {
  api: MockApi
  send(method: string, path: string, options?: { key?: string; body?: unknown }): Promise<ModelResponse>
}

export const WHO = ['demo', 'other'] as const
export type Who = (typeof WHO)[number]

/** The model of the state the mock holds now (read once, at the start of a run). */
export function modelOf(api: MockApi): Model {
  const { dataset } = api.exportState()
  const user = (index: number): UserModel => {
    const record = dataset.users[index]!
    const adverts = new Set(dataset.adverts.filter((advert) => advert.user_id === record.id).map((advert) => advert.id))
    const campaigns = new Map(
      dataset.campaigns
        .filter((campaign) => adverts.has(campaign.advert_id))
        .map((c) => [c.id, { advertId: c.advert_id, enabled: c.enabled, sendingLimit: c.sending_limit, sendingCount: c.sending_count }]),
    )
    const maxTopups = api.context.tiers[record.api_tier].max_topups
    return { id: record.id, key: record.api_key, email: record.email, adverts, campaigns, topups: record.topups_count ?? 0, maxTopups }
  }
  return { users: { demo: user(0), other: user(1) } }
}

/** Which record a command addresses: one of the caller's, one of the other user's, or one that does not exist. */
type Pick = { whose: 'own' | 'foreign' | 'missing'; index: number }
const pick = fc.record({ whose: fc.constantFrom('own', 'own', 'own', 'foreign', 'missing'), index: fc.nat() })

function idOf(model: Model, who: Who, { whose, index }: Pick, kind: 'adverts' | 'campaigns'): { id: number; owned: boolean } {
  const owner = whose === 'own' ? model.users[who] : model.users[who === 'demo' ? 'other' : 'demo']
  const ids = [...(kind === 'adverts' ? owner.adverts : owner.campaigns.keys())]
  if (whose === 'missing' || ids.length === 0) return { id: 900_000 + index, owned: false }
  return { id: ids[index % ids.length]!, owned: whose === 'own' }
}

/** A command: what it sends and what the model says must come back. */
abstract class Step implements fc.AsyncCommand<Model, Real> {
  constructor(readonly who: Who) {}
  check = () => true
  /** Sends the command's requests and checks the answers against the model, then the store's invariants. */
  async run(model: Model, real: Real): Promise<void> {
    await this.act(model, real)
    expect(invariantProblems(real.api).join('\n')).toBe('')
  }
  protected abstract act(model: Model, real: Real): Promise<void>
  abstract toString(): string
  protected send(model: Model, real: Real, method: string, path: string, body?: unknown) {
    return real.send(method, path, { key: model.users[this.who].key, body })
  }
}

/** A refused request must leave the whole state as it was. */
async function refused(real: Real, status: number, act: () => Promise<ModelResponse>): Promise<ModelResponse> {
  const before = stateSnapshot(real.api)
  const response = await act()
  expect(response.status, JSON.stringify(response.body)).toBe(status)
  expect(stateSnapshot(real.api)).toEqual(before)
  return response
}

class CreateAdvert extends Step {
  constructor(who: Who, readonly title: string) { super(who) }
  async act(model: Model, real: Real) {
    if (this.title.trim() === '' || this.title.trim().length > 120) {
      await refused(real, 422, () => this.send(model, real, 'POST', '/adverts', { advert: { title: this.title } }))
      return
    }
    const response = await this.send(model, real, 'POST', '/adverts', { advert: { title: this.title } })
    expect(response.status).toBe(201)
    model.users[this.who].adverts.add(response.body.data.id)
  }
  toString = () => `${this.who} creates advert ${JSON.stringify(this.title)}`
}

class CreateCampaign extends Step {
  constructor(who: Who, readonly advert: Pick, readonly sendingLimit: number) { super(who) }
  async act(model: Model, real: Real) {
    const { id, owned } = idOf(model, this.who, this.advert, 'adverts')
    const body = { campaign: { advert_id: id, broadcasting_type: 'active_ad', cpm: 0.5, sending_limit: this.sendingLimit } }
    if (!owned) {
      await refused(real, 422, () => this.send(model, real, 'POST', '/campaigns', body))
      return
    }
    const response = await this.send(model, real, 'POST', '/campaigns', body)
    expect(response.status).toBe(201)
    model.users[this.who].campaigns.set(response.body.data.id, { advertId: id, enabled: true, sendingLimit: this.sendingLimit, sendingCount: 0 })
  }
  toString = () => `${this.who} creates a campaign on ${this.advert.whose} advert #${this.advert.index}`
}

class ReadCampaign extends Step {
  constructor(who: Who, readonly campaign: Pick) { super(who) }
  async act(model: Model, real: Real) {
    const { id, owned } = idOf(model, this.who, this.campaign, 'campaigns')
    if (!owned) return void (await refused(real, 404, () => this.send(model, real, 'GET', `/campaigns/${id}`)))
    const response = await this.send(model, real, 'GET', `/campaigns/${id}`)
    const expected = model.users[this.who].campaigns.get(id)!
    expect(response.status).toBe(200)
    expect(response.body.data).toMatchObject({ id, advert_id: expected.advertId, enabled: expected.enabled, sending_limit: expected.sendingLimit, sending_count: expected.sendingCount })
  }
  toString = () => `${this.who} reads ${this.campaign.whose} campaign #${this.campaign.index}`
}

class ChangeCampaign extends Step {
  constructor(who: Who, readonly campaign: Pick, readonly change: 'toggle' | 'disable' | 'limit' | 'delete', readonly limit: number) { super(who) }
  async act(model: Model, real: Real) {
    const { id, owned } = idOf(model, this.who, this.campaign, 'campaigns')
    const [method, path, body] =
      this.change === 'toggle' ? ['POST', `/campaigns/${id}/toggle`] : this.change === 'delete' ? ['DELETE', `/campaigns/${id}`]
        : ['PATCH', `/campaigns/${id}`, { campaign: this.change === 'disable' ? { enabled: false } : { sending_limit: this.limit } }]
    if (!owned) return void (await refused(real, 404, () => this.send(model, real, method, path, body)))
    const campaigns = model.users[this.who].campaigns
    const current = campaigns.get(id)!
    if (this.change === 'limit' && this.limit < current.sendingCount) return void (await refused(real, 422, () => this.send(model, real, method, path, body)))
    const response = await this.send(model, real, method, path, body)
    expect(response.status).toBe(200)
    if (this.change === 'delete') campaigns.delete(id)
    if (this.change === 'toggle') current.enabled = !current.enabled
    if (this.change === 'disable') current.enabled = false
    if (this.change === 'limit') current.sendingLimit = this.limit
    if (this.change !== 'delete') expect(response.body.data).toMatchObject({ enabled: current.enabled, sending_limit: current.sendingLimit })
  }
  toString = () => `${this.who} ${this.change}s ${this.campaign.whose} campaign #${this.campaign.index}`
}

class DeleteAdvert extends Step {
  constructor(who: Who, readonly advert: Pick) { super(who) }
  async act(model: Model, real: Real) {
    const { id, owned } = idOf(model, this.who, this.advert, 'adverts')
    if (!owned) return void (await refused(real, 404, () => this.send(model, real, 'DELETE', `/adverts/${id}`)))
    const user = model.users[this.who]
    const inUse = [...user.campaigns.values()].some((campaign) => campaign.advertId === id)
    if (inUse) return void (await refused(real, 422, () => this.send(model, real, 'DELETE', `/adverts/${id}`)))
    expect((await this.send(model, real, 'DELETE', `/adverts/${id}`)).status).toBe(200)
    user.adverts.delete(id)
  }
  toString = () => `${this.who} deletes ${this.advert.whose} advert #${this.advert.index}`
}

class ListOwn extends Step {
  constructor(who: Who, readonly kind: 'adverts' | 'campaigns', readonly enabled: boolean | undefined) { super(who) }
  async act(model: Model, real: Real) {
    const filter = this.kind === 'campaigns' && this.enabled !== undefined ? `&enabled=${this.enabled}` : ''
    const response = await this.send(model, real, 'GET', `/${this.kind}?per_page=100${filter}`)
    expect(response.status).toBe(200)
    const user = model.users[this.who]
    const expected =
      this.kind === 'adverts' ? [...user.adverts] : [...user.campaigns].filter(([, c]) => this.enabled === undefined || c.enabled === this.enabled).map(([id]) => id)
    // Only the caller's records, all of them, newest first.
    expect(response.body.pagination.total_count).toBe(expected.length)
    expect(response.body.data.map((row: { id: number }) => row.id)).toEqual(expected.sort((a, b) => b - a).slice(0, 100))
  }
  toString = () => `${this.who} lists ${this.kind}${this.enabled === undefined ? '' : ` enabled=${this.enabled}`}`
}

class ChangeEmail extends Step {
  constructor(who: Who, readonly email: string) { super(who) }
  async act(model: Model, real: Real) {
    const other = model.users[this.who === 'demo' ? 'other' : 'demo']
    if (other.email.toLowerCase() === this.email.toLowerCase()) {
      return void (await refused(real, 422, () => this.send(model, real, 'PATCH', '/user', { user: { email: this.email } })))
    }
    const response = await this.send(model, real, 'PATCH', '/user', { user: { email: this.email } })
    expect(response.status).toBe(200)
    model.users[this.who].email = this.email
  }
  toString = () => `${this.who} changes e-mail to ${this.email}`
}

class ResetKey extends Step {
  async act(model: Model, real: Real) {
    const user = model.users[this.who]
    const response = await this.send(model, real, 'POST', '/user/reset_api_key')
    expect(response.status).toBe(200)
    const old = user.key
    user.key = response.body.data.api_key
    await refused(real, 401, () => real.send('GET', '/user', { key: old }))
    expect((await this.send(model, real, 'GET', '/user')).body.data.id).toBe(user.id)
  }
  toString = () => `${this.who} resets their key`
}

class TopUp extends Step {
  async act(model: Model, real: Real) {
    const user = model.users[this.who]
    const path = `/__admin/users/${user.id}/topups`
    if (user.topups >= user.maxTopups) return void (await refused(real, 422, () => real.send('POST', path, { body: { amount_usd: 5 } })))
    expect((await real.send('POST', path, { body: { amount_usd: 5 } })).status).toBe(200)
    user.topups += 1
  }
  toString = () => `the control plane tops ${this.who} up`
}

class Deliver extends Step {
  constructor(readonly sends: number) { super('demo') }
  async act(model: Model, real: Real) {
    const response = await real.send('POST', '/__admin/deliveries', { body: { sends: this.sends } })
    expect(response.status).toBe(200)
    // The report says where each campaign now stands; the invariants check the store agrees.
    for (const row of response.body.data.campaigns as { campaign_id: number; user_id: number; sending_count: number; enabled: boolean }[]) {
      const campaign = model.users[row.user_id === model.users.demo.id ? 'demo' : 'other'].campaigns.get(row.campaign_id)!
      expect(row.sending_count).toBeLessThanOrEqual(campaign.sendingLimit)
      campaign.sendingCount = row.sending_count
      campaign.enabled = row.enabled
    }
  }
  toString = () => `the control plane delivers ${this.sends} sends`
}

/** The commands, for fc.commands: every operation both users can make, valid and not. */
export function modelCommands(): fc.Arbitrary<fc.AsyncCommand<Model, Real>>[] {
  const who = fc.constantFrom(...WHO)
  const emails = fc.constantFrom('demo@example.com', 'OTHER@example.com', 'shared@example.org', 'Shared@Example.org', 'fresh@example.org')
  return [
    fc.tuple(who, fc.oneof(fc.string({ minLength: 1, maxLength: 30 }), fc.constantFrom('', '   ', 'x'.repeat(121)))).map(([w, title]) => new CreateAdvert(w, title)),
    fc.tuple(who, pick, fc.integer({ min: 1, max: 50_000 })).map(([w, p, limit]) => new CreateCampaign(w, p, limit)),
    fc.tuple(who, pick).map(([w, p]) => new ReadCampaign(w, p)),
    fc.tuple(who, pick, fc.constantFrom('toggle', 'disable', 'limit', 'delete') as fc.Arbitrary<'toggle' | 'disable' | 'limit' | 'delete'>, fc.integer({ min: 1, max: 20_000 })).map(
      ([w, p, change, limit]) => new ChangeCampaign(w, p, change, limit),
    ),
    fc.tuple(who, pick).map(([w, p]) => new DeleteAdvert(w, p)),
    fc.tuple(who, fc.constantFrom('adverts', 'campaigns') as fc.Arbitrary<'adverts' | 'campaigns'>, fc.constantFrom(undefined, true, false)).map(([w, kind, enabled]) => new ListOwn(w, kind, enabled)),
    fc.tuple(who, emails).map(([w, email]) => new ChangeEmail(w, email)),
    who.map((w) => new ResetKey(w)),
    who.map((w) => new TopUp(w)),
    fc.integer({ min: 1, max: 20_000 }).map((sends) => new Deliver(sends)),
  ]
}
