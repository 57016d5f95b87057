import * as z from 'zod/mini'
import type { ListChoices } from '../profile/profile.js'
import type { Json, LinkTarget, Template } from '../profile/template.js'
import { compileTemplate, renderTemplate, slotsOf, type SlotValues } from './render-template.js'
import { JsonText, KeptBy } from '../store/kept-json.js'
import type { KeptBody } from '../http/mock-request.js'
import { nodeAt, nodeHolding, templateSchema, type Binding } from './template-schema.js'
import type { Namer } from '../schemas/namer.js'

// Lists under a profile: the page sizes, the order, and the envelope around a page (its template,
// rendered with the page's position and links), with its schema for the document.

/** Where a page stands: what the resolver knows of it. */
export interface PageFacts {
  page: number
  per_page: number
  /** Records in the whole list. */
  total: number
}

/** The request a list answers, for its links: the API's base URL, the list's path below it, and its other query parameters. */
export interface ListRequest {
  base: string
  path: string
}

/** The slots of the object that says where a page is (`pagination`), with the schema of each. */
const PAGE_SLOT_SCHEMAS = (maxPerPage: number): Record<string, z.ZodMiniType> => ({
  page: z.int().check(z.minimum(1)),
  per_page: z.int().check(z.minimum(1), z.maximum(maxPerPage)),
  total: z.int().check(z.minimum(0)),
  pages: z.int().check(z.minimum(0)),
  last_page: z.int().check(z.minimum(1)),
  count: z.int().check(z.minimum(0)),
  next_page: z.nullable(z.int().check(z.minimum(1))),
  prev_page: z.nullable(z.int().check(z.minimum(1))),
  from: z.nullable(z.int().check(z.minimum(1))),
  to: z.nullable(z.int().check(z.minimum(1))),
  has_more: z.boolean(),
})

/** Lists under one profile. */
export interface ListModel {
  readonly choices: ListChoices
  /** The envelope of one page; `request` is asked only where the envelope links to pages. */
  envelope(items: readonly Json[], facts: PageFacts, request?: () => ListRequest): Json
  /**
   * The envelope of one page as JSON text, its records' kept JSON put in as it is: what
   * JSON.stringify of `envelope` gives, byte for byte, without serializing the records again. A page
   * of kept records is kept too, while its records, figures and links stay the same: asked again, the
   * same body answers (`kept` true), written once.
   */
  write(
    items: readonly JsonText[] | readonly Json[],
    facts: PageFacts,
    request?: () => ListRequest,
  ): KeptBody & { kept: boolean }
  /** The schema of a page's envelope, for items of `item`. */
  schema(item: z.ZodMiniType): z.ZodMiniType
  /** The key of the object beside the items that says where the page is (`pagination`, `meta`), if there is one. */
  readonly pagingKey: string | undefined
  /** Where each paging slot is in the envelope, as a dotted path (`meta.total`), for the document's `x-list`. */
  readonly slotPaths: Readonly<Record<string, string>>
  /** The named schema of the paging object, for the document's components. */
  readonly components: Readonly<Record<string, z.ZodMiniType>>
  /** A list's query as validated under the profile's parameter names, read back as `page` and `per_page`. */
  pageQuery<Q extends object>(validated: Q): Q
}

/**
 * Compiles a profile's list choices.
 * @example listModel(DEFAULT_PROFILE.lists, GLOBAL_NAMER).envelope([], { page: 1, per_page: 25, total: 0 })
 */
export function listModel(choices: ListChoices, namer: Namer): ListModel {
  const template = choices.envelope
  const slotSchemas = PAGE_SLOT_SCHEMAS(choices.maxPerPage)
  const pagingPath = nodeHolding(template, ['page', 'per_page', 'total', 'pages', 'next_page'])
  const pagingNode =
    pagingPath && pagingPath.length > 0 ? (nodeAt(template, pagingPath) as Record<string, Template>) : undefined
  const bind =
    (item: z.ZodMiniType) =>
    (slot: string): Binding => {
      if (slot === 'items') return { schema: z.array(item) }
      return { schema: slotSchemas[slot] ?? z.unknown() }
    }
  const paging =
    pagingNode &&
    namer.named(
      templateSchema(pagingNode, { bind: bind(z.unknown()) }),
      'Pagination',
      'Position of this page in the whole list.',
    )
  const pagingAt = pagingPath?.join('/')
  const writeEnvelope = compileTemplate(template)
  const links = [...slotsOf(template)].some((slot) => slot.startsWith('link.'))
  // Each kept page by its first record's kept JSON: the next page that starts there replaces it, and it
  // goes when that record's JSON goes (the record was written); at most MAX_KEPT_PAGES are kept.
  const pages = new KeptBy<JsonText, KeptPage>(MAX_KEPT_PAGES)
  return {
    choices,
    envelope(items, facts, request) {
      const { slots, link } = pageSlots(items, facts, request)
      return renderTemplate(template, slots, { link })
    },
    write(items, facts, request) {
      const where = links ? request?.() : undefined
      const first = items[0]
      const known = first instanceof JsonText ? pages.get(first) : undefined
      if (known && samePage(known, items, facts, where)) return known
      const { slots, link } = pageSlots(items, facts, where && (() => where))
      const text = writeEnvelope(slots, { link })
      if (!(first instanceof JsonText && first.kept)) return { text, kept: false }
      const page: KeptPage = { text, kept: true, items: [...(items as JsonText[])], facts: { ...facts }, where }
      pages.set(first, page)
      return page
    },
    schema: (item) =>
      templateSchema(template, {
        bind: bind(item),
        object: (_node, path) => (paging && path.join('/') === pagingAt ? paging : undefined),
      }),
    pagingKey: pagingPath?.length === 1 ? pagingPath[0] : undefined,
    slotPaths: slotPathsOf(template),
    components: paging ? { Pagination: paging } : {},
    pageQuery: pageQueryOf(choices.params),
  }
}

/** Most pages a list model keeps written (about 6 kB each at 25 campaigns a page). */
const MAX_KEPT_PAGES = 1024

/** A page written from kept records: its text, and what it was written from. */
interface KeptPage {
  readonly text: string
  readonly kept: true
  readonly items: readonly JsonText[]
  readonly facts: PageFacts
  readonly where: ListRequest | undefined
}

/** Whether a kept page was written from these very records, figures and links. */
function samePage(
  page: KeptPage,
  items: readonly unknown[],
  { page: number, per_page, total }: PageFacts,
  where: ListRequest | undefined,
): boolean {
  const { facts } = page
  if (facts.page !== number || facts.per_page !== per_page || facts.total !== total) return false
  if (page.where?.base !== where?.base || page.where?.path !== where?.path) return false
  if (page.items.length !== items.length) return false
  for (let i = 0; i < items.length; i++) if (page.items[i] !== items[i]) return false
  return true
}

/** Reads a list's query back under the mock's names (`size` is `per_page`; no page parameter, page 1); the mock's own names as they are. */
function pageQueryOf({ page, perPage }: ListChoices['params']) {
  if (page === 'page' && perPage === 'per_page') return <Q extends object>(validated: Q): Q => validated
  return <Q extends object>(validated: Q): Q => {
    const { [perPage]: size, ...rest } = validated as Record<string, unknown>
    const number = page === null ? 1 : rest[page]
    if (page !== null) delete rest[page]
    return { ...rest, page: number, per_page: size } as Q
  }
}

/** The slots of one page, and where its links point. */
function pageSlots(
  items: readonly JsonText[] | readonly Json[],
  { page, per_page, total }: PageFacts,
  request: (() => ListRequest) | undefined,
) {
  const pages = Math.ceil(total / per_page)
  const first = (page - 1) * per_page + 1
  const slots: SlotValues = {
    items: items as SlotValues[string],
    page,
    per_page,
    total,
    pages,
    last_page: Math.max(pages, 1),
    count: items.length,
    next_page: page < pages ? page + 1 : null,
    prev_page: page > 1 ? Math.min(page - 1, Math.max(pages, 1)) : null,
    from: items.length > 0 ? first : null,
    to: items.length > 0 ? first + items.length - 1 : null,
    has_more: page < pages,
  }
  const target: Record<LinkTarget, number | null> = {
    self: page,
    first: 1,
    last: Math.max(pages, 1),
    next: page < pages ? page + 1 : null,
    prev: page > 1 ? page - 1 : null,
  }
  let where: ListRequest | undefined
  const link = (to: LinkTarget) => {
    const at = target[to]
    if (at === null) return null
    where ??= request?.() ?? { base: '', path: '' }
    return { page: at, per_page, base: where.base, basepath: basePathOf(where.base), path: where.path }
  }
  return { slots, link }
}

/** Every slot's place in a template, as a dotted path of keys (`meta.total`; links as `link.next`). */
function slotPathsOf(
  template: Template,
  at: readonly string[] = [],
  found: Record<string, string> = {},
): Record<string, string> {
  if (template === null || typeof template !== 'object' || Array.isArray(template)) return found
  if ('$slot' in template) found[String(template.$slot)] = at.join('.')
  else if ('$link' in template) found[`link.${String(template.$link)}`] = at.join('.')
  else for (const [key, child] of Object.entries(template)) slotPathsOf(child, [...at, key], found)
  return found
}

/** The path of a base URL, without its trailing slash (`/api/v1`); empty where there is none. */
function basePathOf(base: string): string {
  return URL.canParse(base) ? new URL(base).pathname.replace(/\/$/, '') : ''
}
