import { expect } from 'vitest'
import { idOf, refused, Step, type Model, type Pick, type Real, type Who } from './model.js'

// The commands on adverts and campaigns, each by one of the two users, on records of theirs or not.

/** A user creates an advert: 422 and nothing changed for a blank or over-long title. */
export class CreateAdvert extends Step {
  constructor(
    who: Who,
    readonly title: string,
  ) {
    super(who)
  }
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

/** A user creates a campaign on an advert: 422 and nothing changed unless the advert is theirs. */
export class CreateCampaign extends Step {
  constructor(
    who: Who,
    readonly advert: Pick,
    readonly sendingLimit: number,
  ) {
    super(who)
  }
  async act(model: Model, real: Real) {
    const { id, owned } = idOf(model, this.who, this.advert, 'adverts')
    const body = {
      campaign: { advert_id: id, broadcasting_type: 'active_ad', cpm: 0.5, sending_limit: this.sendingLimit },
    }
    if (!owned) {
      await refused(real, 422, () => this.send(model, real, 'POST', '/campaigns', body))
      return
    }
    const response = await this.send(model, real, 'POST', '/campaigns', body)
    expect(response.status).toBe(201)
    model.users[this.who].campaigns.set(response.body.data.id, {
      advertId: id,
      enabled: true,
      sendingLimit: this.sendingLimit,
      sendingCount: 0,
    })
  }
  toString = () => `${this.who} creates a campaign on ${this.advert.whose} advert #${this.advert.index}`
}

/** A user reads a campaign: 404 and nothing changed unless it is theirs. */
export class ReadCampaign extends Step {
  constructor(
    who: Who,
    readonly campaign: Pick,
  ) {
    super(who)
  }
  async act(model: Model, real: Real) {
    const { id, owned } = idOf(model, this.who, this.campaign, 'campaigns')
    if (!owned) return void (await refused(real, 404, () => this.send(model, real, 'GET', `/campaigns/${id}`)))
    const response = await this.send(model, real, 'GET', `/campaigns/${id}`)
    const expected = model.users[this.who].campaigns.get(id)!
    expect(response.status).toBe(200)
    expect(response.body.data).toMatchObject({
      id,
      advert_id: expected.advertId,
      enabled: expected.enabled,
      sending_limit: expected.sendingLimit,
      sending_count: expected.sendingCount,
    })
  }
  toString = () => `${this.who} reads ${this.campaign.whose} campaign #${this.campaign.index}`
}

/** A user toggles, disables, re-limits or deletes a campaign: 404 unless it is theirs, 422 for a limit below its sends. */
export class ChangeCampaign extends Step {
  constructor(
    who: Who,
    readonly campaign: Pick,
    readonly change: 'toggle' | 'disable' | 'limit' | 'delete',
    readonly limit: number,
  ) {
    super(who)
  }
  async act(model: Model, real: Real) {
    const { id, owned } = idOf(model, this.who, this.campaign, 'campaigns')
    const [method, path, body] =
      this.change === 'toggle'
        ? ['POST', `/campaigns/${id}/toggle`]
        : this.change === 'delete'
          ? ['DELETE', `/campaigns/${id}`]
          : [
              'PATCH',
              `/campaigns/${id}`,
              { campaign: this.change === 'disable' ? { enabled: false } : { sending_limit: this.limit } },
            ]
    if (!owned) return void (await refused(real, 404, () => this.send(model, real, method, path, body)))
    const campaigns = model.users[this.who].campaigns
    const current = campaigns.get(id)!
    if (this.change === 'limit' && this.limit < current.sendingCount)
      return void (await refused(real, 422, () => this.send(model, real, method, path, body)))
    const response = await this.send(model, real, method, path, body)
    expect(response.status).toBe(200)
    if (this.change === 'delete') campaigns.delete(id)
    if (this.change === 'toggle') current.enabled = !current.enabled
    if (this.change === 'disable') current.enabled = false
    if (this.change === 'limit') current.sendingLimit = this.limit
    if (this.change !== 'delete')
      expect(response.body.data).toMatchObject({ enabled: current.enabled, sending_limit: current.sendingLimit })
  }
  toString = () => `${this.who} ${this.change}s ${this.campaign.whose} campaign #${this.campaign.index}`
}

/** A user deletes an advert: 404 unless it is theirs, 422 while a campaign of theirs uses it. */
export class DeleteAdvert extends Step {
  constructor(
    who: Who,
    readonly advert: Pick,
  ) {
    super(who)
  }
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

/** A user lists their adverts or campaigns: exactly their own, newest first, filtered by enabled when asked. */
export class ListOwn extends Step {
  constructor(
    who: Who,
    readonly kind: 'adverts' | 'campaigns',
    readonly enabled: boolean | undefined,
  ) {
    super(who)
  }
  async act(model: Model, real: Real) {
    const filter = this.kind === 'campaigns' && this.enabled !== undefined ? `&enabled=${this.enabled}` : ''
    const response = await this.send(model, real, 'GET', `/${this.kind}?per_page=100${filter}`)
    expect(response.status).toBe(200)
    const user = model.users[this.who]
    const expected =
      this.kind === 'adverts'
        ? [...user.adverts]
        : [...user.campaigns]
            .filter(([, c]) => this.enabled === undefined || c.enabled === this.enabled)
            .map(([id]) => id)
    // Only the caller's records, all of them, newest first.
    expect(response.body.pagination.total_count).toBe(expected.length)
    expect(response.body.data.map((row: { id: number }) => row.id)).toEqual(
      expected.sort((a, b) => b - a).slice(0, 100),
    )
  }
  toString = () => `${this.who} lists ${this.kind}${this.enabled === undefined ? '' : ` enabled=${this.enabled}`}`
}
