import type { Exchange } from '../client/exchange.js'
import { consistencyFacts, selfFact, type ConsistencyFact } from '../document/document-consistency.js'
import type { DocumentedOperation } from '../document/document.js'
import { isSuccess, type RunContext } from './check.js'
import { pathOf } from './probe.js'
import { StampPrecision } from './stamp-precision.js'

/** One resource as one answer reported it, in the field names of the operation that reads it. */
export interface Sighting {
  /** The account and the resource's own path: `primary /campaigns/12`. */
  key: string
  fact: ConsistencyFact
  /** `write`: the state after a write to this resource; `before`: the state a delete removed; `read` otherwise. */
  kind: 'read' | 'write' | 'before'
  fields: Record<string, unknown>
  /** The answer's data that holds it (the item, for a list): where an embedded resource's id field is. */
  holder: Record<string, unknown>
  exchange: Exchange
  /** Its position in the run's history, and among all sightings. */
  index: number
  order: number
}

/**
 * Every resource the run's answers reported, in order, and every write: built from the run's
 * history as the document's `x-consistency` facts read it, so that checks can compare a sighting
 * with the one before it and know whether a write came between.
 */
export class ResourceLedger {
  private readonly sightings: Sighting[] = []
  private readonly byExchange = new Map<Exchange, Sighting[]>()
  /** Indexes of accepted writes, by account and path (a write to `/campaigns/12/toggle` touches `/campaigns/12` too). */
  private readonly touches = new Map<string, number[]>()
  private seen = 0
  /** How finely the deployment stamps each field of each resource, by read operation and field. */
  private readonly precision = new StampPrecision()

  constructor(private readonly ctx: RunContext) {}

  /** The finest unit (ms) the answers so far showed for a timestamp field of what `read` answers. */
  unitOf(read: DocumentedOperation, field: string): number | undefined {
    this.catchUp()
    return this.precision.unitMs(`${read.label} ${field}`)
  }

  /** The last sighting so far of one resource (`primary /campaigns/12`), embedded ones aside. */
  lastOf(key: string): Sighting | undefined {
    this.catchUp()
    return this.sightings.findLast((sighting) => sighting.key === key && !sighting.fact.at)
  }

  /** What an exchange of the history reported (reading the history up to it first). */
  of(exchange: Exchange): Sighting[] {
    this.catchUp()
    return this.byExchange.get(exchange) ?? []
  }

  /** The last sighting of the same resource before this one, not an embedded one; with `having`, the last that reports that field. */
  previous(sighting: Sighting, having?: string): Sighting | undefined {
    return this.sightings.findLast(
      (other) =>
        other.order < sighting.order &&
        other.key === sighting.key &&
        !other.fact.at &&
        (having === undefined || having in other.fields),
    )
  }

  /** The last sighting so far of what `read` answers for an account, among those that report `field`. */
  latest(account: string, read: DocumentedOperation, field: string): Sighting | undefined {
    this.catchUp()
    return this.sightings.findLast(
      (sighting) =>
        sighting.fact.read === read &&
        !sighting.fact.at &&
        sighting.key.startsWith(`${account} `) &&
        field in sighting.fields,
    )
  }

  /** Whether an accepted write to the resource came strictly between two sightings (or the earlier one was its delete). */
  writtenBetween(earlier: Sighting, later: Sighting): boolean {
    if (earlier.kind === 'before') return true
    return (this.touches.get(later.key) ?? []).some((index) => index > earlier.index && index < later.index)
  }

  private catchUp(): void {
    const { history } = this.ctx.state
    for (const exchange of history.slice(this.seen)) {
      this.read(exchange, this.seen)
      this.seen++
    }
  }

  private read(exchange: Exchange, index: number): void {
    // An echo is judged against the read it repeats, by repeatable_read alone.
    if (!isSuccess(exchange.response.status) || exchange.echo) return
    const account = accountOf(exchange)
    if (exchange.request.method !== 'GET') {
      // A wrongly accepted write with a bad key landed somewhere: most likely the run's own account.
      const owner = account ?? 'primary'
      for (let path = pathOf(this.ctx, exchange); path.length > 1; path = path.replace(/\/[^/]*$/, '') || '/')
        this.touch(`${owner} ${path}`, index)
    }
    const operation = exchange.operation ? this.ctx.document.get(exchange.operation) : undefined
    const data = (exchange.response.json as { data?: unknown } | undefined)?.data
    if (!operation || !account || !data || typeof data !== 'object') return
    const facts = consistencyFacts(this.ctx.document, operation)
    const self = selfFact(facts, operation)
    const found: Sighting[] = []
    for (const holder of (Array.isArray(data) ? data : [data]).filter(isObject)) {
      if (this.deletedBefore(account, self, holder, exchange, index)) continue
      for (const fact of facts) {
        const resource = fact.at ? holder[fact.at] : holder
        const path = readPath(fact, holder)
        if (!isObject(resource) || path === undefined) continue
        const fields = Object.fromEntries(
          Object.entries(fact.fields)
            .filter(([here]) => here in resource)
            .map(([here, there]) => [there, resource[here]]),
        )
        for (const [field, value] of Object.entries(fields))
          this.precision.observe(`${fact.read.label} ${field}`, value)
        const write = fact === self && exchange.request.method !== 'GET'
        const kind = write ? (fact.state === 'before' ? 'before' : 'write') : 'read'
        found.push({
          key: `${account} ${path}`,
          fact,
          kind,
          fields,
          holder,
          exchange,
          index,
          order: this.sightings.length + found.length,
        })
      }
    }
    this.sightings.push(...found)
    this.byExchange.set(exchange, found)
  }

  /**
   * Whether a read answered a resource the run had already deleted (a deployment that still lists
   * it): no fact of it is compared, it is deleted_resource_unlisted's.
   */
  private deletedBefore(
    account: string,
    self: ConsistencyFact | undefined,
    holder: Record<string, unknown>,
    exchange: Exchange,
    index: number,
  ): boolean {
    const path = self && readPath(self, holder)
    const deletedAt = path === undefined ? undefined : this.ctx.state.deleted.get(`${account} ${path}`)
    return exchange.request.method === 'GET' && deletedAt !== undefined && deletedAt < index
  }

  private touch(key: string, index: number): void {
    this.touches.set(key, [...(this.touches.get(key) ?? []), index])
  }
}

const ledgers = new WeakMap<object, ResourceLedger>()

/** The run's ledger (one per run, shared by the checks that read it). */
export function ledgerOf(ctx: RunContext): ResourceLedger {
  let ledger = ledgers.get(ctx.state)
  if (!ledger) ledgers.set(ctx.state, (ledger = new ResourceLedger(ctx)))
  return ledger
}

/** Whose resources an exchange saw: the run's keys by role, another key by its masked value; none for no key or a bad one. */
export function accountOf(exchange: Exchange): string | undefined {
  if (exchange.credentials === 'primary' || exchange.credentials === 'second') return exchange.credentials
  if (exchange.credentials === 'other') return `key ${exchange.request.headers.authorization ?? ''}`
  return undefined
}

/** The path the fact's read would be sent to, its parameters filled from the holder's fields. */
function readPath(fact: ConsistencyFact, holder: Record<string, unknown>): string | undefined {
  let missing = false
  const path = fact.read.path.replace(/\{(\w+)\}/g, (_whole, param: string) => {
    const value = holder[fact.params[param] ?? param]
    if (typeof value !== 'number' && typeof value !== 'string') missing = true
    return String(value)
  })
  return missing ? undefined : path
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

/** Two field values as the API would compare them. */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}
