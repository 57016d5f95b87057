import type { Json, LinkTarget, Template } from '../profile/template.js'

// A list's envelope as a template, from pages read at a known size of a list of known length: each
// value beside `data` that is, on every page read, one of the page's own figures (its number, size,
// the list's length and pages, the next and previous page, its first and last position, its count,
// whether more follow) becomes that figure's slot; a link to a page becomes a `$link` whose href
// keeps the deployment's form. Where two figures agree on every page read, the key's name decides.

/** One page as read: what was asked, how long the list is, what came back, and where it was asked. */
export interface PageExample {
  page: number
  perPage: number
  total: number
  body: Json
  /** The URL asked, for links. */
  url: string
  /** The API's base URL (ending with the versioned prefix). */
  base: string
}

/** The envelope learned, and what could not be placed (values kept as they came). */
export interface DerivedList {
  template: Template
  /** Keys whose value is no figure of a page: kept as literals. */
  literal: string[]
}

/** The figures of a page, by slot. */
function figures({ page, perPage, total }: PageExample, count: number): Record<string, Json> {
  const pages = Math.ceil(total / perPage)
  const first = (page - 1) * perPage + 1
  return {
    page,
    per_page: perPage,
    total,
    pages,
    last_page: Math.max(pages, 1),
    count,
    next_page: page < pages ? page + 1 : null,
    prev_page: page > 1 ? page - 1 : null,
    from: count > 0 ? first : null,
    to: count > 0 ? first + count - 1 : null,
    has_more: page < pages,
  }
}

/** Key names that say which figure a value is, for figures that agree on every page read. */
const HINTS: readonly [RegExp, string][] = [
  [/^(current_?page|page|page_?number|number)$/i, 'page'],
  [/^(per_?page|page_?size|limit|size)$/i, 'per_page'],
  [/^(total|total_?count|count|total_?entries|total_?items|total_?results)$/i, 'total'],
  [/^last_?page$/i, 'last_page'],
  [/^(total_?pages|pages|page_?count|num_?pages)$/i, 'pages'],
  [/next/i, 'next_page'],
  [/prev/i, 'prev_page'],
  [/^from$/i, 'from'],
  [/^to$/i, 'to'],
  [/^(has_?more|has_?next)/i, 'has_more'],
]

const isObject = (value: unknown): value is Record<string, Json> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/**
 * The envelope of the examples (pages of one list read at one size; best three: the first, the
 * second and the last).
 * @example deriveList([{ page: 1, perPage: 3, total: 7, url, base: url, body: { data: [], page: 1 } }]).template // { data: { $slot: 'items' }, page: { $slot: 'page' } }
 */
export function deriveList(examples: readonly PageExample[]): DerivedList {
  const [first] = examples
  if (!first || !isObject(first.body)) return { template: first?.body ?? null, literal: [] }
  const literal: string[] = []
  const at = (body: Json, path: readonly string[]): Json | undefined =>
    path.reduce<Json | undefined>((node, key) => (isObject(node) ? node[key] : undefined), body)
  const counts = examples.map((example) => {
    const data = isObject(example.body) ? example.body.data : undefined
    return Array.isArray(data) ? data.length : 0
  })
  const walk = (node: Json, path: string[]): Template => {
    const key = path.at(-1) ?? ''
    if (path.length === 1 && key === 'data' && Array.isArray(node)) return { $slot: 'items' }
    if (isObject(node))
      return Object.fromEntries(Object.entries(node).map(([name, child]) => [name, walk(child, [...path, name])]))
    if (Array.isArray(node)) return node
    // The spec's envelope flag: `success: true` on every success, never a figure of the page.
    if (path.length === 1 && key === 'success') return node
    const values = examples.map((example) => at(example.body, path))
    const link = linkOf(values, examples, key)
    if (link) return link
    const slot = figureOf(values, examples, counts, key)
    if (slot) return { $slot: slot }
    // A figure written as a string (`"total": "42"`, as some PHP and Java serializers write numbers).
    const numbers = values.map((value) =>
      typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : undefined,
    )
    const written = numbers.every((value) => value !== undefined) ? figureOf(numbers, examples, counts, key) : undefined
    if (written) return { $text: `{${written}}` }
    if (path.length > 0) literal.push(path.join('.'))
    return node
  }
  return { template: walk(first.body, []), literal }
}

/** The figure every page's value is (null where the figure is null), the key's name deciding between several. */
function figureOf(
  values: readonly (Json | undefined)[],
  examples: readonly PageExample[],
  counts: number[],
  key: string,
) {
  if (values.some((value) => value === undefined)) return undefined
  const all = examples.map((example, index) => figures(example, counts[index] ?? 0))
  // A value the same on every page read fits a figure only where the figure varies too, or the key names it
  // (one page of a cursor list is read: `has_more: true` there, as any other flag).
  const varies = (slot: string) => new Set(all.map((figure) => JSON.stringify(figure[slot]))).size > 1
  const named = (slot: string) => HINTS.some(([pattern, hinted]) => hinted === slot && pattern.test(key))
  const slots = Object.keys(all[0] ?? {})
    .filter((slot) => all.every((figure, index) => figure[slot] === values[index]))
    .filter((slot) => typeof values[0] !== 'boolean' || varies(slot) || named(slot))
  if (slots.length <= 1) return slots[0]
  const hinted = HINTS.find(([pattern, slot]) => pattern.test(key) && slots.includes(slot))
  return hinted?.[1] ?? slots[0]
}

/** A link to a page on every page read (a URL whose `page` is a figure; null where there is none), as a `$link`. */
function linkOf(
  values: readonly (Json | undefined)[],
  examples: readonly PageExample[],
  key: string,
): Template | undefined {
  const texts = values.filter((value): value is string => typeof value === 'string')
  if (texts.length === 0) return undefined
  // The list's own URL without a page (Stripe's `url: "/v1/customers"`): a link to this page, the same on every page.
  const own = (example: PageExample) => {
    const url = new URL(example.url)
    return [url.origin + url.pathname, url.pathname]
  }
  if (texts.length === values.length && examples.every((example, index) => own(example).includes(texts[index]!)))
    return { $link: 'self', href: hrefOf(texts[0]!, examples[0]!) }
  if (!texts.every((text) => /[?&]page=\d+/.test(text))) return undefined
  const targets: LinkTarget[] = ['self', 'first', 'last', 'next', 'prev']
  const pageOf = (target: LinkTarget, example: PageExample): number | null => {
    const pages = Math.max(Math.ceil(example.total / example.perPage), 1)
    return {
      self: example.page,
      first: 1,
      last: pages,
      next: example.page < pages ? example.page + 1 : null,
      prev: example.page > 1 ? example.page - 1 : null,
    }[target]
  }
  const linked = (value: Json | undefined) => {
    if (value === null) return null
    const page = typeof value === 'string' ? /[?&]page=(\d+)/.exec(value)?.[1] : undefined
    return page === undefined ? undefined : Number(page)
  }
  const fits = targets.filter((target) =>
    examples.every((example, index) => linked(values[index]) === pageOf(target, example)),
  )
  const target = fits.find((candidate) => key.toLowerCase().includes(candidate)) ?? fits[0]
  if (!target) return undefined
  const sample = examples.findIndex((_, index) => typeof values[index] === 'string')
  const example = examples[sample]!
  return { $link: target, href: hrefOf(String(values[sample]), example) }
}

/** A link's form, with the base, the list's path, the page and its size as slots. */
function hrefOf(text: string, { base, url, perPage }: PageExample): string {
  const path = new URL(url).pathname.slice(new URL(base).pathname.replace(/\/$/, '').length)
  let href = text
  if (href.startsWith(base)) href = `{base}${href.slice(base.length)}`
  else {
    const basePath = new URL(base).pathname.replace(/\/$/, '')
    if (href.startsWith(basePath)) href = `{basepath}${href.slice(basePath.length)}`
  }
  if (path && href.includes(path)) href = href.replace(path, '{path}')
  return href
    .replace(/([?&]page=)\d+/, '$1{page}')
    .replace(new RegExp(`([?&](?:per_page|limit|page_size|size)=)${perPage}\\b`), '$1{per_page}')
}
