import fc from 'fast-check'
import { expect } from 'vitest'
import type { MockApi } from '../../../src/surface/create-mock-api.js'
import { expectNoChange } from '../state-snapshot.js'
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

/** The two users a run acts as. */
export const WHO = ['demo', 'other'] as const
/** One of the two users. */
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
        .map((c) => [
          c.id,
          { advertId: c.advert_id, enabled: c.enabled, sendingLimit: c.sending_limit, sendingCount: c.sending_count },
        ]),
    )
    const maxTopups = api.context.tiers[record.api_tier].max_topups
    return {
      id: record.id,
      key: record.api_key,
      email: record.email,
      adverts,
      campaigns,
      topups: record.topups_count ?? 0,
      maxTopups,
    }
  }
  return { users: { demo: user(0), other: user(1) } }
}

/** Which record a command addresses: one of the caller's, one of the other user's, or one that does not exist. */
export type Pick = { whose: 'own' | 'foreign' | 'missing'; index: number }
/** Picks which record a command addresses, mostly the caller's own. */
export const pick = fc.record({ whose: fc.constantFrom('own', 'own', 'own', 'foreign', 'missing'), index: fc.nat() })

/** The id a pick addresses, and whether the caller owns it. */
export function idOf(
  model: Model,
  who: Who,
  { whose, index }: Pick,
  kind: 'adverts' | 'campaigns',
): { id: number; owned: boolean } {
  const owner = whose === 'own' ? model.users[who] : model.users[who === 'demo' ? 'other' : 'demo']
  const ids = [...(kind === 'adverts' ? owner.adverts : owner.campaigns.keys())]
  if (whose === 'missing' || ids.length === 0) return { id: 900_000 + index, owned: false }
  return { id: ids[index % ids.length]!, owned: whose === 'own' }
}

/** A command: what it sends and what the model says must come back. */
export abstract class Step implements fc.AsyncCommand<Model, Real> {
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
export async function refused(real: Real, status: number, act: () => Promise<ModelResponse>): Promise<ModelResponse> {
  const response = await expectNoChange(real.api, act)
  expect(response.status, JSON.stringify(response.body)).toBe(status)
  return response
}
