import { FieldReader } from './field-reader.js'
import { isObject } from './validate.js'

// The second set's input checks: a body is `{ <wrapper>: { …fields } }` and nothing else, every
// field known (an unknown one is refused, by name), and each problem named by its path below the
// wrapper with a detail: `{ path: 'cpm', detail: 'must be at most 500' }`.

/** One problem with the input, as a 400 lists them. */
export interface Problem {
  path: string
  detail: string
}

/** Reads a body's fields under its wrapper, refusing unknown ones, and collects the problems. */
export class SecondInput extends FieldReader {
  readonly problems: Problem[] = []
  // A host must follow the scheme.
  protected readonly urlPattern = /^https?:\/\/[^\s/]+\S*$/

  /** `known`: every field the wrapper may hold. */
  constructor(body: unknown, wrapper: string, known: readonly string[]) {
    super()
    if (!isObject(body)) {
      this.problems.push({ path: '', detail: `must be a JSON object holding "${wrapper}"` })
      return
    }
    for (const key of Object.keys(body)) if (key !== wrapper) this.unknown(key)
    const inner = body[wrapper]
    if (!isObject(inner)) {
      this.problems.push({ path: wrapper, detail: 'must be an object' })
      return
    }
    for (const key of Object.keys(inner)) if (!known.includes(key)) this.unknown(key)
    this.values = inner
  }

  /** Whether no field was sent. */
  get empty(): boolean {
    return Object.keys(this.values).length === 0
  }

  /** A string, trimmed, of `min` to `max` characters. */
  text(name: string, { required = false, min = 0, max = 10_000 } = {}): string | undefined {
    const value = this.take(name, required)
    if (value === undefined) return undefined
    if (typeof value !== 'string') return this.fail(name, 'must be a string')
    const trimmed = value.trim()
    if (trimmed.length < min) return this.fail(name, `must have at least ${min} characters`)
    if (trimmed.length > max) return this.fail(name, `must have at most ${max} characters`)
    return trimmed
  }

  /** A number above 0 and at most `max`: whole, or with at most `decimals` decimals. */
  number(name: string, { required = false, max = Number.MAX_SAFE_INTEGER, decimals = 0 } = {}): number | undefined {
    const value = this.take(name, required)
    if (value === undefined) return undefined
    if (typeof value !== 'number' || !Number.isFinite(value)) return this.fail(name, 'must be a number')
    const scaled = value * 10 ** decimals
    if (Math.abs(scaled - Math.round(scaled)) > 1e-6)
      return this.fail(name, decimals === 0 ? 'must be a whole number' : `must have at most ${decimals} decimals`)
    if (value <= 0 || value > max) return this.fail(name, `must be above 0 and at most ${max}`)
    return value
  }

  /** One of the given strings. */
  oneOf(name: string, allowed: readonly string[], { required = false } = {}): string | undefined {
    const value = this.take(name, required)
    if (value === undefined) return undefined
    if (typeof value !== 'string' || !allowed.includes(value))
      return this.fail(name, `must be one of ${allowed.join(', ')}`)
    return value
  }

  /** Adds a problem of this field (one the caller found). */
  fail(path: string, detail: string): undefined {
    this.problems.push({ path, detail })
    return undefined
  }

  private unknown(key: string): void {
    this.problems.push({ path: key, detail: 'is not a known field' })
  }
}

/** A query parameter that must be a whole number from `min` to `max` when present. */
export function queryNumber(
  query: URLSearchParams,
  name: string,
  min: number,
  problems: Problem[],
  max = Number.MAX_SAFE_INTEGER,
): number | undefined {
  const raw = query.get(name)
  if (raw === null) return undefined
  const value = /^\d{1,16}$/.test(raw) ? Number(raw) : Number.NaN
  if (!(value >= min && value <= max))
    problems.push({ path: name, detail: `must be a whole number from ${min} to ${max}` })
  return value
}
