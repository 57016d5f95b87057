import { placeholdersOf, type Json, type LinkTarget, type Template } from '../profile/template.js'
import { JsonText } from '../store/kept-json.js'

// Renders a template (profile/template.ts) with the values of its slots. A slot without a value
// leaves its key out (an error without problems has no `fields`); in an array, the item is left out.

/**
 * The values of the slots of one answer; `undefined`: the slot has no value here. A value may be
 * JSON already written (a record's kept JSON, a page of them), which a writer puts in as it is.
 */
export type SlotValues = Readonly<Record<string, Json | JsonText | readonly JsonText[] | undefined>>

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
    return value === undefined ? NOTHING : (value as Json)
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
      const key: string = String((problem[String(node.by)] as Json | undefined) ?? '')
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

const show = (value: SlotValues[string]): string =>
  value === undefined || value === null ? '' : typeof value === 'object' ? jsonOf(value) : String(value)

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

/** Writes a template's answer as JSON text: what JSON.stringify of renderTemplate's value gives, byte for byte. */
export type TemplateWriter = (slots: SlotValues, sources?: RenderSources) => string

/** A node's writer: its text, or undefined where the node has no value (a slot without one). */
type NodeWriter = (slots: SlotValues, sources: RenderSources) => string | undefined

/**
 * A template compiled once into a writer of its JSON text: literal parts written once, here; slots
 * filled per answer, and a slot holding JSON already written (JsonText) put in as it is, without
 * serializing it again.
 * @example compileTemplate({ success: true, data: { $slot: 'data' } })({ data: { id: 1 } }) // '{"success":true,"data":{"id":1}}'
 */
export function compileTemplate(template: Template): TemplateWriter {
  const write = compileNode(template)
  return (slots, sources = {}) => write(slots, sources) ?? 'null'
}

function compileNode(node: Template): NodeWriter {
  if (!holdsSlots(node)) {
    const text = JSON.stringify(node)
    return () => text
  }
  if (Array.isArray(node)) {
    const items = node.map(compileNode)
    return (slots, sources) => {
      let out = '['
      for (const item of items) {
        const text = item(slots, sources)
        if (text !== undefined) out += out.length > 1 ? `,${text}` : text
      }
      return `${out}]`
    }
  }
  const object = node as Record<string, Template>
  if ('$slot' in object) {
    const name = String(object.$slot)
    return (slots) => {
      const value = slots[name]
      return value === undefined ? undefined : jsonOf(value)
    }
  }
  if ('$text' in object) {
    const fill = compileText(String(object.$text))
    return (slots) => JSON.stringify(fill(slots))
  }
  // A repeat (an error's problems) reads the whole rendering: rare, and never on a success.
  if ('$each' in object) return (slots, sources) => json(render(node, slots, sources))
  if ('$link' in object) {
    const [target, href] = [object.$link as LinkTarget, compileText(String(object.href))]
    return (_slots, sources) => {
      const at = sources.link?.(target)
      return at === undefined ? undefined : at === null ? 'null' : JSON.stringify(href(at))
    }
  }
  // `__proto__` is no key of a rendered object (assigning it sets the prototype): it is left out here too.
  const fields = Object.entries(object)
    .filter(([key]) => key !== '__proto__')
    .map(([key, child]) => [`${JSON.stringify(key)}:`, compileNode(child)] as const)
  return (slots, sources) => {
    let out = '{'
    for (const [prefix, child] of fields) {
      const text = child(slots, sources)
      if (text !== undefined) out += out.length > 1 ? `,${prefix}${text}` : prefix + text
    }
    return `${out}}`
  }
}

/** A rendered node's text (undefined where it has none). */
const json = (value: Rendered): string | undefined => (value === NOTHING ? undefined : JSON.stringify(value))

/** Whether a template has a slot node anywhere in it (otherwise it is written once, as it is). */
function holdsSlots(node: Template): boolean {
  if (node === null || typeof node !== 'object') return false
  if (Array.isArray(node)) return node.some(holdsSlots)
  return ['$slot', '$text', '$each', '$link'].some((key) => key in node) || Object.values(node).some(holdsSlots)
}

/** A slot value's JSON text: JSON already written as it is (a list of it joined), anything else serialized. */
function jsonOf(value: Json | JsonText | readonly JsonText[]): string {
  if (value instanceof JsonText) return value.text
  if (Array.isArray(value) && value[0] instanceof JsonText) {
    let out = '['
    for (const item of value as unknown as readonly JsonText[]) out += out.length > 1 ? `,${item.text}` : item.text
    return `${out}]`
  }
  return JSON.stringify(value)
}
