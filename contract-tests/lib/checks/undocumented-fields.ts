import type { Exchange } from '../client/exchange.js'
import { operationOf, type CheckContext, type FailureDetail } from './check.js'
import { violationFailure } from './schema-findings.js'

/** How to report a knock-on effect of an undocumented field: as part of that field's finding. */
export type KnockOnCause = Pick<FailureDetail, 'rootCause' | 'facet' | 'facetsTitle' | 'profile' | 'member'>

/**
 * The fields of a resource an answer carries that its documented schema does not list (`data`,
 * or each item of a list), each with the root cause response_schema_conformance reports it under.
 * A check that sees such a field change reports that as a knock-on of it (see knockOnOf), not
 * as a difference of its own: what the field does is part of the field's finding.
 */
export function undocumentedFields(ctx: CheckContext, exchange: Exchange): Map<string, KnockOnCause> {
  const causes = new Map<string, KnockOnCause>()
  const operation = operationOf(ctx, exchange)
  const documented = operation && ctx.document.response(operation, exchange.response.status)
  if (!documented?.schemaPointer || exchange.response.json === undefined) return causes
  for (const violation of ctx.validator.violations(documented.schemaPointer, exchange.response.json)) {
    if (violation.keyword !== 'additionalProperties' || !violation.property) continue
    if (!/^\/data(\/\d+)?$/.test(violation.instancePath)) continue
    const { rootCause, facet, facetsTitle, profile, member } = violationFailure(ctx.document, exchange, violation, '')
    causes.set(violation.property, { rootCause, facet, facetsTitle, profile, ...(member ? { member } : {}) })
  }
  return causes
}

/** Reports what an undocumented field did as a knock-on of its finding (response_schema_conformance's). */
export function knockOnOf(
  ctx: CheckContext,
  cause: KnockOnCause,
  what: { title: string; received: string; documented: string; knockOn: string; exchange?: Exchange },
): void {
  const { title, ...detail } = what
  ctx.fail(title, { ...cause, ...detail, check: 'response_schema_conformance' })
}
