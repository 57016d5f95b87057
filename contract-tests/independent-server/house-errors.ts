import { randomBytes } from 'node:crypto'
import type { Conventions, ErrorKind, ProblemPath } from './house-conventions.js'
import type { InputProblem } from './house-input.js'
import type { HouseReply } from './house-reply.js'

// A house style's error bodies: one writer per shape (house-conventions.ts' ErrorShape), each
// given the kind of error, its status, a message for people, the request's path and, for invalid
// input, its problems.

/** One refusal, before it is written in the style's shape. */
export interface Refusal {
  kind: ErrorKind
  status: number
  message: string
  /** The path the request was sent to (problem details' `instance`). */
  instance: string
  problems?: readonly InputProblem[]
  /** The wrapper the input sat under (`campaign`): GitHub's `resource`. */
  resource?: string
}

/** A short title of each kind of error (problem details' `title`, JSON:API's). */
const TITLES: Readonly<Record<ErrorKind, string>> = {
  unauthorized: 'Unauthorized',
  not_found: 'Resource not found',
  route_not_found: 'No such route',
  forbidden: 'Forbidden',
  invalid: 'Invalid request',
  invalid_json: 'Malformed JSON',
  method_not_allowed: 'Method not allowed',
  in_use: 'Resource in use',
  rate_limited: 'Too many requests',
  too_large: 'Request too large',
  internal: 'Internal error',
}

/**
 * The refusal in the style's shape.
 * @example writeError(conventions, { kind: 'not_found', status: 404, message: 'Campaign 7 was not found', instance: '/api/v1/campaigns/7' })
 */
export function writeError(conventions: Conventions, refusal: Refusal): HouseReply {
  const { errors, codes, problemPath } = conventions
  const { kind, status, message, instance, problems } = refusal
  const code = codes?.[kind] ?? kind
  const named = (problem: InputProblem) => problemName(problem.path, problemPath)
  switch (errors.kind) {
    case 'problem-details': {
      const list = problems?.map((p) => ({ [errors.problems.name]: named(p), [errors.problems.reason]: p.reason }))
      const body = { type: `${errors.typeBase}${code}`, title: TITLES[kind], status, detail: message, instance }
      return {
        status,
        body: list ? { ...body, [errors.problems.key]: list } : body,
        contentType: 'application/problem+json',
      }
    }
    case 'json-api': {
      const one = (detail: string, pointer?: string) => ({
        status: String(status),
        code,
        title: TITLES[kind],
        detail,
        ...(pointer === undefined ? {} : { source: { pointer } }),
      })
      const list = problems ? problems.map((p) => one(`${named(p)} ${p.reason}`, named(p))) : [one(message)]
      return { status, body: { success: false, errors: list } }
    }
    case 'error-object': {
      const { requestId, documentation, problems: shape } = errors
      const error: Record<string, unknown> = { code, message }
      if (requestId) error[requestId] = `req_${randomBytes(12).toString('hex')}`
      if (documentation) error[documentation.key] = documentation.url.replace('{code}', code)
      if (problems)
        error[shape.key] =
          shape.form === 'map'
            ? byName(problems, named)
            : problems.map((p) => ({ [shape.name]: named(p), [shape.reason]: p.reason }))
      return { status, body: { success: false, error } }
    }
    case 'message-map':
      return { status, body: { success: false, message, ...(problems ? { errors: byName(problems, named) } : {}) } }
    case 'drf':
      return {
        status,
        body: { success: false, detail: message, code, ...(problems ? { errors: nested(problems) } : {}) },
      }
    case 'github': {
      const resource = refusal.resource ? refusal.resource[0]!.toUpperCase() + refusal.resource.slice(1) : undefined
      const list = problems?.map((p) => ({
        resource,
        field: named(p),
        code: p.code === 'wrong_type' ? 'invalid' : p.code,
        message: p.reason,
      }))
      const documentation_url = `${errors.documentationUrl}#${status}`
      return { status, body: { success: false, message, documentation_url, ...(list ? { errors: list } : {}) } }
    }
  }
}

/** A problem's field, named the style's way. */
export function problemName(path: readonly string[], form: ProblemPath): string {
  switch (form) {
    case 'wrapped':
    case 'nested':
      return path.join('.')
    case 'leaf':
      return path.at(-1) ?? ''
    case 'pointer':
      return `/${path.join('/')}`
    case 'hash-pointer':
      return `#/${path.join('/')}`
    case 'bracket':
      return path.map((segment, index) => (index === 0 ? segment : `[${segment}]`)).join('')
  }
}

/** The problems as a map from field to its reasons (Laravel's, ActiveModel's). */
function byName(problems: readonly InputProblem[], named: (p: InputProblem) => string): Record<string, string[]> {
  const map: Record<string, string[]> = {}
  for (const problem of problems) (map[named(problem)] ??= []).push(problem.reason)
  return map
}

/** The problems as nested keys, Django REST framework's: `{campaign: {cpm: ['…']}}`. */
function nested(problems: readonly InputProblem[]): Record<string, unknown> {
  const root: Record<string, unknown> = {}
  for (const { path, reason } of problems) {
    let node = root
    path.slice(0, -1).forEach((segment) => {
      const child = node[segment]
      // A field with reasons of its own and of its fields keeps its own under non_field_errors.
      if (Array.isArray(child)) node[segment] = { non_field_errors: child }
      node = (node[segment] ??= {}) as Record<string, unknown>
    })
    const leaf = path.at(-1) ?? 'non_field_errors'
    const existing = node[leaf]
    if (existing && !Array.isArray(existing))
      ((existing as Record<string, string[]>).non_field_errors ??= []).push(reason)
    else (node[leaf] = (existing as string[] | undefined) ?? []).push(reason)
  }
  return root
}
