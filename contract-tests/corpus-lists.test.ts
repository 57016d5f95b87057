import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Conventions } from './independent-server/house-conventions.js'
import { STYLE_NAMES } from './independent-server/house-styles.js'
import {
  createAdvert,
  startCorpusServer,
  type CorpusAnswer,
  type CorpusServer,
} from './support/differential/corpus-client.js'

// Each house style serves the lists it declares, over HTTP: the page's envelope with the right
// numbers and links on the first page, following the style's own "next" (a page number, a full
// URL, a Link header, a cursor) walks every advert exactly once, in the declared order; the
// default size, a size above the maximum (clamped or refused), below 1 (the default or refused),
// a page past the last (404 or empty) and the parameter of another convention (ignored).

const SIZE = 3

describe.each(STYLE_NAMES)('the %s style', (name) => {
  let server: CorpusServer
  let conventions: Conventions
  /** Every advert of the first account: seeded and created. */
  let all: number[]

  beforeAll(async () => {
    server = await startCorpusServer(name)
    conventions = server.style.conventions
    const { pageSize } = conventions
    // Enough for a second default page, and, where the style clamps, for a page above its maximum.
    const total = (pageSize.above === 'clamp' ? pageSize.max : pageSize.default) + 2
    const created: number[] = []
    for (let index = server.server.seeded.adverts.length; index < total; index++)
      created.push(await createAdvert(server, `Advert ${index}`))
    // One of the oldest changed last: first where lists go by update, nowhere special otherwise.
    await server.send('PATCH', `/adverts/${created[0]}`, { body: { advert: { description: 'changed last' } } })
    all = [...server.server.seeded.adverts, ...created]
  })

  afterAll(() => server.server.close())

  const list = (query: string) => server.send('GET', `/adverts?${query}`)

  it('writes the first page in its envelope, with the position and links it declares', async () => {
    const answer = await list(`${conventions.pageSize.param}=${SIZE}`)
    expect(answer.status).toBe(200)
    expect(answer.body.success).toBe(true)
    expect(answer.body.data).toHaveLength(SIZE)
    const total = all.length
    const pages = Math.ceil(total / SIZE)
    const url = (page: number) =>
      expect.stringMatching(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/api/v1/adverts\\?.*\\bpage=${page}\\b`))
    const paging = conventions.paging
    const expected: Record<string, unknown> = {
      rails: { meta: { current_page: 1, next_page: 2, prev_page: null, total_pages: pages, total_count: total } },
      django: { count: total, next: url(2), previous: null },
      laravel: {
        meta: { current_page: 1, from: 1, last_page: pages, per_page: SIZE, to: SIZE, total },
        links: { first: url(1), last: url(pages), prev: null, next: url(2) },
      },
      'json-api': {
        meta: { total_count: total, total_pages: pages },
        links: { self: url(1), first: url(1), prev: null, next: url(2), last: url(pages) },
      },
      'link-header': {},
      cursor: { object: 'list', url: '/api/v1/adverts', has_more: true },
    }
    if (paging.kind === 'page-object') {
      const { names } = paging
      expect(answer.body[paging.key]).toEqual({
        [names.page]: 1,
        [names.perPage]: SIZE,
        [names.total]: total,
        [names.pages]: pages,
      })
    } else expect(answer.body).toMatchObject(expected[paging.kind] as object)
    if (paging.kind === 'link-header') expect(relations(answer)).toEqual(['last', 'next'])
    else expect(answer.headers.get('link')).toBeNull()
  })

  it('walks every advert once by following its next pages, in the order it declares', async () => {
    const seen: Array<{ id: number; created_at: string; updated_at: string }> = []
    let answer = await list(`${conventions.pageSize.param}=${SIZE}`)
    for (let pages = 0; pages < 100; pages++) {
      expect(answer.status).toBe(200)
      seen.push(...answer.body.data)
      const next = nextOf(conventions, answer, SIZE)
      if (next === undefined) break
      answer = await server.send('GET', next)
    }
    const ids = seen.map((item) => item.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect([...ids].sort((a, b) => a - b)).toEqual([...all].sort((a, b) => a - b))
    const { key, direction } = conventions.order
    const sorted = [...seen].sort((a, b) => {
      const [x, y] = key === 'id' ? [a.id, b.id] : [a[key], b[key]]
      return (direction === 'asc' ? 1 : -1) * (x < y ? -1 : x > y ? 1 : a.id - b.id)
    })
    expect(ids).toEqual(sorted.map((item) => item.id))
  })

  it('serves its default size, its maximum (clamping or refusing more), and below 1 the default or a refusal', async () => {
    const { param, default: byDefault, max, above, below } = conventions.pageSize
    expect((await list('')).body.data).toHaveLength(byDefault)
    const tooMany = await list(`${param}=${max + 1}`)
    if (above === 'clamp') expect(tooMany.body.data).toHaveLength(max)
    else expect(tooMany.status).toBe(conventions.statuses.invalid)
    const none = await list(`${param}=0`)
    if (below === 'default') expect(none.body.data).toHaveLength(byDefault)
    else expect(none.status).toBe(conventions.statuses.invalid)
    // Another convention's parameter is no parameter of this style.
    if (param !== 'per_page') expect((await list('per_page=2')).body.data).toHaveLength(byDefault)
  })

  it('answers a page past the last as it declares (or, with a cursor, an unknown cursor as invalid)', async () => {
    if (conventions.paging.kind === 'cursor') {
      expect((await list('starting_after=999999999')).status).toBe(conventions.statuses.invalid)
      return
    }
    const past = await list('page=999')
    expect(past.status).toBe(conventions.statuses.pastLastPage)
    if (past.status === 200) expect(past.body.data).toEqual([])
  })
})

/** The request for the page after this one, by the style's paging; undefined on the last page. */
function nextOf(conventions: Conventions, answer: CorpusAnswer, size: number): string | undefined {
  const { body } = answer
  const param = conventions.pageSize.param
  const paging = conventions.paging
  switch (paging.kind) {
    case 'rails':
      return body.meta.next_page === null ? undefined : `/adverts?page=${body.meta.next_page}&${param}=${size}`
    case 'django':
      return body.next ?? undefined
    case 'laravel':
    case 'json-api':
      return body.links.next ?? undefined
    case 'page-object': {
      const position = body[paging.key]
      const page = position[paging.names.page]
      return page < position[paging.names.pages] ? `/adverts?page=${page + 1}&${param}=${size}` : undefined
    }
    case 'link-header':
      return /<([^>]+)>; rel="next"/.exec(answer.headers.get('link') ?? '')?.[1]
    case 'cursor':
      return body.has_more ? `/adverts?starting_after=${body.data.at(-1).id}&${param}=${size}` : undefined
  }
}

/** The relations a Link header names, sorted. */
function relations(answer: CorpusAnswer): string[] {
  return [...(answer.headers.get('link') ?? '').matchAll(/rel="(\w+)"/g)].map(([, rel]) => rel!).sort()
}
