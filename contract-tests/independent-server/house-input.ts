import { FieldReader } from './field-reader.js'
import type { Conventions } from './house-conventions.js'
import { isObject } from './validate.js'

// A style's reading of a request body `{ <wrapper>: { …fields } }`: every problem found, each
// with its path from the body's root, a reason for people, and whether the input had the wrong
// shape (a type, a wrapper, an unknown field: `wrongType`'s status) or broke a rule (bounds, an
// enum, a missing field: `invalid`'s status). The style says what it does with unknown fields.

/** Why a field was refused, as GitHub's field codes name it. */
export type ProblemCode = 'missing_field' | 'invalid' | 'unknown_field' | 'wrong_type'

/** One problem of the input. */
export interface InputProblem {
  /** From the body's root: ['campaign', 'cpm']. */
  path: readonly string[]
  reason: string
  code: ProblemCode
}

/** Whether a problem is of the input's shape (true) or of a rule (false). */
export const isShapeProblem = (problem: InputProblem): boolean =>
  problem.code === 'wrong_type' || problem.code === 'unknown_field'

/** Reads a body's fields under its wrapper, by a style's rules, and collects the problems. */
export class HouseInput extends FieldReader {
  readonly problems: InputProblem[] = []
  protected readonly urlPattern = /^https?:\/\/[^\s/]+\S*$/

  /** `known`: every field the wrapper may hold (an unknown one is a problem where the style refuses them). */
  constructor(
    body: unknown,
    private readonly wrapper: string,
    known: readonly string[],
    unknownFields: Conventions['unknownFields'],
  ) {
    super()
    const inner = isObject(body) ? body[wrapper] : undefined
    if (!isObject(inner)) {
      this.add([wrapper], `must be an object holding the ${wrapper}'s fields`, 'wrong_type')
      return
    }
    if (unknownFields === 'refuse') {
      for (const key of Object.keys(body as object))
        if (key !== wrapper) this.add([key], 'is not a known field', 'unknown_field')
      for (const key of Object.keys(inner))
        if (!known.includes(key)) this.add([wrapper, key], 'is not a known field', 'unknown_field')
    }
    this.values = inner
  }

  /** Whether no known field was sent. */
  sentNothing(known: readonly string[]): boolean {
    return !known.some((name) => name in this.values)
  }

  /** A string, trimmed, of `min` to `max` characters. */
  text(name: string, { required = false, min = 0, max = 10_000 } = {}): string | undefined {
    const value = this.take(name, required)
    if (value === undefined) return undefined
    if (typeof value !== 'string') return this.add([this.wrapper, name], 'must be a string', 'wrong_type')
    const trimmed = value.trim()
    if (trimmed.length < min || trimmed.length > max) return this.fail(name, `must be ${min} to ${max} characters long`)
    return trimmed
  }

  /** A whole number above 0 and at most `max`. */
  integer(name: string, { required = false, max = Number.MAX_SAFE_INTEGER } = {}): number | undefined {
    const value = this.take(name, required)
    if (value === undefined) return undefined
    if (typeof value !== 'number' || !Number.isInteger(value))
      return this.add([this.wrapper, name], 'must be an integer', 'wrong_type')
    if (value <= 0 || value > max) return this.fail(name, `must be above 0 and at most ${max}`)
    return value
  }

  /** A cpm by the style's bounds: above 0, at most max, its decimals refused or rounded past the style's. */
  cpm(name: string, rule: Conventions['bounds']['cpm'], { required = false } = {}): number | undefined {
    const value = this.take(name, required)
    if (value === undefined) return undefined
    if (typeof value !== 'number' || !Number.isFinite(value))
      return this.add([this.wrapper, name], 'must be a number', 'wrong_type')
    let cpm = value
    if (rule.decimals !== null && !hasAtMostDecimals(value, rule.decimals)) {
      if (rule.beyond === 'refuse') return this.fail(name, `must have at most ${rule.decimals} decimals`)
      cpm = Math.round(value * 10 ** rule.decimals) / 10 ** rule.decimals
    }
    if (cpm <= 0 || cpm > rule.max) return this.fail(name, `must be above 0 and at most ${rule.max}`)
    return cpm
  }

  /** One of the given strings. */
  oneOf(name: string, allowed: readonly string[], { required = false } = {}): string | undefined {
    const value = this.take(name, required)
    if (value === undefined) return undefined
    if (typeof value !== 'string') return this.add([this.wrapper, name], 'must be a string', 'wrong_type')
    if (!allowed.includes(value)) return this.fail(name, `must be one of ${allowed.join(', ')}`)
    return value
  }

  /** Adds a problem of a field under the wrapper that the caller found (an advert that is not the caller's). */
  reject(name: string, reason: string): void {
    this.fail(name, reason)
  }

  /** A problem of a field under the wrapper; the shared readers (field-reader.ts) report through it. */
  protected fail(name: string, message: string): undefined {
    const code: ProblemCode =
      message === 'is required' ? 'missing_field' : message === 'must be true or false' ? 'wrong_type' : 'invalid'
    return this.add(name === '' ? [this.wrapper] : [this.wrapper, name], message, code)
  }

  private add(path: readonly string[], reason: string, code: ProblemCode): undefined {
    this.problems.push({ path, reason, code })
    return undefined
  }
}

/** Whether a number has at most this many decimals (with a float's tolerance). */
export function hasAtMostDecimals(value: number, decimals: number): boolean {
  const scaled = value * 10 ** decimals
  return Math.abs(scaled - Math.round(scaled)) < 1e-6
}
