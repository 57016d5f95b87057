import * as z from 'zod/mini'
import { isoTimestamp } from '../domain/clock.js'
import type { FieldError as Problem } from '../errors/error-body.js'
import {
  DEFAULT_PROFILE,
  ERROR_CODE_NAMES,
  type ErrorChoices,
  type ErrorCode,
  type StampFormat,
} from '../profile/profile.js'
import { timestampOf } from '../schemas/common.js'
import type { Json, Template } from '../profile/template.js'
import { renderTemplate, type SlotValues } from './render-template.js'
import { keysNaming, nodeAt, nodeHolding, templateSchema, type Binding } from './template-schema.js'
import type { Namer } from '../schemas/namer.js'

// Errors under a profile: each code's status and wire name, the body it answers with (its template,
// rendered), and the schema of that body for the document and the override check.

/** What an error answer is made of, beside its code: the message, the problems, and the request it answers. */
export interface ErrorFacts {
  code: ErrorCode
  message: string
  problems?: readonly Problem[]
  /** The request's method and path, for the `method` and `path` slots. */
  request?: { method: string; path: string }
  /** A status asked for as such (a forced fault), in place of the one the profile gives the code. */
  status?: number
}

/** The codes whose bodies carry the problem list. */
export const PROBLEM_CODES: readonly ErrorCode[] = ['validation_failed']

/** The codes only a profile that chooses them answers with (errors.foreign, errors.unsupportedMethod). */
const CHOSEN_CODES: readonly ErrorCode[] = ['forbidden', 'method_not_allowed']

/** The slots whose value differs from one code to another (a body narrowed to one code holds them as constants). */
const CODE_SLOTS = ['code', 'status', 'status_text', 'title']

/** Reason phrases of the statuses an error may have, as most frameworks send them (RFC 7231's), for the `status_text` slot. */
const REASON_PHRASES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
}

/** A status's reason phrase (`Not Found`), or `Error <status>` for one without a registered phrase. */
export const reasonPhrase = (status: number): string => REASON_PHRASES[status] ?? `Error ${status}`

/** A code in a few words: `validation_failed` is `Validation failed`. */
export const titleOf = (code: string): string => {
  const words = code.replaceAll('_', ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** The descriptions the document gives the error slots' schemas. */
const DESCRIPTIONS = {
  code: 'Stable, machine-readable reason.',
  message: 'What failed and why, for people.',
  'problem.path': 'Dotted path of the field, e.g. `campaign.cpm`; empty for the body itself.',
}

/** Errors under one profile. */
export interface ErrorModel {
  /** Every code this profile answers with (the default leaves out `forbidden` and `method_not_allowed`). */
  readonly codes: readonly ErrorCode[]
  /** The media type of an error body. */
  readonly contentType: string
  /** The media type one kind of error comes in: `contentType`, or its own (an HTML page). */
  mediaOf(code: ErrorCode): string
  /** The code another account's resource answers with. */
  readonly foreign: ErrorCode
  /** The code a method the path does not have answers with. */
  readonly unsupportedMethod: ErrorCode
  status(code: ErrorCode): number
  /** The code by its wire name. */
  wireName(code: ErrorCode): string
  /** The body an error answers with, at a moment of the mock's clock (epoch milliseconds). */
  body(facts: ErrorFacts, nowMs: number): Json
  /** The schema of the body one code answers with. */
  envelope(code: ErrorCode): z.ZodMiniType
  /** The named schemas of the error bodies, by name (Error, ValidationError, FieldError), for the document's components. */
  readonly components: Readonly<Record<string, z.ZodMiniType>>
  /** The part of a body (rendered from the general template) the `Error` component describes. */
  errorNodeOf(body: Json): Json | undefined
  /** The key of the problem list in that part, if the general template has one. */
  readonly problemsKey: string | undefined
  /** The template a code's body is rendered from. */
  templateOf(code: ErrorCode): Template
}

/**
 * Compiles a profile's error choices.
 * @example errorModel(DEFAULT_PROFILE.errors, GLOBAL_NAMER, DEFAULT_PROFILE.stamps.format).status('advert_in_use') // 422
 */
export function errorModel(choices: ErrorChoices, namer: Namer, stamps: StampFormat): ErrorModel {
  const wireName = (code: ErrorCode) => choices.codes[code] ?? code
  const status = (code: ErrorCode) => choices.statuses[code] ?? DEFAULT_PROFILE.errors.statuses[code]
  const chosen = new Set<ErrorCode>([choices.foreign, choices.unsupportedMethod])
  const codes = ERROR_CODE_NAMES.filter((code) => !CHOSEN_CODES.includes(code) || chosen.has(code))
  const templateOf = (code: ErrorCode): Template => choices.bodies[code] ?? choices.body
  const bind = slotBinder({ codes, wireName, status, namer, timestamp: timestampOf(stamps) })
  const { components, envelope, errorPath, problemsKey } = errorSchemas(choices, namer, bind)
  return {
    codes,
    contentType: choices.contentType,
    mediaOf: (code) => choices.media[code] ?? choices.contentType,
    foreign: choices.foreign,
    unsupportedMethod: choices.unsupportedMethod,
    status,
    wireName,
    body({ code, message, problems, request, status: forced }, nowMs) {
      const shown = forced ?? status(code)
      const slots: SlotValues = {
        code: wireName(code),
        message,
        status: shown,
        status_text: reasonPhrase(shown),
        title: titleOf(code),
        path: request?.path,
        method: request?.method,
        request_id: crypto.randomUUID(),
        time: isoTimestamp(nowMs, stamps),
      }
      return renderTemplate(templateOf(code), slots, {
        ...(problems && PROBLEM_CODES.includes(code) ? { problems: problems.map(problemSlots) } : {}),
      })
    },
    envelope,
    components,
    errorNodeOf: (body) => nodeAt(body, errorPath),
    problemsKey,
    templateOf,
  }
}

/** What the slot binder reads: the codes, their wire names and statuses, and how to describe a schema. */
interface BinderInput {
  codes: readonly ErrorCode[]
  wireName: (code: ErrorCode) => string
  status: (code: ErrorCode) => number
  namer: Namer
  timestamp: z.ZodMiniType
}

/** A slot's schema in the answers of one code, or of every code (`code` undefined). */
type SlotBinder = (slot: string, code: ErrorCode | undefined) => Binding

function slotBinder({ codes, wireName, status, namer, timestamp }: BinderInput): SlotBinder {
  const constantOf = (slot: string, code: ErrorCode): string | number | undefined => {
    if (slot === 'code') return wireName(code)
    if (slot === 'status') return status(code)
    if (slot === 'status_text') return reasonPhrase(status(code))
    if (slot === 'title') return titleOf(code)
    return undefined
  }
  return (slot, code) => {
    const constant = code === undefined ? undefined : constantOf(slot, code)
    if (constant !== undefined) return { schema: z.literal(constant), constant }
    switch (slot) {
      case 'code':
        return { schema: namer.described(z.enum(codes.map(wireName) as [string, ...string[]]), DESCRIPTIONS.code) }
      case 'message':
        return { schema: namer.described(z.string().check(z.minLength(1)), DESCRIPTIONS.message) }
      case 'status':
        return { schema: z.int() }
      case 'time':
        return { schema: timestamp }
      case 'problems':
        return code !== undefined && PROBLEM_CODES.includes(code) ? { schema: z.unknown() } : 'absent'
      case 'problem.path':
        return { schema: namer.described(z.string(), DESCRIPTIONS['problem.path']) }
      case 'problem.message':
        return { schema: z.string().check(z.minLength(1)) }
      case 'problem.resource':
        return { schema: z.optional(z.string()) }
      default:
        return { schema: z.string() }
    }
  }
}

/**
 * The schemas of the error bodies: the general body's object that holds the code (or message) is
 * the `Error` component, a problem of its list the `FieldError`, and a body narrowed to a code is
 * built around them (a kind with a body of its own is described from that body alone).
 */
function errorSchemas(choices: ErrorChoices, namer: Namer, bind: SlotBinder) {
  const general = choices.body
  const errorPath = nodeHolding(general, ['code', 'message']) ?? []
  const errorNode = nodeAt(general, errorPath) as Record<string, Template>
  const problemsKey = Object.entries(errorNode).find(
    ([, child]) => child !== null && typeof child === 'object' && !Array.isArray(child) && '$each' in child,
  )?.[0]
  const itemTemplate = problemsKey ? ((errorNode[problemsKey] as Record<string, Template>).item ?? null) : null
  const fieldError = namer.named(templateSchema(itemTemplate, { bind: (slot) => bind(slot, undefined) }), 'FieldError')
  const error = namer.named(templateSchema(errorNode, { bind: (slot) => bind(slot, undefined) }), 'Error')
  const varying = keysNaming(errorNode, CODE_SLOTS)
  const narrowed = memo((code: ErrorCode): z.ZodMiniType => {
    const specific = templateSchema(errorNode, {
      bind: (slot) => bind(slot, code),
      item: fieldError,
    }) as z.ZodMiniObject
    const pick = (keys: readonly string[]) => Object.fromEntries(keys.map((key) => [key, specific.shape[key]!]))
    if (!PROBLEM_CODES.includes(code) || !problemsKey) return z.intersection(error, z.looseObject(pick(varying)))
    const variant = z.extend(error as z.ZodMiniObject, pick([...varying, problemsKey]))
    return code === 'validation_failed' ? namer.named(variant, 'ValidationError') : variant
  })
  // A kind with a body of its own is described from it alone; invalid input's still names its
  // error object `ValidationError`, as the spec names that schema.
  const ownPath = (own: Template) => (nodeHolding(own, ['code', 'message']) ?? []).join('/')
  const validationOwn = choices.bodies.validation_failed
  const validationError = validationOwn
    ? namer.named(
        templateSchema(nodeAt(validationOwn, ownPath(validationOwn).split('/').filter(Boolean)) ?? null, {
          bind: (slot) => bind(slot, 'validation_failed'),
        }),
        'ValidationError',
      )
    : narrowed('validation_failed')
  const envelope = memo((code: ErrorCode): z.ZodMiniType => {
    const own = choices.bodies[code]
    if (own)
      return templateSchema(own, {
        bind: (slot) => bind(slot, code),
        object: (_node, path) =>
          code === 'validation_failed' && path.join('/') === ownPath(own) ? validationError : undefined,
      })
    return templateSchema(general, {
      bind: (slot) => bind(slot, code),
      object: (_node, path) => (path.join('/') === errorPath.join('/') ? narrowed(code) : undefined),
    })
  })
  const components = { Error: error, FieldError: fieldError, ValidationError: validationError }
  return { components, envelope, errorPath, problemsKey }
}

/** A function of a code, worked out once per code. */
function memo<T>(make: (code: ErrorCode) => T): (code: ErrorCode) => T {
  const made = new Map<ErrorCode, T>()
  return (code) => {
    if (!made.has(code)) made.set(code, make(code))
    return made.get(code) as T
  }
}

/**
 * A problem's slots: its path with and without the wrapper, as a JSON Pointer (bare, and as a URI
 * fragment), as a form's brackets, its resource (none for a field without a wrapper: a query
 * parameter's problem, where GitHub's leave `resource` out), and its message.
 * @example problemSlots({ field: 'campaign.cpm', message: 'too big' })['problem.fragment'] // '#/campaign/cpm'
 */
export function problemSlots({ field, message }: Problem): SlotValues {
  const dot = field.indexOf('.')
  const pointer = field === '' ? '' : `/${field.split('.').join('/')}`
  return {
    'problem.path': field,
    'problem.field': dot < 0 ? field : field.slice(dot + 1),
    'problem.pointer': pointer,
    'problem.fragment': `#${pointer}`,
    'problem.bracket': field
      .split('.')
      .map((part, index) => (index === 0 ? part : `[${part}]`))
      .join(''),
    'problem.resource': dot < 0 ? undefined : field.charAt(0).toUpperCase() + field.slice(1, dot),
    'problem.message': message,
  }
}
