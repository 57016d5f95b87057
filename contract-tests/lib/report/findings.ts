import { CHECK_NAMES } from '../checks/check-names.js'
import { UNDOCUMENTED } from '../checks/check.js'
import type { ContractFailure } from '../checks/contract-failure.js'
import { PROFILES } from '../document/profiles.js'
import { byOperation } from '../run/coverage.js'
import type { Finding, FindingFacet } from '../run/results.js'
import { resolveMemberCauses } from './member-causes.js'

/**
 * Groups failures by cause (ContractFailure.rootCause, whichever check reported them), in the
 * order each cause was first seen: one finding per cause. Its example is the failure of the check
 * that provoked the answer (a probe's over a response check's; for a schema's members, the schema's
 * own), and what other checks said of the same cause is attached to it as knock-ons, never counted
 * as findings of their own; nor is a failure marked as a knock-on ever the example unless nothing
 * else showed the cause. A finding whose failures name facets (the undocumented properties of one
 * schema) lists each with the operations it showed on, and its title names them all.
 * @example groupFindings(result.failures).map((finding) => `${finding.check}: ${finding.title} ×${finding.responses}`)
 */
export function groupFindings(failures: readonly ContractFailure[]): Finding[] {
  const groups = new Map<string, ContractFailure[]>()
  for (const failure of attachKnockOns(resolveMemberCauses(failures)))
    groups.set(failure.rootCause, [...(groups.get(failure.rootCause) ?? []), failure])
  return [...groups.values()].map(findingOf)
}

/**
 * Each failure that is a knock-on of a cause if the run shows it (ContractFailure.knockOnOf), put
 * under that cause when some other failure of the run has it, whichever came first; the others as they are.
 */
function attachKnockOns(failures: readonly ContractFailure[]): ContractFailure[] {
  const shown = new Set(failures.filter((failure) => !failure.knockOnOf).map((failure) => failure.rootCause))
  return failures.map((failure) => {
    const { knockOnOf } = failure
    if (!knockOnOf || !shown.has(knockOnOf.cause) || knockOnOf.cause === failure.rootCause) return failure
    return { ...failure, rootCause: knockOnOf.cause, knockOn: knockOnOf.says, aka: failure.rootCause }
  })
}

function findingOf(members: ContractFailure[]): Finding {
  const own = members.filter((failure) => failure.knockOn === undefined)
  const pool = own.length > 0 ? own : members
  const example = exampleOf(pool)
  const profile = PROFILES.find((candidate) => pool.some((failure) => failure.profile === candidate)) ?? example.profile
  const facets = facetsOf(members).map((facet) =>
    // A member answered in place of the missing one says so.
    example.rootCause.startsWith('member ') && facet.name !== example.member?.name
      ? { ...facet, name: `${facet.name} (in place of ${example.member?.name})` }
      : facet,
  )
  const others = pool.filter((failure) => failure.check !== example.check)
  return {
    check: example.check,
    profile,
    kind: profile === 'spec' ? 'spec' : example.kind,
    title: titleOf(example, facets, members),
    rootCause: example.rootCause,
    // A failure without a request (a flow's own verdict) counts as one response of its own.
    responses: new Set(members.map((failure) => failure.request ?? failure)).size,
    // Where the cause showed; a knock-on's place counts only when nothing else showed it.
    operations: sorted(pool.flatMap((failure) => (isRequest(failure) ? [] : [failure.operation]))),
    requests: sorted(pool.flatMap((failure) => (isRequest(failure) ? [requestOf(failure)] : []))),
    example,
    failures: members,
    facets,
    knockOns: unique([
      ...members.filter((failure) => failure.facet === undefined).map((failure) => failure.knockOn),
      ...otherChecks(others),
    ]),
  }
}

/**
 * The failure that shows the cause best: a schema's member for a members cause (the missing one,
 * when one is answered under another name); else that of the check that saw the cause on the most
 * operations (a 422 code everywhere, not the one delete that also met it), and among equals the one
 * latest in CHECK_NAMES (the probe or flow that provoked the answer, not the response check that
 * judges every answer); the first it reported.
 */
function exampleOf(pool: readonly ContractFailure[]): ContractFailure {
  const members = pool.filter((failure) => failure.member)
  if (members.length > 0) return members.find((failure) => failure.member?.side === 'missing') ?? members[0]!
  const reach = (check: string) =>
    new Set(pool.filter((failure) => failure.check === check).map((failure) => failure.where ?? failure.operation)).size
  const rank = (failure: ContractFailure) =>
    reach(failure.check) * CHECK_NAMES.length + CHECK_NAMES.indexOf(failure.check)
  const top = Math.max(...pool.map(rank))
  return pool.find((failure) => rank(failure) === top)!
}

/** The finding's title: a schema's members by name, a facet list's, or the example's own. */
function titleOf(example: ContractFailure, facets: readonly FindingFacet[], members: ContractFailure[]): string {
  const differences = members.flatMap((failure) => (failure.member ? [failure.member] : []))
  if (differences.length > 0 && example.member) {
    const names = (side: 'extra' | 'missing') =>
      unique(differences.filter((member) => member.side === side).map((member) => member.name))
    const [extra, missing] = [names('extra'), names('missing')]
    const { schema } = example.member
    if (example.rootCause.startsWith('member ') && missing.length === 1)
      return `Required property ${missing[0]} is missing`
    if (missing.length === 0)
      return extra.length === 1
        ? `Undocumented property ${extra[0]}`
        : `Undocumented properties of ${schema}: ${extra.join(', ')}`
    if (extra.length === 0)
      return missing.length === 1
        ? `Required property ${missing[0]} is missing`
        : `Required properties of ${schema} are missing: ${missing.join(', ')}`
    return `Members of ${schema}: undocumented ${extra.join(', ')}; missing ${missing.join(', ')}`
  }
  return facets.length > 1 && example.facetsTitle
    ? `${example.facetsTitle} ${facets.map((facet) => facet.name).join(', ')}`
    : example.title
}

/** What other checks said of the same cause, once per check and title: `status_code_conformance: Undocumented status 409 (DELETE /adverts/{id})`. */
function otherChecks(others: readonly ContractFailure[]): string[] {
  const said = new Map<string, ContractFailure[]>()
  for (const failure of others) {
    const key = `${failure.check}: ${failure.title}`
    said.set(key, [...(said.get(key) ?? []), failure])
  }
  return [...said].map(([key, list]) => {
    const places = sorted(list.map((failure) => (isRequest(failure) ? requestOf(failure) : failure.operation)))
    return `${key} (${places.length > 3 ? `${places.slice(0, 3).join(', ')} and ${places.length - 3} more` : places.join(', ')})`
  })
}

/** Each facet the failures name, with the operations it showed on (knock-ons aside) and its knock-ons. */
function facetsOf(failures: readonly ContractFailure[]): FindingFacet[] {
  const names = unique(failures.map((failure) => failure.facet))
  return names.map((name) => {
    const facet = failures.filter((failure) => failure.facet === name)
    const shown = facet.filter((failure) => failure.knockOn === undefined)
    return {
      name,
      operations: sorted(shown.map((failure) => (isRequest(failure) ? requestOf(failure) : failure.operation))),
      knockOns: unique(facet.map((failure) => failure.knockOn)),
    }
  })
}

/** Whether a failure showed in a request that reached no documented operation. */
function isRequest(failure: ContractFailure): boolean {
  return failure.where !== undefined || failure.operation.endsWith(UNDOCUMENTED)
}

function requestOf(failure: ContractFailure): string {
  return (failure.where ?? failure.operation).replace(UNDOCUMENTED, '')
}

function sorted(labels: readonly string[]): string[] {
  return [...new Set(labels)].sort(byOperation)
}

function unique(values: ReadonlyArray<string | undefined>): string[] {
  return [...new Set(values.filter((value): value is string => value !== undefined))]
}
