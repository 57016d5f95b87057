import type { Flow } from '../check.js'
import { SPEC_BROADCASTING_TYPE } from '../spec-facts.js'
import { createSteps, data, page } from './steps.js'

/**
 * advert -> campaign on it -> read (advert_title matches) -> toggle twice -> update -> listed
 * with the right filters and pagination -> delete -> 404. Every step is a primary request, so
 * the probing checks (availability, authorization, negative data, use after free) ride along.
 */
export const campaignLifecycle: Flow = {
  name: 'campaign_lifecycle',
  profiles: ['spec', 'contract', 'mock'],
  description: 'Advert and campaigns through create, read, toggle, update, filtered and paged lists, delete.',
  async run(ctx) {
    const steps = createSteps(ctx, 'campaign_lifecycle')
    const mock = ctx.profiles.has('mock')
    const contract = ctx.profiles.has('contract')
    const title = `${ctx.state.titlePrefix} advert`

    const advertCreated = await steps.send('POST /adverts', { body: steps.validBody('POST /adverts', { title }) })
    steps.expectStatus(advertCreated, steps.successStatus('POST /adverts'), 'Creating an advert failed')
    const advertId = data(advertCreated).id
    const advertRead = await steps.send('GET /adverts/{id}', { id: advertId })
    steps.expectStatus(advertRead, 200, 'The new advert cannot be read')
    if (contract) {
      const adverts = await steps.send('GET /adverts', { query: steps.hasQuery('GET /adverts', 'page') ? { page: 1 } : {} })
      steps.expectStatus(adverts, 200, 'Listing adverts failed')
    }

    // Cents that floats cannot divide by 0.01 exactly (19.99 / 0.01 = 1998.9999999999998): multipleOf must still hold.
    const input = { advert_id: advertId, broadcasting_type: SPEC_BROADCASTING_TYPE, cpm: 19.99, sending_limit: 1000 }
    const created = await steps.send('POST /campaigns', { body: steps.validBody('POST /campaigns', input) })
    steps.expectStatus(created, ctx.profiles.has('contract') ? steps.successStatus('POST /campaigns') : 201, 'Creating a campaign failed', 'spec')
    const campaign = data(created)
    const id = campaign.id
    for (const [field, value] of Object.entries(input)) {
      steps.expect(campaign[field] === value, created, `The new campaign's ${field} is not what was sent`, campaign[field], `${field}: ${JSON.stringify(value)}`, 'spec')
    }
    steps.expect(campaign.advert_title === title, created, 'advert_title is not the advert\'s title', campaign.advert_title, `"${title}" (spec 2.3: title of that advert)`, 'spec')
    if (mock) steps.expect(campaign.enabled === true && campaign.sending_count === 0, created, 'A new campaign does not start enabled with sending_count 0', { enabled: campaign.enabled, sending_count: campaign.sending_count }, '{"enabled":true,"sending_count":0}', 'mock')
    if (!contract) return

    const read = await steps.send('GET /campaigns/{id}', { id })
    steps.expectStatus(read, 200, 'The new campaign cannot be read')
    steps.expect(data(read).advert_title === title, read, 'advert_title does not match the advert', data(read).advert_title, `"${title}"`)

    let enabled = data(read).enabled
    for (const round of [1, 2]) {
      const toggled = await steps.send('POST /campaigns/{id}/toggle', { id })
      steps.expectStatus(toggled, 200, `Toggle ${round} failed`)
      steps.expect(data(toggled).enabled === !enabled, toggled, `Toggle ${round} did not flip enabled`, data(toggled).enabled, String(!enabled))
      enabled = data(toggled).enabled
    }

    const changes = { cpm: 1.13, sending_limit: 2000 }
    const updated = await steps.send('PATCH /campaigns/{id}', { id, body: steps.validBody('PATCH /campaigns/{id}', changes) })
    steps.expectStatus(updated, 200, 'Updating the campaign failed')
    const reread = await steps.send('GET /campaigns/{id}', { id })
    for (const [field, value] of Object.entries(changes)) {
      steps.expect(data(reread)[field] === value, reread, `The update of ${field} did not stick`, data(reread)[field], JSON.stringify(value))
    }

    const renamed = `${ctx.state.titlePrefix} advert renamed`
    const advertUpdated = await steps.send('PATCH /adverts/{id}', { id: advertId, body: steps.validBody('PATCH /adverts/{id}', { title: renamed }) })
    steps.expectStatus(advertUpdated, 200, 'Renaming the advert failed')
    const afterRename = await steps.send('GET /campaigns/{id}', { id })
    steps.expect(data(afterRename).advert_title === renamed, afterRename, "advert_title does not follow the advert's title", data(afterRename).advert_title, `"${renamed}"`)

    // A second campaign, switched off, so that each filter has something to leave out.
    const otherType = steps.enumOf('POST /campaigns', 'broadcasting_type').find((t) => t !== SPEC_BROADCASTING_TYPE) ?? SPEC_BROADCASTING_TYPE
    const second = await steps.send('POST /campaigns', { body: steps.validBody('POST /campaigns', { ...input, broadcasting_type: otherType }) })
    steps.expectStatus(second, steps.successStatus('POST /campaigns'), 'Creating a second campaign failed')
    const secondId = data(second).id
    const off = await steps.send('POST /campaigns/{id}/toggle', { id: secondId })
    steps.expectStatus(off, 200, 'Switching the second campaign off failed')

    if (steps.hasQuery('GET /campaigns', 'advert_id')) {
      const mine = await steps.send('GET /campaigns', { query: { advert_id: Number(advertId) } })
      const ids = page(mine).items.map((item) => item.id).sort()
      steps.expect(JSON.stringify(ids) === JSON.stringify([id, secondId].sort()), mine, 'advert_id filter does not give exactly the advert\'s campaigns', ids, JSON.stringify([id, secondId]))
      if (steps.hasQuery('GET /campaigns', 'enabled')) {
        const disabled = await steps.send('GET /campaigns', { query: { advert_id: Number(advertId), enabled: 'false' } })
        const got = page(disabled).items.map((item) => item.id)
        steps.expect(got.length === 1 && got[0] === secondId, disabled, 'enabled=false filter is wrong', got, `[${String(secondId)}]`)
      }
      if (steps.hasQuery('GET /campaigns', 'broadcasting_type')) {
        const typed = await steps.send('GET /campaigns', { query: { advert_id: Number(advertId), broadcasting_type: SPEC_BROADCASTING_TYPE } })
        const got = page(typed).items
        steps.expect(got.some((item) => item.id === id) && got.every((item) => item.broadcasting_type === SPEC_BROADCASTING_TYPE), typed, 'broadcasting_type filter is wrong', got.map((i) => [i.id, i.broadcasting_type]), `only ${SPEC_BROADCASTING_TYPE}, including ${String(id)}`)
      }
      const pageable = ['page', 'per_page'].every((name) => steps.hasQuery('GET /campaigns', name)) && ['total_count', 'total_pages'].every((field) => steps.answers('GET /campaigns', field))
      if (pageable) {
        const seen: unknown[] = []
        for (const number of [1, 2]) {
          const paged = await steps.send('GET /campaigns', { query: { advert_id: Number(advertId), per_page: 1, page: number } })
          const { items, pagination } = page(paged)
          steps.expect(items.length === 1 && pagination.total_count === 2 && pagination.total_pages === 2 && pagination.page === number, paged, `Page ${number} of 2 is wrong`, { ids: items.map((i) => i.id), pagination }, `one item; pagination {page: ${number}, per_page: 1, total_count: 2, total_pages: 2}`)
          seen.push(items[0]?.id)
        }
        steps.expect(new Set(seen).size === 2, afterRename, 'Two pages repeat a campaign', seen, 'two different ids')
        if (mock) {
          steps.expect(seen[0] === secondId, afterRename, 'Lists are not newest first', seen, `[${String(secondId)}, ${String(id)}]`, 'mock')
          const past = await steps.send('GET /campaigns', { query: { advert_id: Number(advertId), per_page: 1, page: 3 } })
          steps.expect(page(past).items.length === 0 && page(past).pagination.total_count === 2, past, 'A page past the end is not empty with the right totals', page(past), 'data: [], total_count: 2', 'mock')
        }
      }
    }

    if (mock) {
      const refused = await steps.send('DELETE /adverts/{id}', { id: advertId })
      steps.expectStatus(refused, 422, 'Deleting an advert that campaigns use was not refused', 'mock')
    }
    for (const campaignId of [id, secondId]) {
      const deleted = await steps.send('DELETE /campaigns/{id}', { id: campaignId })
      steps.expectStatus(deleted, 200, 'Deleting the campaign failed')
    }
    const gone = await steps.send('GET /campaigns/{id}', { id })
    steps.expectStatus(gone, 404, 'A deleted campaign is still readable')
    const advertDeleted = await steps.send('DELETE /adverts/{id}', { id: advertId })
    steps.expectStatus(advertDeleted, 200, 'Deleting the advert failed')
  },
}
