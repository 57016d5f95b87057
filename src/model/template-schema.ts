import * as z from 'zod/mini'
import { isSlotNode, type Json, type Template } from '../profile/template.js'

// A template's schema: what an answer rendered from it may be, as zod, for the OpenAPI document
// and for checking an override's body. Each slot has a schema of its own (a `Binding`); a literal is
// itself (`success: false` is the literal false).

/** What a slot holds in the answers a schema describes: a schema (and, where every answer holds the same value, that value), or nothing. */
export type Binding = { schema: z.ZodMiniType; constant?: Json } | 'absent'

/** How to describe the slots of a template, and the names of the objects it holds. */
export interface TemplateSchemaOptions {
  /** The binding of a slot (`problem.*` slots inside `$each`). */
  bind(slot: string): Binding
  /** The schema of a `$each` item when the caller has one already (a named component). */
  item?: z.ZodMiniType
  /** The schema of an object node when the caller has one already (a named component). */
  object?(node: Record<string, Template>, path: readonly string[]): z.ZodMiniType | undefined
}

/**
 * The schema of a template's answers: objects are strict (an answer holds exactly what the
 * template holds), a key whose slot is absent is left out.
 * @example templateSchema({ success: false, error: { code: { $slot: 'code' } } }, { bind: () => ({ schema: z.string() }) })
 */
export function templateSchema(template: Template, options: TemplateSchemaOptions): z.ZodMiniType {
  return schemaOf(template, options, []) ?? z.null()
}

function schemaOf(node: Template, options: TemplateSchemaOptions, path: readonly string[]): z.ZodMiniType | undefined {
  if (node === null || typeof node !== 'object') return z.literal(node as string | number | boolean | null)
  if (Array.isArray(node)) {
    const items = node.map((item, index) => schemaOf(item, options, [...path, String(index)]))
    return z.tuple(items.filter((item): item is z.ZodMiniType => item !== undefined) as [z.ZodMiniType])
  }
  if ('$slot' in node) {
    const binding = options.bind(String(node.$slot))
    return binding === 'absent' ? undefined : binding.schema
  }
  if ('$text' in node) {
    const constant = textConstant(String(node.$text), options)
    return constant === undefined ? z.string() : z.literal(constant)
  }
  if ('$each' in node) {
    if (options.bind('problems') === 'absent') return undefined
    const item = options.item ?? schemaOf((node.item ?? null) as Json, options, [...path, 'item']) ?? z.null()
    if (node.by === undefined) return z.array(item).check(z.minLength(1))
    // By field: each field's item (nested: under each segment of the field). An item that is a list
    // of one (`["{message}"]`) holds every problem of its field, joined: a list of one or more.
    const single = Array.isArray(node.item) && node.item.length === 1 ? (node.item[0] as Json) : undefined
    const element = single === undefined ? undefined : schemaOf(single, options, [...path, 'item', '0'])
    const held = element ? z.array(element).check(z.minLength(1)) : item
    return node.nested === true ? z.record(z.string(), z.unknown()) : z.record(z.string(), held)
  }
  if ('$link' in node) return z.nullable(z.string())
  if (isSlotNode(node)) return z.unknown()
  const given = options.object?.(node, path)
  if (given) return given
  const shape: Record<string, z.ZodMiniType> = {}
  for (const [key, child] of Object.entries(node)) {
    const schema = schemaOf(child, options, [...path, key])
    if (schema) shape[key] = schema
  }
  return z.strictObject(shape)
}

/** A `$text` whose every slot holds a constant, as that text; undefined where any slot varies. */
function textConstant(text: string, options: TemplateSchemaOptions): string | undefined {
  let whole = true
  const filled = text.replace(/\{([a-z_.]+)\}/g, (_all, name: string) => {
    const binding = options.bind(name)
    if (binding === 'absent' || binding.constant === undefined) {
      whole = false
      return ''
    }
    return String(binding.constant)
  })
  return whole ? filled : undefined
}

/** The keys of an object node whose value names any of `slots` (directly, in a text, or deeper). */
export function keysNaming(node: Record<string, Template>, slots: readonly string[]): string[] {
  return Object.entries(node)
    .filter(([, child]) => names(child, slots))
    .map(([key]) => key)
}

function names(node: Template, slots: readonly string[]): boolean {
  if (node === null || typeof node !== 'object') return false
  if (Array.isArray(node)) return node.some((item) => names(item, slots))
  if ('$slot' in node) return slots.includes(String(node.$slot))
  if ('$text' in node) return slots.some((slot) => String(node.$text).includes(`{${slot}}`))
  if ('$each' in node) return false
  return Object.values(node).some((child) => names(child, slots))
}

/** The path (keys) of the first object node that directly holds one of `slots`, outside any `$each`. */
export function nodeHolding(template: Template, slots: readonly string[], path: string[] = []): string[] | undefined {
  if (template === null || typeof template !== 'object') return undefined
  if (Array.isArray(template)) {
    for (const [index, item] of template.entries()) {
      const found = nodeHolding(item, slots, [...path, String(index)])
      if (found) return found
    }
    return undefined
  }
  if (isSlotNode(template)) return undefined
  const holds = Object.values(template).some(
    (child) =>
      child !== null &&
      typeof child === 'object' &&
      !Array.isArray(child) &&
      '$slot' in child &&
      slots.includes(String(child.$slot)),
  )
  if (holds) return path
  for (const [key, child] of Object.entries(template)) {
    const found = nodeHolding(child, slots, [...path, key])
    if (found) return found
  }
  return undefined
}

/** The node at a path of keys. */
export function nodeAt(template: Template, path: readonly string[]): Template | undefined {
  let node: Template | undefined = template
  for (const key of path)
    node =
      node !== null && typeof node === 'object'
        ? ((node as Record<string, Template>)[key] as Template | undefined)
        : undefined
  return node
}
