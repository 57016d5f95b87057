import { refusalCause } from '../checks/causes.js'
import { describeResponse, isSuccess, type CheckContext } from '../checks/check.js'
import type { Exchange } from '../client/exchange.js'
import type { OperationLabel } from '../document/document.js'
import type { Steps } from './steps.js'

/**
 * Sends a create whose `field` carries an optional value (a second `broadcasting_type`, say).
 * When the deployment refuses it, that refusal is its own finding, naming the value (under
 * positive_data_acceptance, the same finding as its probe's), and the flow goes on with a value
 * the deployment accepts: the document's first, then the others. Gives back the last answer:
 * a success, unless the deployment refused every value.
 * @example const created = await createWithAcceptedValue(ctx, steps, 'POST /campaigns', input, 'broadcasting_type', ['active_ad', 'passive_ad'])
 */
export async function createWithAcceptedValue(
  ctx: CheckContext,
  steps: Steps,
  label: OperationLabel,
  input: Record<string, unknown>,
  field: string,
  values: readonly unknown[],
): Promise<Exchange> {
  const tried = [input[field]]
  let created = await steps.send(label, { body: steps.validBody(label, input) })
  for (;;) {
    const value = tried.at(-1)
    if (!refusesValue(created, field)) return created
    const path = refusedPath(created, field) ?? field
    if (ctx.asserts('contract') && ctx.enabled('positive_data_acceptance')) {
      ctx.ran(label, 'positive_data_acceptance')
      ctx.fail(`Valid input refused: ${path}=${String(value)}`, {
        exchange: created,
        received: describeResponse(created),
        documented: `accepted: ${field} is one of ${values.map(String).join(', ')} (the request schema's enum)`,
        check: 'positive_data_acceptance',
        profile: 'contract',
        rootCause: refusalCause(field, 'enum_value'),
      })
    }
    const next = values.find((candidate) => !tried.includes(candidate))
    if (next === undefined) return created
    tried.push(next)
    created = await steps.send(label, { body: steps.validBody(label, { ...input, [field]: next }) })
  }
}

/** Whether an answer refuses the request for its value of `field`: a 4xx that names it, or names no field at all. */
function refusesValue(exchange: Exchange, field: string): boolean {
  const { status } = exchange.response
  if (isSuccess(status) || status < 400 || status >= 500 || status === 401 || status === 429) return false
  return refusedPath(exchange, field) !== undefined || namedFields(exchange).length === 0
}

/** The path the answer names for `field` (`campaign.broadcasting_type`), if it names it. */
function refusedPath(exchange: Exchange, field: string): string | undefined {
  return namedFields(exchange).find((named) => named === field || named.endsWith(`.${field}`))
}

function namedFields(exchange: Exchange): string[] {
  const fields = (exchange.response.json as { error?: { fields?: unknown } } | undefined)?.error?.fields
  return Array.isArray(fields)
    ? fields.map((entry) => (entry as { field?: unknown })?.field).filter((f): f is string => typeof f === 'string')
    : []
}
