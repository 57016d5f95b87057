import { describeResponse, failureFor, preview, type CheckContext } from '../check.js'
import type { ApiRequest } from '../http-client.js'
import type { CheckName, Exchange, Profile } from '../types.js'
import { validInstance, type Hints } from '../valid-data.js'

/** Helpers a flow uses to send its steps and assert their outcomes under the flow's name. */
export interface Steps {
  /** Sends a primary request for a documented operation (`POST /campaigns`) with the path's `{id}` filled in. */
  send(label: string, options?: { id?: unknown; query?: ApiRequest['query']; body?: unknown; credentials?: ApiRequest['credentials'] }): Promise<Exchange>
  /** Fails the flow unless the status is one of `expected`. */
  expectStatus(exchange: Exchange, expected: number | readonly number[], title: string, profile?: Profile): void
  /** Fails the flow unless `ok`, showing the two values. */
  expect(ok: boolean, exchange: Exchange, title: string, received: unknown, documented: string, profile?: Profile): void
  /** The 2xx status the document gives for an operation. */
  successStatus(label: string): number
  /** A body the document's request schema accepts, with the hinted fields; checked with ajv before use. */
  validBody(label: string, hints: Hints): unknown
  /** Whether the operation documents a query parameter. */
  hasQuery(label: string, name: string): boolean
  /** The string values the request body allows for a field, wherever it sits (empty when not an enum). */
  enumOf(label: string, field: string): string[]
  /** Whether the operation's success body documents a field of this name, wherever it sits. */
  answers(label: string, field: string): boolean
}

/** Builds the step helpers for one flow. */
export function createSteps(ctx: CheckContext, check: CheckName, defaultProfile: Profile = 'contract'): Steps {
  const operation = (label: string) => {
    const found = ctx.document.get(label)
    if (!found) throw new Error(`${check} needs ${label}, which the document does not have`)
    return found
  }
  const steps: Steps = {
    async send(label, options = {}) {
      const documented = operation(label)
      const path = documented.path.replace(/\{[^}]+\}/, String(options.id))
      return ctx.client.send({
        method: documented.method.toUpperCase() as ApiRequest['method'],
        path,
        query: options.query,
        ...(options.body === undefined ? {} : { body: options.body }),
        credentials: options.credentials ?? 'primary',
        purpose: `${check}: ${label}`,
        primary: true,
      })
    },
    expectStatus(exchange, expected, title, profile = defaultProfile) {
      const list = typeof expected === 'number' ? [expected] : expected
      if (list.includes(exchange.response.status)) return
      throw failureFor(check, profile, exchange, title, describeResponse(exchange), list.join(' or '))
    },
    expect(ok, exchange, title, received, documented, profile = defaultProfile) {
      if (!ok) throw failureFor(check, profile, exchange, title, preview(received), documented)
    },
    successStatus(label) {
      const key = operation(label).responses.find((response) => /^2\d\d$/.test(response.key))?.key
      return Number(key ?? 200)
    },
    validBody(label, hints) {
      const body = operation(label).requestBody
      if (!body?.schema || !body.schemaPointer) throw new Error(`${label} documents no JSON request body`)
      const value = validInstance(body.schema, hints)
      const errors = ctx.validator.validate(body.schemaPointer, value)
      if (errors.length > 0) throw new Error(`Cannot build a valid body for ${label} from the document: ${errors.join('; ')}`)
      return value
    },
    hasQuery(label, name) {
      return operation(label).parameters.some((p) => p.in === 'query' && p.name === name)
    },
    answers(label, field) {
      const pointer = operation(label).responses.find((response) => /^2\d\d$/.test(response.key))?.schemaPointer
      return pointer !== undefined && findField(ctx.document.dereference(ctx.document.at(pointer)), field) !== undefined
    },
    enumOf(label, field) {
      const values = findField(operation(label).requestBody?.schema, field)?.enum
      return Array.isArray(values) ? values.filter((value): value is string => typeof value === 'string') : []
    },
  }
  return steps
}

/** The `data` of an exchange's body. */
export function data(exchange: Exchange): Record<string, unknown> {
  const value = (exchange.response.json as { data?: unknown } | undefined)?.data
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {}
}

/** The items and pagination of a list exchange. */
export function page(exchange: Exchange): { items: Array<Record<string, unknown>>; pagination: Record<string, unknown> } {
  const body = (exchange.response.json ?? {}) as { data?: unknown; pagination?: unknown }
  return {
    items: Array.isArray(body.data) ? (body.data as Array<Record<string, unknown>>) : [],
    pagination: (body.pagination ?? {}) as Record<string, unknown>,
  }
}

/** The schema of a named property anywhere below an object schema. */
function findField(schema: Record<string, unknown> | undefined, field: string, depth = 0): Record<string, unknown> | undefined {
  const properties = schema?.properties as Record<string, Record<string, unknown>> | undefined
  if (!properties || depth > 6) return undefined
  if (properties[field]) return properties[field]
  for (const child of Object.values(properties)) {
    const found = findField(child, field, depth + 1)
    if (found) return found
  }
  return undefined
}
