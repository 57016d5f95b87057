import type { CheckName } from '../checks/check-names.js'
import type { FailureKind } from '../checks/contract-failure.js'
import {
  describeResponse,
  FlowStopped,
  isSuccess,
  labelOf,
  preview,
  type CheckContext,
  type Flow,
} from '../checks/check.js'
import { readPaging, type PagingReading } from '../checks/paging-reading.js'
import { statusProblem } from '../checks/status-code-conformance.js'
import type { Exchange } from '../client/exchange.js'
import type { ApiRequest } from '../client/http-client.js'
import type { DocumentedOperation, OperationLabel } from '../document/document.js'
import type { Profile } from '../document/profiles.js'
import { validInstance, type Hints } from '../document/valid-data.js'

/** What a step needs to say about the outcome it requires. */
export interface Requirement {
  /** The profile whose claim the expected status is (default: contract, the document's). */
  profile?: Profile
  /** What the step gives the steps after it, e.g. `an advert`: named when they cannot run. */
  provides?: string
}

/** What a soft assertion is judged as. */
export interface Judgement {
  profile?: Profile
  /** The check it is reported under (default: the flow's own name). */
  check?: CheckName
  /** The operation it judges (default: the exchange's), e.g. the key reset, judged by a read after it. */
  operation?: OperationLabel
  /** A difference from the document or a defect of consistency (default: what the check finds). */
  kind?: FailureKind
}

/** Helpers a flow uses to send its steps, require what the next ones build on, and judge outcomes. */
export interface Steps {
  /** Sends a primary request for a documented operation (`POST /campaigns`) with the path's `{id}` filled in. */
  send(
    label: OperationLabel,
    options?: { id?: unknown; query?: ApiRequest['query']; body?: unknown; credentials?: ApiRequest['credentials'] },
  ): Promise<Exchange>
  /**
   * The steps after this one build on it: unless its status is one of `expected`, the flow stops.
   * A status another check already reports (an undocumented one) is that check's failure, and a
   * success of that kind still did its work, so the flow goes on; a status the selected profiles
   * do not judge at all stops the flow with what it could not reach *not exercised*; anything
   * else is the flow's own failure.
   */
  require(exchange: Exchange, expected: number | readonly number[], title: string, requirement?: Requirement): void
  /** Judges one property: counts a run of the check on the exchange's operation, and reports a failure without stopping. */
  expect(
    ok: boolean,
    exchange: Exchange,
    title: string,
    received: unknown,
    documented: string,
    judgement?: Judgement,
  ): void
  /** Ends the flow here: what it has not reached is not exercised, for this reason. */
  stop(reason: string): never
  /** The 2xx status the document gives for an operation. */
  successStatus(label: OperationLabel): number
  /** A body the document's request schema accepts, with the hinted fields; checked with ajv before use. */
  validBody(label: OperationLabel, hints: Hints): unknown
  /**
   * A body with every field of its wrapper filled, optional ones too (free text marked with the
   * run's prefix, a URL, an enum's first value), as a client that uses them all sends it; the
   * hinted fields as given. Falls back to validBody's when the document's schema would not take it.
   */
  fullBody(label: OperationLabel, hints: Hints): unknown
  /** Whether the operation documents a query parameter. */
  hasQuery(label: OperationLabel, name: string): boolean
  /** The string values the request body allows for a field, wherever it sits (empty when not an enum). */
  enumOf(label: OperationLabel, field: string): string[]
}

/** Builds the step helpers for one flow (the one `ctx` is bound to). */
export function createSteps(ctx: CheckContext, flow: Pick<Flow, 'operations'>): Steps {
  const name = ctx.check
  const visited = new Set<OperationLabel>()
  const operation = (label: OperationLabel) => {
    const found = ctx.document.get(label)
    if (!found) throw new Error(`${name} needs ${label}, which the document does not have`)
    return found
  }
  const stop = (reason: string): never => {
    throw new FlowStopped(
      reason,
      flow.operations.filter((label) => !visited.has(label)),
    )
  }
  return {
    async send(label, options = {}) {
      const documented = operation(label)
      visited.add(label)
      return ctx.send({
        method: documented.method.toUpperCase() as ApiRequest['method'],
        path: documented.path.replace(/\{[^}]+\}/, String(options.id)),
        query: options.query,
        ...(options.body === undefined ? {} : { body: options.body }),
        credentials: options.credentials ?? 'primary',
        purpose: `${name}: ${label}`,
        primary: true,
      })
    },
    require: (exchange, expected, title, requirement) =>
      requireStatus(ctx, stop, exchange, expected, title, requirement),
    expect(
      ok,
      exchange,
      title,
      received,
      documented,
      { profile = 'contract', check = name, operation: judged, kind } = {},
    ) {
      if (!ctx.asserts(profile) || !ctx.enabled(check)) return
      const operation = judged ?? exchange.operation ?? labelOf(exchange)
      ctx.ran(operation, check)
      if (ok) return
      ctx.fail(title, {
        exchange,
        received: preview(received),
        documented,
        profile,
        check,
        operation,
        ...(kind ? { kind } : {}),
      })
    },
    stop,
    successStatus(label) {
      const key = operation(label).responses.find((response) => /^2\d\d$/.test(response.key))?.key
      return Number(key ?? 200)
    },
    validBody(label, hints) {
      const body = operation(label).requestBody
      if (!body?.schema || !body.schemaPointer) throw new Error(`${label} documents no JSON request body`)
      const value = validInstance(body.schema, hints)
      const errors = ctx.validator.validate(body.schemaPointer, value)
      if (errors.length > 0)
        throw new Error(`Cannot build a valid body for ${label} from the document: ${errors.join('; ')}`)
      return value
    },
    fullBody(label, hints) {
      return fullBodyOf(ctx, operation(label), hints) ?? this.validBody(label, hints)
    },
    hasQuery(label, name) {
      return operation(label).parameters.some((p) => p.in === 'query' && p.name === name)
    },
    enumOf(label, field) {
      const values = findField(operation(label).requestBody?.schema, field)?.enum
      return Array.isArray(values) ? values.filter((value): value is string => typeof value === 'string') : []
    },
  }
}

/** Steps.require for the flow `ctx` is bound to, which `stop` ends. */
function requireStatus(
  ctx: CheckContext,
  stop: (reason: string) => never,
  exchange: Exchange,
  expected: number | readonly number[],
  title: string,
  { profile = 'contract', provides }: Requirement = {},
): void {
  const name = ctx.check
  const list = typeof expected === 'number' ? [expected] : expected
  const { status } = exchange.response
  if (list.includes(status)) return
  // A 5xx is not_a_server_error's failure, an undocumented status status_code_conformance's.
  const reportedBy =
    status >= 500 && ctx.enabled('not_a_server_error')
      ? 'not_a_server_error'
      : ctx.enabled('status_code_conformance') && statusProblem(ctx, exchange)
        ? 'status_code_conformance'
        : undefined
  if (reportedBy && isSuccess(status)) return
  const label = labelOf(exchange)
  const needs = provides ? `${name} needs ${provides}, and ` : `${name}: `
  if (reportedBy) stop(`${needs}${label} answered ${status} (see ${reportedBy}); the flow stopped there`)
  if (!ctx.asserts(profile)) {
    stop(
      `${needs}${label} answered ${status} where the document states ${list.join(' or ')}, which the selected profile does not judge; the flow stopped there`,
    )
  }
  ctx.fail(title, { exchange, received: describeResponse(exchange), documented: list.join(' or '), profile })
  ctx.ran(label)
  stop(`${name} stopped: ${title.charAt(0).toLowerCase()}${title.slice(1)} (${label} answered ${status})`)
}

/** Every field of an operation's request wrapper filled (the hinted ones as given), when the schema takes it. */
function fullBodyOf(ctx: CheckContext, operation: DocumentedOperation, hints: Hints): unknown {
  const body = operation.requestBody
  const properties = (body?.schema?.properties ?? {}) as Record<string, Record<string, unknown>>
  const [key] = Object.keys(properties)
  const inner = key === undefined ? undefined : (properties[key]?.properties as Record<string, Record<string, unknown>>)
  if (!body?.schemaPointer || !key || !inner) return undefined
  const filled = Object.fromEntries(
    Object.entries(inner).map(([name, schema]) => [name, name in hints ? hints[name] : sampleOf(ctx, name, schema)]),
  )
  const value = { [key]: filled }
  return ctx.validator.validate(body.schemaPointer, value).length === 0 ? value : undefined
}

/** A valid value for a field: free text marked with the run's prefix (within its length), else what the schema's own first valid value is. */
function sampleOf(ctx: CheckContext, name: string, schema: Record<string, unknown>): unknown {
  const plain = schema.type === 'string' && !schema.enum && !schema.format && !schema.pattern
  const most = typeof schema.maxLength === 'number' ? schema.maxLength : 200
  const text = `${ctx.state.titlePrefix} ${name}`
  // Not the default (a null target_url): a value the field would not have had unsent.
  const { default: _default, ...rest } = schema
  return plain && text.length <= most ? text : validInstance(rest)
}

/** The `data` of an exchange's body. */
export function data(exchange: Exchange): Record<string, unknown> {
  const value = (exchange.response.json as { data?: unknown } | undefined)?.data
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {}
}

/**
 * The items of a list exchange and its position, wherever the answer keeps it (the documented key,
 * `meta`, the body, the headers: paging-reading.ts).
 */
export function page(
  exchange: Exchange,
  key = 'pagination',
  pageParam = 'page',
): {
  items: Array<Record<string, unknown>>
  paging: PagingReading | undefined
} {
  const body = (exchange.response.json ?? {}) as Record<string, unknown>
  return {
    items: Array.isArray(body.data) ? (body.data as Array<Record<string, unknown>>) : [],
    paging: readPaging(exchange, key, pageParam),
  }
}

/** The schema of a named property anywhere below an object schema. */
function findField(
  schema: Record<string, unknown> | undefined,
  field: string,
  depth = 0,
): Record<string, unknown> | undefined {
  const properties = schema?.properties as Record<string, Record<string, unknown>> | undefined
  if (!properties || depth > 6) return undefined
  if (properties[field]) return properties[field]
  for (const child of Object.values(properties)) {
    const found = findField(child, field, depth + 1)
    if (found) return found
  }
  return undefined
}
