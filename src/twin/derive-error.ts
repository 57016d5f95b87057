import { problemSlots, reasonPhrase, titleOf } from '../model/error-model.js'
import type { Json, Template } from '../profile/template.js'

// An error body as a template: what a deployment answered to one kind of error, with the values
// that vary from answer to answer replaced by slots (profile/template.ts). What is recognized: the
// status (a number or its text), its reason phrase, the code (under a code-like key, or the last
// segment of a problem-type URI), the message (the human text), a request id, a time, the
// request's path and method, the problem list (the array whose items name the field sent wrong),
// and texts that embed the code. Everything else stays as it came.

/** What was asked, to recognize it in the answer: the status, the path and method, and (invalid input) the field sent wrong. */
export interface ErrorExample {
  status: number
  body: Json
  request: { method: string; path: string }
  /** The field made invalid, wrapped (`advert.title`). */
  field?: string
}

/** The template, the code it carries (its wire name), and whether a message was found. */
export interface DerivedError {
  template: Template
  code: string | undefined
  message: boolean
}

const CODE_KEYS = ['code', 'error_code', 'errorcode', 'error', 'type', 'reason', 'kind', 'error_type', 'name', 'slug']
const MESSAGE_KEYS = [
  'message',
  'detail',
  'details',
  'error_description',
  'description',
  'msg',
  'error_message',
  'reason',
  'issue',
  'text',
  'title',
]
const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_.:-]{1,79}$/
const UUID_LIKE =
  /^(?=.*\d)(?=.*[a-zA-Z])[A-Za-z0-9_-]{16,}$|^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** RFC 9110's newer names of two phrases, which some deployments send. */
const PHRASES_NEW: Readonly<Record<number, string>> = { 413: 'Content Too Large', 422: 'Unprocessable Content' }

const isObject = (value: unknown): value is Record<string, Json> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/**
 * The template of one error answer.
 * @example deriveError({ status: 404, body: { success: false, error: { code: 'NOT_FOUND', message: 'No advert 9' } }, request: { method: 'GET', path: '/api/v1/adverts/9' } }).code // 'NOT_FOUND'
 */
export function deriveError(example: ErrorExample): DerivedError {
  const code = findCode(example.body, example.field ? forms(example.field).map(([, form]) => form) : [])
  let message = false
  let itemMessageKey: string | undefined
  const fieldForms = example.field ? forms(example.field) : undefined
  const walk = (node: Json, key: string, inItem: boolean): Template => {
    if (Array.isArray(node)) {
      if (!inItem && fieldForms && node.some((item) => names(item, fieldForms))) {
        const item = node.find((one) => names(one, fieldForms)) as Json
        itemMessageKey = messageKey(item, true)
        return { $each: 'problems', item: walk(item, key, true) }
      }
      return node.map((item) => walk(item, key, inItem))
    }
    if (isObject(node)) {
      const byField = !inItem && fieldForms ? keyedProblems(node, fieldForms) : undefined
      if (byField) {
        const [keyed, leaf] = byField
        itemMessageKey = isObject(leaf) ? messageKey(leaf, true) : undefined
        message = true
        const item = Array.isArray(leaf)
          ? leaf.map((one) =>
              typeof one === 'string' && isHuman(one) ? { $slot: 'problem.message' } : walk(one, key, true),
            )
          : walk(leaf, key, true)
        return { $each: 'problems', ...keyed, item }
      }
      return Object.fromEntries(Object.entries(node).map(([name, child]) => [name, walk(child, name, inItem)]))
    }
    const slot = slotOf(node, key, inItem)
    if (slot === 'message' || slot === 'problem.message') message = true
    return slot === undefined ? textOf(node) : { $slot: slot }
  }
  const textOf = (node: Json): Template => {
    if (typeof node !== 'string') return node
    if (node === String(example.status)) return { $text: '{status}' }
    // A text naming the status (`https://docs.example/rest#422`): the status where it stands.
    const status = new RegExp(`(^|[^0-9])${example.status}([^0-9]|$)`)
    if (!isHuman(node) && status.test(node)) return { $text: node.replace(status, '$1{status}$2') }
    if (code && node !== code && node.includes(code)) return { $text: node.replaceAll(code, '{code}') }
    if (example.request.path.length > 1 && node !== example.request.path && node.endsWith(example.request.path))
      return { $text: node.slice(0, -example.request.path.length) + '{path}' }
    return node
  }
  const slotOf = (node: Json, key: string, inItem: boolean): string | undefined => {
    const lower = key.toLowerCase()
    if (typeof node === 'number') return node === example.status && /status|code/.test(lower) ? 'status' : undefined
    if (typeof node !== 'string') return undefined
    if (inItem && fieldForms) {
      const form = fieldForms.find(([, value]) => value === node)
      if (form) return form[0]
      if (isHuman(node) && key === itemMessageKey) return 'problem.message'
    }
    if (code !== undefined && node === code) return 'code'
    if (node === reasonPhrase(example.status) || node === PHRASES_NEW[example.status]) return 'status_text'
    if (node === example.request.path) return 'path'
    if (node === example.request.method && /method/.test(lower)) return 'method'
    if (UUID_LIKE.test(node) && /id|trace|correlation|request/.test(lower)) return 'request_id'
    if (/^\d{4}-\d{2}-\d{2}T/.test(node) && !Number.isNaN(Date.parse(node))) return 'time'
    if (!inItem && MESSAGE_KEYS.includes(lower) && isHuman(node) && messageKey(example.body) === key) return 'message'
    return undefined
  }
  const template = walk(example.body, '', false)
  return { template, code, message }
}

/** Whether a text reads as words for people: a space, and a letter. */
const isHuman = (text: string): boolean => /\s/.test(text.trim()) && /[A-Za-z]/.test(text)

/** The forms a field's name takes in a problem list, each with its slot: `campaign.cpm`, `cpm`, `/campaign/cpm`, … (as the model writes them). */
function forms(field: string): [string, string][] {
  return Object.entries(problemSlots({ field, message: '' })).filter(
    (entry): entry is [string, string] =>
      entry[0] !== 'problem.message' && typeof entry[1] === 'string' && entry[1] !== '',
  )
}

/**
 * An object that holds the problems by field (`{ "cpm": ["…"] }`, `{ "campaign.cpm": [...] }`,
 * `{ "campaign": { "cpm": [...] } }`): how it is keyed (`by`, and `nested` where by each segment),
 * and the sent field's value in it.
 */
function keyedProblems(
  node: Record<string, Json>,
  fieldForms: [string, string][],
): [{ by: string; nested?: true }, Json] | undefined {
  // A field's problems are a list (`"cpm": ["…"]`); a text under a key of that name is no problem list (`"title": "Invalid"`).
  for (const [slot, form] of fieldForms)
    if (form.length > 0 && Object.hasOwn(node, form) && Array.isArray(node[form])) return [{ by: slot }, node[form]!]
  const path = fieldForms.find(([slot]) => slot === 'problem.path')?.[1].split('.') ?? []
  if (path.length < 2) return undefined
  let at: Json | undefined = node
  for (const segment of path) at = isObject(at) ? at[segment] : undefined
  return Array.isArray(at) ? [{ by: 'problem.path', nested: true }, at] : undefined
}

/** Whether a value (an item of a list) names the field in one of its forms, however deep. */
function names(value: Json, fieldForms: [string, string][]): boolean {
  if (typeof value === 'string') return fieldForms.some(([, form]) => form === value)
  if (Array.isArray(value)) return value.some((item) => names(item, fieldForms))
  if (isObject(value)) return Object.values(value).some((child) => names(child, fieldForms))
  return false
}

/**
 * The code an error body carries: the first identifier-like text under a code-like key (the
 * shallowest first), or where none is, a URI's last segment under `type` (RFC 9457).
 */
export function findCode(body: Json, fields: readonly string[] = []): string | undefined {
  const found: { depth: number; rank: number; value: string }[] = []
  const visit = (node: Json, depth: number) => {
    if (Array.isArray(node)) node.forEach((item) => visit(item, depth + 1))
    else if (isObject(node))
      for (const [key, value] of Object.entries(node)) {
        const rank = CODE_KEYS.indexOf(key.toLowerCase())
        const identifier = typeof value === 'string' && IDENTIFIER.test(value) && !/^\d+$/.test(value)
        if (identifier && rank >= 0 && !fields.includes(value)) found.push({ depth, rank, value })
        else visit(value, depth + 1)
      }
  }
  visit(body, 0)
  found.sort((a, b) => a.depth - b.depth || a.rank - b.rank)
  // RFC 9457: a problem type's URI at the top names the kind before anything deeper does.
  const type = isObject(body) && typeof body.type === 'string' ? body.type : undefined
  const segment = type?.match(/[/#]([A-Za-z][A-Za-z0-9_.-]*)\/?$/)?.[1]
  if (found[0] && (found[0].depth === 0 || segment === undefined)) return found[0].value
  return segment
}

/**
 * The key of the message: the first human text under a message-like key, in MESSAGE_KEYS' order;
 * in a problem of a list (`item`), else the first human text of any key.
 */
function messageKey(body: Json, item = false): string | undefined {
  const keys: string[] = []
  const human: string[] = []
  const visit = (node: Json) => {
    if (Array.isArray(node)) node.forEach(visit)
    else if (isObject(node))
      for (const [key, value] of Object.entries(node)) {
        if (typeof value === 'string' && isHuman(value)) {
          human.push(key)
          if (MESSAGE_KEYS.includes(key.toLowerCase())) keys.push(key)
        } else visit(value)
      }
  }
  visit(body)
  const ranked = keys.sort((a, b) => MESSAGE_KEYS.indexOf(a.toLowerCase()) - MESSAGE_KEYS.indexOf(b.toLowerCase()))[0]
  return ranked ?? (item ? human[0] : undefined)
}

/** A code's title as the `title` slot writes it, for a learner that meets it in a body. */
export const titleSlotValue = titleOf
