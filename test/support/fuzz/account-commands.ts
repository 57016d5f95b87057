import { expect } from 'vitest'
import { refused, Step, type Model, type Real, type Who } from './model.js'

// The commands on a user's own account (e-mail, key) and the control plane's (top-ups, deliveries).

/** A user changes their e-mail: refused when another user holds it, in any case. */
export class ChangeEmail extends Step {
  constructor(
    who: Who,
    readonly email: string,
  ) {
    super(who)
  }
  async act(model: Model, real: Real) {
    const other = model.users[this.who === 'demo' ? 'other' : 'demo']
    if (other.email.toLowerCase() === this.email.toLowerCase()) {
      return void (await refused(real, 422, () =>
        this.send(model, real, 'PATCH', '/user', { user: { email: this.email } }),
      ))
    }
    const response = await this.send(model, real, 'PATCH', '/user', { user: { email: this.email } })
    expect(response.status).toBe(200)
    model.users[this.who].email = this.email
  }
  toString = () => `${this.who} changes e-mail to ${this.email}`
}

/** A user resets their key: the old one then opens nothing. */
export class ResetKey extends Step {
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

/** The control plane tops a user up: refused past their tier's max_topups. */
export class TopUp extends Step {
  async act(model: Model, real: Real) {
    const user = model.users[this.who]
    const path = `/__admin/users/${user.id}/topups`
    if (user.topups >= user.maxTopups)
      return void (await refused(real, 422, () => real.send('POST', path, { body: { amount_usd: 5 } })))
    expect((await real.send('POST', path, { body: { amount_usd: 5 } })).status).toBe(200)
    user.topups += 1
  }
  toString = () => `the control plane tops ${this.who} up`
}

/** The control plane runs deliveries: no campaign past its sending limit. */
export class Deliver extends Step {
  constructor(readonly sends: number) {
    super('demo')
  }
  async act(model: Model, real: Real) {
    const response = await real.send('POST', '/__admin/deliveries', { body: { sends: this.sends } })
    expect(response.status).toBe(200)
    // The report says where each campaign now stands; the invariants check the store agrees.
    for (const row of response.body.data.campaigns as {
      campaign_id: number
      user_id: number
      sending_count: number
      enabled: boolean
    }[]) {
      const campaign = model.users[row.user_id === model.users.demo.id ? 'demo' : 'other'].campaigns.get(
        row.campaign_id,
      )!
      expect(row.sending_count).toBeLessThanOrEqual(campaign.sendingLimit)
      campaign.sendingCount = row.sending_count
      campaign.enabled = row.enabled
    }
  }
  toString = () => `the control plane delivers ${this.sends} sends`
}
