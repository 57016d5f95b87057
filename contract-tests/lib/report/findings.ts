import type { ContractFailure } from '../checks/contract-failure.js'
import { byOperation } from '../run/coverage.js'
import type { Finding, FindingFacet } from '../run/results.js'

/**
 * Groups failures by root cause, in the order each was first seen. A finding whose failures name
 * facets (the undocumented properties of one schema) lists each with the operations it showed
 * on, and its title names them all; knock-on effects are attached to their cause, never a
 * finding of their own, and never its example unless nothing else showed the cause.
 * @example groupFindings(result.failures).map((finding) => `${finding.check}: ${finding.title} ×${finding.responses}`)
 */
export function groupFindings(failures: readonly ContractFailure[]): Finding[] {
  const groups = new Map<string, ContractFailure[]>()
  for (const failure of failures) {
    const key = `${failure.check}\u0000${failure.profile}\u0000${failure.rootCause}`
    groups.set(key, [...(groups.get(key) ?? []), failure])
  }
  return [...groups.values()].map((members) => {
    const example = members.find((failure) => failure.knockOn === undefined) ?? members[0]!
    const facets = facetsOf(members)
    const title =
      facets.length > 1 && example.facetsTitle
        ? `${example.facetsTitle} ${facets.map((facet) => facet.name).join(', ')}`
        : example.title
    return {
      check: example.check,
      profile: example.profile,
      title,
      rootCause: example.rootCause,
      // A failure without a request (a flow's own verdict) counts as one response of its own.
      responses: new Set(members.map((failure) => failure.request ?? failure)).size,
      // Where the cause showed; a knock-on's operation counts only when nothing else showed it.
      operations: operationsOf(
        members.some((f) => f.knockOn === undefined) ? members.filter((f) => f.knockOn === undefined) : members,
      ),
      example,
      failures: members,
      facets,
      knockOns: unique(members.filter((f) => f.facet === undefined).map((f) => f.knockOn)),
    }
  })
}

/** Each facet the failures name, with the operations it showed on (knock-ons aside) and its knock-ons. */
function facetsOf(failures: readonly ContractFailure[]): FindingFacet[] {
  const names = unique(failures.map((failure) => failure.facet))
  return names.map((name) => {
    const own = failures.filter((failure) => failure.facet === name)
    return {
      name,
      operations: operationsOf(own.filter((failure) => failure.knockOn === undefined)),
      knockOns: unique(own.map((failure) => failure.knockOn)),
    }
  })
}

function operationsOf(failures: readonly ContractFailure[]): string[] {
  return [...new Set(failures.map((failure) => failure.operation))].sort(byOperation)
}

function unique(values: ReadonlyArray<string | undefined>): string[] {
  return [...new Set(values.filter((value): value is string => value !== undefined))]
}
