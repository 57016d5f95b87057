import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Conventions, DeleteAnswer, ExtraField, StampFormat } from './independent-server/house-conventions.js'
import { STYLE_NAMES } from './independent-server/house-styles.js'
import {
  CORPUS_KEYS,
  createAdvert,
  createCampaign,
  startCorpusServer,
  type CorpusAnswer,
  type CorpusServer,
} from './support/differential/corpus-client.js'

// Each house style serves the records it declares, over HTTP: its deletes' statuses and bodies,
// its stamps' form, its ids' start, step and sequences, its extra fields (constants, one that
// follows `enabled` through a toggle, ones made from the id), a new campaign's state and detail,
// its seeded account, its input bounds (cpm precision, maxima, enums, unknown fields), PATCH as
// it declares it (its defect included), and the key reset.

/** Each form of stamp, as the test reads it. */
const STAMPS: Readonly<Record<StampFormat, RegExp>> = {
  's-z': /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/,
  'ms-z': /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/,
  'us-z': /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/,
  's-offset': /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/,
  'us-offset': /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/,
}

describe.each(STYLE_NAMES)('the %s style', (name) => {
  let server: CorpusServer
  let conventions: Conventions
  let advert: number

  beforeAll(async () => {
    server = await startCorpusServer(name)
    conventions = server.style.conventions
    advert = await createAdvert(server)
  })

  afterAll(() => server.server.close())

  const campaignBody = (changes: object) => ({
    campaign: { advert_id: advert, broadcasting_type: 'active_ad', cpm: 2, sending_limit: 100, ...changes },
  })

  it('answers each delete with its declared status and body, and the record is gone', async () => {
    const ownAdvert = await createAdvert(server, 'To delete')
    const campaign = await createCampaign(server, ownAdvert)
    for (const [kind, id, answer] of [
      ['campaigns', campaign, conventions.deletes.campaign],
      ['adverts', ownAdvert, conventions.deletes.advert],
    ] as const) {
      const deleted = await server.send('DELETE', `/${kind}/${id}`)
      expect(deleted.status).toBe(answer.status)
      expect(deleted.body).toEqual(expectedDelete(answer, id))
      expect((await server.send('GET', `/${kind}/${id}`)).status).toBe(404)
    }
  })

  it('writes every stamp in its declared form, created_at no later than updated_at', async () => {
    const answers = [
      await server.send('GET', '/user'),
      await server.send('GET', `/adverts/${advert}`),
      await server.send('GET', `/campaigns/${server.server.seeded.campaigns[0]}`),
    ]
    for (const { body } of answers) {
      expect(body.data.created_at).toMatch(STAMPS[conventions.stamps])
      expect(body.data.updated_at).toMatch(STAMPS[conventions.stamps])
      expect(Date.parse(body.data.created_at)).toBeLessThanOrEqual(Date.parse(body.data.updated_at))
    }
  })

  it('hands out ids from its start, by its step, in one sequence or one per kind', async () => {
    const { start, step, sequence } = conventions.ids
    const { seeded } = server.server
    expect(seeded.adverts[0]).toBe(start)
    expect(seeded.campaigns[0]).toBe(sequence === 'shared' ? start + step * seeded.adverts.length : start)
    const a1 = await createAdvert(server)
    const c1 = await createCampaign(server, a1)
    const a2 = await createAdvert(server)
    const c2 = await createCampaign(server, a2)
    // One sequence: each id the step after the last of either kind; one per kind: after the last of its kind.
    if (sequence === 'shared') expect([c1 - a1, a2 - c1, c2 - a2]).toEqual([step, step, step])
    else expect([a2 - a1, c2 - c1]).toEqual([step, step])
  })

  it('starts a campaign as it declares, carries its extra fields (one following a toggle), and embeds the advert where it declares it', async () => {
    const id = await createCampaign(server, advert)
    const before = (await server.send('GET', `/campaigns/${id}`)).body.data
    expect(before.enabled).toBe(conventions.newCampaignsEnabled)
    expect('advert' in before).toBe(conventions.campaignDetailEmbedsAdvert)
    expectExtras(conventions.extraFields.campaign, before, `/campaigns/${id}`)
    const after = (await server.send('POST', `/campaigns/${id}/toggle`)).body.data
    expect(after.enabled).toBe(!conventions.newCampaignsEnabled)
    expectExtras(conventions.extraFields.campaign, after, `/campaigns/${id}`)
    expectExtras(
      conventions.extraFields.advert,
      (await server.send('GET', `/adverts/${advert}`)).body.data,
      `/adverts/${advert}`,
    )
    expectExtras(conventions.extraFields.user, (await server.send('GET', '/user')).body.data, '/users/1')
    expectExtras(conventions.extraFields.balance, (await server.send('GET', '/user/balance')).body.data, '')
  })

  it('holds its seed in the first account: the values, tier and balance it declares', async () => {
    const { seed } = server.style
    const { tier } = conventions
    const campaigns = await Promise.all(
      server.server.seeded.campaigns.map((id) => server.send('GET', `/campaigns/${id}`)),
    )
    expect(campaigns.map(({ body }) => body.data)).toMatchObject(
      seed.campaigns.map(({ broadcasting_type, cpm, sending_count, enabled }) => ({
        broadcasting_type,
        cpm,
        sending_count,
        enabled,
      })),
    )
    const user = (await server.send('GET', '/user')).body.data
    expect(user).toMatchObject({ api_tier: tier.name, ...seed.balance })
    expect(user.api_tier_limits).toEqual({ per_minute: 100_000, per_day: tier.perDay, max_topups: tier.maxTopups })
    // The second account starts empty.
    expect((await server.send('GET', '/campaigns', { as: CORPUS_KEYS[1] })).body.data).toEqual([])
  })

  it('keeps its input bounds: cpm precision and maximum, title maximum, its broadcasting types, unknown fields', async () => {
    const { bounds, statuses, broadcastingTypes, unknownFields } = conventions
    const post = (changes: object) => server.send('POST', '/campaigns', { body: campaignBody(changes) })
    const cpmOf = (answer: CorpusAnswer) => answer.body.data?.cpm
    const { decimals, max, beyond } = bounds.cpm
    if (decimals === null) expect(cpmOf(await post({ cpm: 1.123456 }))).toBe(1.123456)
    else {
      const exact = Number((1 + 10 ** -decimals).toFixed(decimals))
      expect(cpmOf(await post({ cpm: exact }))).toBe(exact)
      const finer = Number((exact + 4 * 10 ** -(decimals + 1)).toFixed(decimals + 1))
      const answer = await post({ cpm: finer })
      if (beyond === 'round') expect(cpmOf(answer)).toBe(exact)
      else expect(answer.status).toBe(statuses.invalid)
    }
    expect((await post({ cpm: max })).status).toBe(201)
    expect((await post({ cpm: max + 1 })).status).toBe(statuses.invalid)
    for (const type of broadcastingTypes) expect((await post({ broadcasting_type: type })).status).toBe(201)
    const patchTitle = (length: number) =>
      server.send('PATCH', `/adverts/${advert}`, { body: { advert: { title: 'T'.repeat(length) } } })
    expect((await patchTitle(bounds.titleMax)).status).toBe(200)
    expect((await patchTitle(bounds.titleMax + 1)).status).toBe(statuses.invalid)
    const unknown = await post({ region: 'EU' })
    expect(unknown.status).toBe(unknownFields === 'ignore' ? 201 : statuses.wrongType)
  })

  it('changes on PATCH the fields sent and keeps the others, but for the defect it declares', async () => {
    const body = { advert: { title: 'With a link', target_url: 'https://example.com/a' } }
    const id = (await server.send('POST', '/adverts', { body })).body.data.id
    const patched = (await server.send('PATCH', `/adverts/${id}`, { body: { advert: { title: 'Renamed' } } })).body.data
    expect(patched.title).toBe('Renamed')
    expect(patched.target_url).toBe(conventions.defect === 'patch-clears-target-url' ? null : 'https://example.com/a')
  })

  it('replaces the key on reset: the new one in its form works, the old one is refused', async () => {
    const reset = await server.send('POST', '/user/reset_api_key')
    expect(reset.status).toBe(200)
    const key: string = reset.body.data.api_key
    expect(key.startsWith(conventions.apiKeyPrefix)).toBe(true)
    expect((await server.send('GET', '/user', { as: key })).status).toBe(200)
    expect((await server.send('GET', '/user')).status).toBe(401)
  })
})

function expectedDelete(answer: DeleteAnswer, id: number): unknown {
  if (answer.status === 204) return undefined
  if (answer.body === 'receipt') return { success: true, data: { id, deleted: true } }
  return { success: true, data: expect.objectContaining({ id, created_at: expect.any(String) }) }
}

/** Each extra field by its rule: a constant, the value of `enabled`'s state, or made from the record's path. */
function expectExtras(fields: Readonly<Record<string, ExtraField>> | undefined, record: any, path: string): void {
  for (const [field, rule] of Object.entries(fields ?? {})) {
    if ('constant' in rule) expect(record[field], field).toBe(rule.constant)
    else if (rule.follows === 'enabled')
      expect(record[field], field).toBe(rule.values[record.enabled ? 'true' : 'false'])
    else if (rule.form === 'url')
      expect(record[field], field).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/api/v1${path}$`))
    else {
      const [, kind, id] = /^\/(\w+)s\/(\d+)$/.exec(path)!
      expect(Buffer.from(record[field], 'base64').toString(), field).toBe(
        `04:${kind![0]!.toUpperCase()}${kind!.slice(1)}${id}`,
      )
    }
  }
}
