import type { Exchange } from '../client/exchange.js'
import { isRecord } from '../document/schema-reading.js'

/** Where a list answer says which page it is, as numbers, wherever its shape keeps them. */
export interface PagingReading {
  page?: number
  perPage?: number
  totalCount?: number
  totalPages?: number
  /**
   * Whether totalPages was read as the number of the last page (`last_page`, Django's `num_pages`,
   * a `last` link) rather than a count of pages: Laravel's and Django's paginators give an empty
   * list one (empty) first page, so that number is at least 1.
   */
  lastPageNumber?: boolean
  /** Whether it says a next page exists (a `next` link, `has_more`), when it says so. */
  hasNext?: boolean
  /** Where it was read: the documented key, another member (`meta`), the body itself, or the headers. */
  at: string
}

const NAMES = {
  page: ['page', 'current_page', 'currentPage', 'page_number', 'pageNumber', 'number'],
  perPage: ['per_page', 'perPage', 'page_size', 'pageSize', 'size', 'limit'],
  totalCount: [
    'total_count',
    'totalCount',
    'total',
    'count',
    'total_entries',
    'total_items',
    'totalItems',
    'totalElements',
  ],
  totalPages: ['total_pages', 'totalPages', 'last_page', 'lastPage', 'pages', 'page_count', 'pageCount', 'num_pages'],
} as const

/** The names of totalPages that give the last page's number (see PagingReading.lastPageNumber). */
const LAST_PAGE_NAMES: readonly string[] = ['last_page', 'lastPage', 'num_pages']

/**
 * Reads a list answer's position, in the shapes real APIs give it: the documented object
 * (`pagination`), another member that holds page counts (Rails' and Laravel's `meta`, a
 * `page` object), the body's own members (Django's `count`, `next`, `previous`), `links`
 * (JSON:API's, Laravel's), and the headers (`X-Total-Count`, `X-Page`, an RFC 8288 `Link` with
 * `rel="next"` and `rel="last"`). Undefined when the answer says nothing of its position.
 * @example readPaging(exchange, 'pagination', 'page') // { page: 1, perPage: 25, totalCount: 3, totalPages: 1, at: 'pagination' }
 */
export function readPaging(
  exchange: Exchange,
  documentedKey = 'pagination',
  pageParam = 'page',
): PagingReading | undefined {
  const body = isRecord(exchange.response.json) ? exchange.response.json : {}
  const candidates: Array<[string, Record<string, unknown>]> = [
    ...(isRecord(body[documentedKey])
      ? [[documentedKey, body[documentedKey]] as [string, Record<string, unknown>]]
      : []),
    ...Object.entries(body).filter(
      (entry): entry is [string, Record<string, unknown>] =>
        entry[0] !== documentedKey && entry[0] !== 'data' && isRecord(entry[1]) && countsOf(entry[1]) >= 1,
    ),
    ['(body)', body],
  ]
  const reading: PagingReading = { at: '' }
  for (const [at, holder] of candidates) {
    let found = false
    for (const [field, names] of Object.entries(NAMES) as Array<[keyof typeof NAMES, readonly string[]]>) {
      if (reading[field] !== undefined) continue
      // The body's own `page`, `size` or `number` counts only beside a total: `data` items could carry such names too.
      const name = names.find((one) => isCount(holder[one]))
      if (name !== undefined && (at !== '(body)' || countsOf(holder) >= 2 || field === 'totalCount')) {
        reading[field] = holder[name] as number
        if (field === 'totalPages' && LAST_PAGE_NAMES.includes(name)) reading.lastPageNumber = true
        found = true
      }
    }
    if (found && reading.at === '') reading.at = at
  }
  const links = linksOf(exchange, body, pageParam)
  if (reading.totalPages === undefined && links.last !== undefined) {
    reading.totalPages = links.last
    reading.lastPageNumber = true
  }
  if (links.next !== undefined) reading.hasNext = links.next
  else if (typeof body.has_more === 'boolean') reading.hasNext = body.has_more
  const headers = exchange.response.headers
  for (const [field, header] of [
    ['totalCount', 'x-total-count'],
    ['totalPages', 'x-total-pages'],
    ['page', 'x-page'],
    ['perPage', 'x-per-page'],
  ] as const) {
    const value = Number(headers[header])
    if (reading[field] === undefined && headers[header] !== undefined && isCount(value)) {
      reading[field] = value
      reading.at ||= 'headers'
    }
  }
  if (reading.at === '' && reading.hasNext === undefined && reading.totalPages === undefined) return undefined
  return { ...reading, at: reading.at || 'links' }
}

/** How many page counts an object holds by their usual names. */
function countsOf(holder: Record<string, unknown>): number {
  return Object.values(NAMES).filter((names) => names.some((name) => isCount(holder[name]))).length
}

/** The pages `next` and `last` point at: in an RFC 8288 Link header, a `links` object, or the body's `next` and `last`. */
function linksOf(
  exchange: Exchange,
  body: Record<string, unknown>,
  pageParam: string,
): { next?: boolean; last?: number } {
  const targets = new Map<string, string | null>()
  for (const part of (exchange.response.headers.link ?? '').split(/,(?=\s*<)/)) {
    const match = /<([^>]*)>.*?rel="?([^";]+)"?/.exec(part)
    if (match) for (const rel of match[2]!.split(/\s+/)) targets.set(rel, match[1]!)
  }
  const links = isRecord(body.links) ? body.links : {}
  for (const rel of ['next', 'last']) {
    if (targets.has(rel)) continue
    const value = links[rel] ?? body[rel]
    if (typeof value === 'string' || value === null) targets.set(rel, value)
    if (isRecord(value) && typeof value.href === 'string') targets.set(rel, value.href)
  }
  const last = targets.get('last')
  const lastPage = typeof last === 'string' ? Number(pageOf(last, exchange.request.url, pageParam)) : undefined
  return {
    ...(targets.has('next') ? { next: typeof targets.get('next') === 'string' } : {}),
    ...(lastPage !== undefined && isCount(lastPage) ? { last: lastPage } : {}),
  }
}

function pageOf(link: string, base: string, pageParam: string): string | null {
  try {
    return new URL(link, base).searchParams.get(pageParam)
  } catch {
    return null
  }
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0
}
