import { causeKey } from '../checks/causes.js'
import type { ContractFailure, MemberDifference } from '../checks/contract-failure.js'

/** Names that say a member holds a list's position or its links to other pages. */
const PAGING =
  /^(pages?|per_?page|page_?size|size|limit|offset|total|total_?(count|pages)|count|next|prev|previous|first|last|last_page|current_page|from|to|links|meta|has_more|cursor|next_cursor|starting_after|ending_before)$/i

/** Names that say a member holds the problems of invalid input. */
const PROBLEMS = /^(fields|details|errors|problems|invalid[_-]params|violations|issues)$/i

/**
 * Tells a member answered under another name from members merely added or left out: a schema's
 * missing member and the undocumented ones that play its role (an object or a list of objects
 * with keys in common with it, the list's paging under `meta` and `links`, the problems of
 * invalid input under `details`) are one cause of their own, `member <schema> <name>`: the
 * paging object's key, the problem list's key. The other members a schema adds stay its
 * `members <schema> extra` cause, those it lacks its `members <schema> missing`. Gives the failures
 * back with their causes so resolved.
 * @example const resolved = resolveMemberCauses(result.failures) // `meta` joins `pagination`'s cause, `object` stays its schema's
 */
export function resolveMemberCauses(failures: readonly ContractFailure[]): ContractFailure[] {
  const renamed = new Map<string, string>()
  const schemas = new Map<string, { missing: MemberDifference[]; extra: MemberDifference[] }>()
  for (const failure of failures) {
    const { member } = failure
    // An error body's own members are its shape, one cause whatever plays what.
    if (!member || failure.rootCause === causeKey.errorShape) continue
    const sides = schemas.get(member.schema) ?? { missing: [], extra: [] }
    const list = sides[member.side]
    if (!list.some((known) => known.name === member.name)) list.push(member)
    schemas.set(member.schema, sides)
  }
  for (const [schema, { missing, extra }] of schemas) {
    const taken = new Set<string>()
    for (const absent of missing) {
      const players = extra.filter((candidate) => !taken.has(candidate.name) && playsRole(absent, candidate))
      if (players.length === 0) continue
      const key = causeKey.renamed(schema, absent.name)
      renamed.set(`${schema}\u0000missing\u0000${absent.name}`, key)
      for (const player of players) {
        taken.add(player.name)
        renamed.set(`${schema}\u0000extra\u0000${player.name}`, key)
      }
    }
  }
  return failures.map((failure) => {
    const { member } = failure
    const key = member && renamed.get(`${member.schema}\u0000${member.side}\u0000${member.name}`)
    return key ? { ...failure, rootCause: key, aka: failure.rootCause } : failure
  })
}

/** Whether an undocumented member holds what a missing one should: the same kind of value, sharing keys, or the same role. */
function playsRole(absent: MemberDifference, candidate: MemberDifference): boolean {
  const [want, got] = [absent.shape, candidate.shape]
  const shared = got.keys.filter((key) => want.keys.includes(key)).length
  if (want.type === 'object' && PAGING.test(absent.name) === false && isPagingObject(want.keys))
    return (got.type === 'object' && (shared > 0 || isPagingObject(got.keys))) || PAGING.test(candidate.name)
  if (want.type === 'array:object' && PROBLEMS.test(absent.name))
    return (got.type === 'array:object' || got.type === 'object') && PROBLEMS.test(candidate.name)
  return want.type === got.type && want.type.includes('object') && shared > 0
}

/** Whether an object's keys are a list's position (`page`, `per_page`, `total_count`, …). */
function isPagingObject(keys: readonly string[]): boolean {
  return keys.filter((key) => PAGING.test(key)).length >= 2
}

/** The shape of a value, as MemberDifference keeps it. */
export function shapeOfValue(value: unknown): MemberDifference['shape'] {
  if (Array.isArray(value)) {
    const first = value.find((item) => item !== null && item !== undefined)
    const inner = shapeOfValue(first)
    return { type: `array:${inner.type}`, keys: inner.keys }
  }
  if (value !== null && typeof value === 'object') return { type: 'object', keys: Object.keys(value) }
  return { type: value === null ? 'null' : typeof value, keys: [] }
}

/** The shape a schema documents for a member's value. */
export function shapeOfSchema(schema: unknown): MemberDifference['shape'] {
  const node = (schema ?? {}) as Record<string, unknown>
  const type = Array.isArray(node.type) ? node.type.find((t) => t !== 'null') : node.type
  if (type === 'array' || node.items) {
    const inner = shapeOfSchema(node.items)
    return { type: `array:${inner.type}`, keys: inner.keys }
  }
  if (type === 'object' || node.properties) return { type: 'object', keys: Object.keys(node.properties ?? {}) }
  return { type: typeof type === 'string' ? (type === 'integer' ? 'number' : type) : 'unknown', keys: [] }
}
