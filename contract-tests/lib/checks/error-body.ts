import { MESSAGE_NAMES } from '../document/error-envelope.js'
import { isRecord } from '../document/schema-reading.js'

/** One problem of invalid input an error body names: the field, as the deployment writes its path, and why. */
export interface Problem {
  field: string
  message?: string
}

/** What an error body says, wherever its shape keeps it. */
export interface ErrorBody {
  /** Its machine-readable code: `error.code`, a top-level `code`, the first of `errors[].code`, a problem's `type`, or `error` as text. */
  code?: string
  message?: string
  /** The problems of invalid input it names, and where it names them (`error.fields`, `errors`, `invalid_params`, …). */
  problems?: { at: string; list: Problem[] }
}

const FIELD_NAMES = ['field', 'path', 'name', 'param', 'parameter', 'attribute', 'property', 'loc', 'location']
const LIST_NAMES = [
  'fields',
  'details',
  'errors',
  'problems',
  'invalid_params',
  'invalid-params',
  'violations',
  'issues',
]

/**
 * Reads an error body in the shapes real APIs give it: our document's `{error: {code, message,
 * fields}}`, RFC 9457 problem details (`type`, `title`, `detail`, an extension list of problems),
 * a JSON:API-like `errors` array (`code`, `detail`, `source.pointer`), Laravel's `{message, errors:
 * {field: [...]}}`, Django REST framework's `{detail, code}` and nested field errors, GitHub's
 * `{message, errors: [{field, code}]}`, or `{error: "code"}`. Undefined fields where it says nothing.
 * @example readErrorBody({ errors: [{ code: 'NOT_FOUND', detail: 'No advert 4' }] }) // { code: 'NOT_FOUND', message: 'No advert 4' }
 */
export function readErrorBody(body: unknown): ErrorBody {
  if (!isRecord(body)) return {}
  const error = isRecord(body.error) ? body.error : undefined
  const errors = Array.isArray(body.errors) ? body.errors.filter(isRecord) : []
  const code =
    text(error?.code) ??
    text(body.code) ??
    text(errors[0]?.code) ??
    typeCode(body.type) ??
    (typeof body.error === 'string' ? body.error : undefined)
  const message =
    text(error?.message) ??
    text(body.message) ??
    text(body.detail) ??
    text(errors[0]?.detail) ??
    text(errors[0]?.message) ??
    text(body.title)
  const problems = problemsOf(error, 'error.') ?? problemsOf(body, '')
  return {
    ...(code === undefined ? {} : { code }),
    ...(message === undefined ? {} : { message }),
    ...(problems ? { problems } : {}),
  }
}

/** The problem list of an object, under the first of the usual keys that holds one. */
function problemsOf(holder: Record<string, unknown> | undefined, prefix: string): ErrorBody['problems'] {
  if (!holder) return undefined
  for (const key of LIST_NAMES) {
    const value = holder[key]
    const list = Array.isArray(value) ? fromArray(value) : isRecord(value) ? fromMap(value) : undefined
    if (list && list.length > 0) return { at: `${prefix}${key}`, list }
  }
  return undefined
}

/** `[{field, message}]`, `[{path, detail}]`, `[{name, reason}]`, `[{source: {pointer}, detail}]`, `[{loc: [...], msg}]`. */
function fromArray(items: unknown[]): Problem[] | undefined {
  const problems = items.filter(isRecord).flatMap((item): Problem[] => {
    const pointer = isRecord(item.source) ? (text(item.source.pointer) ?? text(item.source.parameter)) : undefined
    const named = FIELD_NAMES.map((name) => item[name]).find((value) => value !== undefined)
    const field = pointer ?? (Array.isArray(named) ? named.map(String).join('.') : text(named))
    if (field === undefined) return []
    const message = MESSAGE_NAMES.map((name) => text(item[name])).find((value) => value !== undefined)
    return [{ field, ...(message === undefined ? {} : { message }) }]
  })
  return problems.length > 0 ? problems : undefined
}

/** `{'campaign.cpm': ['…']}` or, nested as Django REST framework does, `{campaign: {cpm: ['…']}}`. */
function fromMap(map: Record<string, unknown>, prefix = ''): Problem[] | undefined {
  const problems = Object.entries(map).flatMap(([key, value]): Problem[] => {
    if (Array.isArray(value) || typeof value === 'string') {
      const first = Array.isArray(value) ? value.find((item) => typeof item === 'string') : value
      return [{ field: `${prefix}${key}`, ...(typeof first === 'string' ? { message: first } : {}) }]
    }
    return isRecord(value) ? (fromMap(value, `${prefix}${key}.`) ?? []) : []
  })
  return problems.length > 0 ? problems : undefined
}

/** The last segment of a problem type URI (`https://example.com/problems/not-found` -> `not-found`); `about:blank` is none. */
function typeCode(type: unknown): string | undefined {
  if (typeof type !== 'string' || type === '' || type === 'about:blank') return undefined
  return (
    type
      .replace(/[#/]+$/, '')
      .split(/[/#]/)
      .pop() || undefined
  )
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined
}
