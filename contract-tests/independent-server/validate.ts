import { FieldReader } from './field-reader.js'

/** One field that failed, as 422 answers list them. */
export interface FieldError {
  field: string
  message: string
}

/** Reads a request body's fields and collects what is wrong with them; unknown fields are ignored. */
export class Fields extends FieldReader {
  readonly errors: FieldError[] = []
  protected readonly urlPattern = /^https?:\/\/[^\s]+$/

  /** `wrapper` is the one key the body holds its fields under (`campaign`, `advert`, `user`). */
  constructor(
    body: unknown,
    private readonly wrapper: string,
  ) {
    super()
    const inner = isObject(body) ? body[wrapper] : undefined
    if (!isObject(inner))
      this.errors.push({ field: wrapper, message: `must be an object holding the ${wrapper}'s fields` })
    this.values = isObject(inner) ? inner : {}
  }

  /** Whether the body sent this field. */
  has(name: string): boolean {
    return name in this.values
  }

  /** A string, trimmed, of at most `max` characters (and at least `min`). */
  text(name: string, { required = false, min = 0, max = 10_000 } = {}): string | undefined {
    const value = this.take(name, required)
    if (value === undefined) return undefined
    if (typeof value !== 'string') return this.fail(name, 'must be a string')
    const trimmed = value.trim()
    if (trimmed.length < min || trimmed.length > max) return this.fail(name, `must be ${min} to ${max} characters long`)
    return trimmed
  }

  /** A number within (min, max]; `integer` when it must be whole. */
  number(
    name: string,
    { required = false, above = 0, max = Number.MAX_SAFE_INTEGER, integer = false } = {},
  ): number | undefined {
    const value = this.take(name, required)
    if (value === undefined) return undefined
    if (typeof value !== 'number' || !Number.isFinite(value) || (integer && !Number.isInteger(value)))
      return this.fail(name, `must be ${integer ? 'an integer' : 'a number'}`)
    if (value <= above || value > max) return this.fail(name, `must be more than ${above} and at most ${max}`)
    return value
  }

  /** One of the given strings. */
  oneOf<T extends string>(name: string, allowed: readonly T[], { required = false } = {}): T | undefined {
    const value = this.take(name, required)
    if (value === undefined) return undefined
    if (!allowed.includes(value as T)) return this.fail(name, `must be one of ${allowed.join(', ')}`)
    return value as T
  }

  protected fail(name: string, message: string): undefined {
    this.errors.push({ field: `${this.wrapper}.${name}`, message })
    return undefined
  }
}

/** A query parameter that must be a whole number from `min` to `max` when present. */
export function queryInteger(
  query: URLSearchParams,
  name: string,
  min: number,
  max: number,
  errors: FieldError[],
): number | undefined {
  const raw = query.get(name)
  if (raw === null) return undefined
  const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN
  if (!(value >= min && value <= max))
    errors.push({ field: name, message: `must be a whole number from ${min} to ${max}` })
  return value
}

/** Whether a value is a plain object. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}
