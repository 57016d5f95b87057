// What both sets' readers of a body's fields share: the fields under the wrapper, the required
// check, and the fields whose rules both sets chose alike (an e-mail, a boolean, a URL). Each set
// says how it reads a string, a number and an enum, and how it records a problem (validate.ts'
// Fields, second-validate.ts' SecondInput).

/** Reads the fields under a body's wrapper; a subclass records what is wrong with them. */
export abstract class FieldReader {
  /** The fields under the wrapper; none until the subclass has found them. */
  protected values: Record<string, unknown> = {}
  /** What an http(s) URL must match: each set has its own. */
  protected abstract readonly urlPattern: RegExp

  /** A string, trimmed, of `min` to `max` characters. */
  abstract text(name: string, options?: { required?: boolean; min?: number; max?: number }): string | undefined

  /** Records a problem of this field; undefined, for `return this.fail(…)`. */
  protected abstract fail(name: string, message: string): undefined

  /** An e-mail address of at most 254 characters. */
  email(name: string, { required = false } = {}): string | undefined {
    const value = this.text(name, { required, max: 254 })
    if (value === undefined || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return value
    return this.fail(name, 'must be an e-mail address')
  }

  /** A boolean. */
  flag(name: string): boolean | undefined {
    const value = this.take(name, false)
    if (value === undefined || typeof value === 'boolean') return value
    return this.fail(name, 'must be true or false')
  }

  /** An http(s) URL of at most 2048 characters, or null. */
  url(name: string): string | null | undefined {
    const value = this.take(name, false)
    if (value === undefined || value === null) return value
    if (typeof value !== 'string' || value.length > 2048 || !this.urlPattern.test(value))
      return this.fail(name, 'must be an http(s) URL or null')
    return value
  }

  /** The field's value; a missing required one is recorded. */
  protected take(name: string, required: boolean): unknown {
    const value = this.values[name]
    if (value === undefined && required) this.fail(name, 'is required')
    return value
  }
}
