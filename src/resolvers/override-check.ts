import * as z from 'zod/mini'
import type { OverrideData, OverrideSpec } from '../domain/overrides.js'
import { validationFailed } from '../errors/api-error.js'
import type { FieldError as Problem } from '../errors/error-body.js'
import { MESSAGES } from '../errors/messages.js'
import { DEFAULT_MODEL, type ApiModel } from '../model/api-model.js'
import type { Operation } from '../operations/define-operation.js'
import type { OverrideInput } from '../schemas/overrides.js'

// What POST /__admin/overrides checks beyond its schema, against the document: the operation, its
// path parameters, a status it declares, and a body its schema for that status accepts. A typed
// in-process override gets the same from the compiler; `untyped` lifts the last two, as
// `response.untyped(…)` does.

/** Statuses that answer no body (RFC 9110). */
const NO_BODY_STATUSES = new Set([204, 205, 304])

/**
 * The override an input asks for, checked against the document; anything it cannot be is a 422
 * naming the field (`operation`, `params.id`, `status`, `body.data.balance_usd`, …).
 * @example checkOverride(OverrideInput.parse({ operation: 'getUserBalance', status: 200, body: { success: true, data: { balance_usd: 0, total_topups_usd: 0 } } }))
 */
export function checkOverride(input: OverrideInput, model: ApiModel = DEFAULT_MODEL): OverrideSpec {
  const operation = operationNamed(input.operation, model)
  const spec = {
    operation: operation.operationId,
    ...(input.params ? { params: checkedParams(operation, input.params) } : {}),
    times: input.times ?? null,
    delay_ms: input.delay_ms,
  }
  return { ...spec, answer: checkedAnswer(operation, input, model) }
}

/** The answer an input gives, checked: none (only a delay), or a status with headers and a body. */
function checkedAnswer(operation: Operation, input: OverrideInput, model: ApiModel): OverrideData {
  const { status, body, body_text, headers = {}, untyped } = input
  if (status === undefined) {
    const given = (['body', 'body_text', 'headers'] as const).filter((field) => input[field] !== undefined)
    if (given.length > 0) refuse('status', `is required with ${given.join(' and ')}`)
    return { headers, untyped }
  }
  if (body !== undefined && body_text !== undefined) refuse('body_text', 'cannot come with body: send one of them')
  if (body_text !== undefined && !untyped)
    refuse('body_text', 'is text the document cannot check: send "untyped": true')
  if (NO_BODY_STATUSES.has(status) && (body !== undefined || body_text !== undefined))
    refuse(body === undefined ? 'body_text' : 'body', `must be left out: ${status} answers no body`)
  const responses = documentedResponses(operation, model)
  const schema = responses.get(status)
  if (!schema && !untyped)
    refuse(
      'status',
      `${operation.operationId} does not declare ${status} (it declares ${[...responses.keys()].join(', ')}): send "untyped": true to answer it anyway`,
    )
  if (body_text !== undefined) return { status, headers, body: { text: body_text }, untyped }
  const json = body !== undefined ? body : defaultBody(operation, status, untyped, model)
  if (json === undefined) return { status, headers, untyped }
  if (schema && !untyped) checkBody(schema, json)
  return { status, headers, body: { json }, untyped }
}

/**
 * Every status the document gives an operation, with the schema of the body it answers, as the
 * model answers it: its success body (a list's envelope, a DELETE's template), and each error's.
 */
export function documentedResponses(operation: Operation, model: ApiModel = DEFAULT_MODEL): Map<number, z.ZodMiniType> {
  // A success without a body (a 204 delete) is declared too: its schema takes no body.
  const success = model.successSchema(operation) ?? z.undefined()
  const responses = new Map<number, z.ZodMiniType>([[operation.response.status, success]])
  for (const [status, codes] of model.errorsByStatus(operation)) {
    const [first, ...more] = codes.map((code) => model.errors.envelope(code))
    responses.set(status, more.length === 0 ? first! : z.union([first!, ...more]))
  }
  return new Map([...responses].sort(([a], [b]) => a - b))
}

/** The public operation with this id; any other (a control-plane one too) is refused, naming the ones there are. */
function operationNamed(operationId: string, model: ApiModel): Operation {
  const operation = model.operations.get(operationId)
  const api = [...model.operations.values()].filter((candidate) => candidate.auth !== 'admin')
  if (!operation || operation.auth === 'admin')
    refuse('operation', `is not an operation of the API (one of ${api.map((op) => op.operationId).join(', ')})`)
  return operation
}

/** The path parameters to match, as the route index reads them (`7`, not `07`); only those the path has. */
function checkedParams(operation: Operation, params: Record<string, string | number>): Record<string, string> {
  const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name!)
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => {
      if (!names.includes(name))
        refuse(
          `params.${name}`,
          `is not a path parameter of ${operation.operationId} (${names.length ? `it has ${names.join(', ')}` : 'it has none'})`,
        )
      const text = String(value)
      if (name === 'id' && !/^[1-9]\d*$/.test(text)) refuse(`params.${name}`, 'must be a positive whole number')
      return [name, text]
    }),
  )
}

/** An error status's body when none is given: the model's error body for the operation's code of that status. */
function defaultBody(operation: Operation, status: number, untyped: boolean, model: ApiModel): unknown {
  const { errors } = model
  const code =
    model.errorCodes(operation).find((candidate) => errors.status(candidate) === status) ??
    errors.codes.find((candidate) => errors.status(candidate) === status)
  if (code) {
    const message = `Answered by an override: ${status} ${errors.wireName(code)}`
    const problems = [{ field: '', message: 'answered by an override' }]
    return errors.body({ code, message, problems }, Date.now())
  }
  if (!untyped && !NO_BODY_STATUSES.has(status))
    refuse('body', `is required: ${operation.operationId} answers ${status} with a body (or send "untyped": true)`)
  return undefined
}

/** The body against its schema: a 422 naming each failing field below `body`. */
function checkBody(schema: z.ZodMiniType, body: unknown): void {
  const result = schema.safeParse(body)
  if (result.success) return
  const fields: Problem[] = result.error.issues.flatMap((issue) => {
    const path = ['body', ...issue.path.map(String)]
    if (issue.code === 'unrecognized_keys')
      return issue.keys.map((key) => ({ field: [...path, key].join('.'), message: 'is not a known field' }))
    return [{ field: path.join('.'), message: issue.message }]
  })
  throw validationFailed(MESSAGES.validation_failed.invalid('override: the document forbids this body'), fields)
}

function refuse(field: string, message: string): never {
  throw validationFailed(MESSAGES.validation_failed.invalid('override'), [{ field, message }])
}
