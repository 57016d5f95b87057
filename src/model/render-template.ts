import { placeholdersOf, type Json, type LinkTarget, type Template } from '../profile/template.js'

// Renders a template (profile/template.ts) with the values of its slots. A slot without a value
// leaves its key out (an error without problems has no `fields`); in an array, the item is left out.

/** The values of the slots of one answer; `undefined`: the slot has no value here. */
export type SlotValues = Readonly<Record<string, Json | undefined>>

/** What rendering may draw on beyond the slots: the problems `$each` repeats, and the pages `$link` points at. */
export interface RenderSources {
  problems?: readonly SlotValues[]
  /** The page a link points at (null: none), and the href's own slots. */
  link?: (target: LinkTarget) => { page: number; per_page: number; base: string; path: string } | null
}

const NOTHING = Symbol('nothing')
type Rendered = Json | typeof NOTHING

/**
 * A template with its slots filled in.
 * @example renderTemplate({ error: { code: { $slot: 'code' } } }, { code: 'not_found' }) // { error: { code: 'not_found' } }
 */
export function renderTemplate(template: Template, slots: SlotValues, sources: RenderSources = {}): Json {
  const rendered = render(template, slots, sources)
  return rendered === NOTHING ? null : rendered
}

function render(node: Template, slots: SlotValues, sources: RenderSources): Rendered {
  if (node === null || typeof node !== 'object') return node
  if (Array.isArray(node)) {
    const items: Json[] = []
    for (const item of node) {
      const value = render(item, slots, sources)
      if (value !== NOTHING) items.push(value)
    }
    return items
  }
  if ('$slot' in node) {
    const value = slots[String(node.$slot)]
    return value === undefined ? NOTHING : value
  }
  if ('$text' in node) return fillText(String(node.$text), slots)
  if ('$each' in node) {
    if (!sources.problems) return NOTHING
    const each = sources.problems.map((problem) => {
      const value = render(node.item ?? null, { ...slots, ...problem }, sources)
      return { problem, value: value === NOTHING ? null : value }
    })
    if (node.by === undefined) return each.map(({ value }) => value)
    // By field: each problem's item under its field (nested: under each segment), items of one field joined.
    const byField: Record<string, Json> = {}
    for (const { problem, value } of each) {
      const key: string = String(problem[String(node.by)] ?? '')
      const path: string[] = node.nested === true ? key.split('.') : [key]
      let at = byField
      for (const segment of path.slice(0, -1)) at = (at[segment] ??= {}) as Record<string, Json>
      const last = path.at(-1) ?? ''
      const held = at[last]
      at[last] = Array.isArray(held) && Array.isArray(value) ? [...held, ...value] : value
    }
    return byField
  }
  if ('$link' in node) {
    const target = sources.link?.(node.$link as LinkTarget)
    if (target === undefined) return NOTHING
    if (target === null) return null
    return fillText(String(node.href), { ...target })
  }
  const object: Record<string, Json> = {}
  for (const [key, child] of Object.entries(node)) {
    const value = render(child, slots, sources)
    if (value !== NOTHING) object[key] = value
  }
  return object
}

/**
 * A text with each `{slot}` replaced by its value (a slot without one by nothing).
 * @example fillText('https://errors.example.com/{code}', { code: 'not_found' }) // 'https://errors.example.com/not_found'
 */
export function fillText(text: string, slots: SlotValues): string {
  if (!text.includes('{')) return text
  return text.replace(/\{([a-z_.]+)\}/g, (_whole, name: string) => show(slots[name]))
}

/**
 * A text compiled once into a function that fills its slots: for a text filled on every request.
 * @example compileText('{remaining}')({ remaining: 7 }) // '7'
 */
export function compileText(text: string): (slots: SlotValues) => string {
  const parts = text.split(/\{([a-z_.]+)\}/)
  if (parts.length === 3 && parts[0] === '' && parts[2] === '') {
    const name = parts[1]!
    return (slots) => show(slots[name])
  }
  return (slots) => parts.map((part, index) => (index % 2 === 0 ? part : show(slots[part]))).join('')
}

const show = (value: Json | undefined): string =>
  value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value)

/** The slots a template names, anywhere in it (`$text` and `$link` placeholders included). */
export function slotsOf(node: Template, found = new Set<string>()): Set<string> {
  if (node === null || typeof node !== 'object') return found
  if (Array.isArray(node)) {
    for (const item of node) slotsOf(item, found)
    return found
  }
  if ('$slot' in node) found.add(String(node.$slot))
  else if ('$text' in node) for (const name of placeholdersOf(String(node.$text))) found.add(name)
  else if ('$each' in node) {
    found.add('problems')
    slotsOf(node.item ?? null, found)
  } else if ('$link' in node) found.add(`link.${String(node.$link)}`)
  else for (const child of Object.values(node)) slotsOf(child, found)
  return found
}
