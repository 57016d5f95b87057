import type { ErrorCode } from '../profile/profile.js'
import { isSlotNode, type Json, type Template } from '../profile/template.js'

// The error bodies of a profile from the templates of the kinds a learner provoked: the body most
// kinds share (in shape) is the general one, with the problem list of invalid input where invalid
// input's body is otherwise that shape; a kind whose body is not the general one, as it would render
// for that kind, keeps a body of its own. Unprovoked kinds then answer with the general body.

/** What combining gives: the general body, and the kinds' own. */
export interface CombinedBodies {
  body: Template
  bodies: Partial<Record<ErrorCode, Template>>
}

const isObject = (value: unknown): value is Record<string, Template> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/**
 * The general body and the kinds' own, from each kind's template.
 * @example combineBodies(new Map([['not_found', { message: { $slot: 'message' } }]])).body // { message: { $slot: 'message' } }
 */
export function combineBodies(kinds: ReadonlyMap<ErrorCode, Template>): CombinedBodies {
  const groups = new Map<string, ErrorCode[]>()
  for (const [code, template] of kinds) {
    const shape = JSON.stringify(shapeOf(withoutProblems(template)))
    groups.set(shape, [...(groups.get(shape) ?? []), code])
  }
  const [largest] = [...groups.values()].sort(
    (a, b) => b.length - a.length || Number(b.includes('not_found')) - Number(a.includes('not_found')),
  )
  if (!largest) return { body: null, bodies: {} }
  let body = merge(largest.map((code) => withoutProblems(kinds.get(code) ?? null)))
  const validation = kinds.get('validation_failed')
  if (
    validation !== undefined &&
    JSON.stringify(shapeOf(withoutProblems(validation))) === JSON.stringify(shapeOf(body))
  )
    body = withProblemsOf(body, validation)
  const bodies: Partial<Record<ErrorCode, Template>> = {}
  for (const [code, template] of kinds) {
    const general = code === 'validation_failed' ? body : withoutProblems(body)
    if (JSON.stringify(template) !== JSON.stringify(general)) bodies[code] = template
  }
  return { body, bodies }
}

/** A template's shape: keys and slots as they are, literal texts and numbers as placeholders; the problem list left out. */
function shapeOf(template: Template): unknown {
  if (Array.isArray(template)) return template.map(shapeOf)
  if (isObject(template)) {
    if (isSlotNode(template)) return template
    return Object.fromEntries(
      Object.keys(template)
        .sort()
        .map((key) => [key, shapeOf(template[key] ?? null)]),
    )
  }
  return typeof template === 'string' ? '*' : typeof template === 'number' ? '#' : template
}

/** A template without its problem list (`$each`), wherever it is. */
function withoutProblems(template: Template): Template {
  if (Array.isArray(template)) return template.map(withoutProblems)
  if (!isObject(template) || isSlotNode(template)) return template
  return Object.fromEntries(
    Object.entries(template)
      .filter(([, value]) => !(isObject(value) && '$each' in value))
      .map(([key, value]) => [key, withoutProblems(value)]),
  )
}

/** `body` with the problem lists of `source` put back where `source` has them. */
function withProblemsOf(body: Template, source: Template): Template {
  if (!isObject(body) || !isObject(source) || isSlotNode(body)) return body
  const merged: Record<string, Template> = {}
  for (const [key, value] of Object.entries(source)) {
    if (isObject(value) && '$each' in value) merged[key] = value
    else if (key in body) merged[key] = withProblemsOf(body[key] ?? null, value)
  }
  for (const [key, value] of Object.entries(body)) if (!(key in merged)) merged[key] = value
  // In the source's order of keys, then any the body has beyond it.
  return merged
}

/** The templates of one shape as one: what they agree on as it is, a text they differ on as the `title` slot. */
function merge(templates: readonly Template[]): Template {
  const [first, ...rest] = templates
  if (first === undefined) return null
  if (rest.every((other) => JSON.stringify(other) === JSON.stringify(first))) return first
  if (Array.isArray(first))
    return first.map((item, index) => merge(templates.map((t) => (t as Template[])[index] ?? null)))
  if (isObject(first) && !isSlotNode(first))
    return Object.fromEntries(
      Object.keys(first).map((key) => [key, merge(templates.map((t) => (t as Record<string, Template>)[key] ?? null))]),
    )
  if (templates.every((t) => typeof t === 'string' || (isObject(t) && '$text' in t))) return { $slot: 'title' }
  return first
}

export type { Json }
