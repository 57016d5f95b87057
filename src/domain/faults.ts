import type { ErrorRule, FaultSettings, FaultStatus } from '../schemas/control-plane.js'
import { createRandom, type Random } from './random.js'

/** A forced error chosen for a request, and why. */
export interface ForcedError {
  status: FaultStatus
  /** e.g. `fault rule 1 (rate 0.5)` or `Prefer: code=503`. */
  reason: string
}

/** The fault settings in force, with their seeded random draws. */
export interface Faults {
  readonly settings: FaultSettings
  /**
   * Whether any latency or error rule is set: a plain field, kept in step by `configure`, so a
   * request without faults reads one value and runs nothing of this module.
   */
  readonly active: boolean
  /** Replaces the settings and restarts the random sequence from their seed. */
  configure(settings: FaultSettings): void
  /** Milliseconds to hold the next response: fixed, or drawn from the range. */
  latencyMs(): number
  /** The error to force on a request, if a rule matches and fires. */
  forcedError(method: string, path: string, template?: string): ForcedError | undefined
}

/** Settings with no latency and no errors. */
export const NO_FAULTS: FaultSettings = { latency: null, errors: [], seed: 1 }

/**
 * Creates the fault injector. Draws come from a seeded generator, so the same settings
 * and the same requests give the same faults on every run.
 * @example createFaults({ latency: { min_ms: 50, max_ms: 200 }, errors: [{ status: 503, rate: 0.1 }], seed: 7 })
 */
export function createFaults(initial: FaultSettings = NO_FAULTS): Faults {
  let settings = initial
  let random: Random = createRandom(initial.seed)
  let rules = initial.errors.map(compileRule)
  // `active` is written here only; to everyone else it is read-only.
  const faults: { -readonly [Key in keyof Faults]: Faults[Key] } = {
    get settings() {
      return settings
    },
    active: isActive(initial),
    configure(next) {
      settings = next
      random = createRandom(next.seed)
      rules = next.errors.map(compileRule)
      faults.active = isActive(next)
    },
    latencyMs() {
      const { latency } = settings
      if (!latency) return 0
      const max = latency.max_ms ?? latency.min_ms
      return latency.min_ms + Math.floor(random() * (max - latency.min_ms + 1))
    },
    forcedError(method, path, template) {
      for (const [index, rule] of rules.entries()) {
        if (!rule.matches(method, path, template)) continue
        // A rate of 0 or 1 draws nothing, so adding such a rule leaves other rules' sequence alone.
        if (rule.rate >= 1 || (rule.rate > 0 && random() < rule.rate)) {
          return { status: rule.status, reason: `fault rule ${index + 1} (rate ${rule.rate})` }
        }
      }
      return undefined
    },
  }
  return faults
}

/** Whether settings hold any latency or error rule. */
function isActive({ latency, errors }: FaultSettings): boolean {
  return latency !== null || errors.length > 0
}

function compileRule(rule: ErrorRule) {
  const pattern = rule.path === undefined ? undefined : pathPattern(rule.path)
  return {
    ...rule,
    matches: (method: string, path: string, template?: string) =>
      (rule.method === undefined || rule.method === method.toUpperCase()) &&
      (pattern === undefined || pattern.test(path) || (template !== undefined && pattern.test(template))),
  }
}

/**
 * Compiles a route pattern: `*` matches within one segment, `**` across segments, `{name}` one
 * non-empty segment. @example pathPattern('/campaigns/*').test('/campaigns/7') // true
 */
export function pathPattern(pattern: string): RegExp {
  const source = pattern
    .split(/(\*\*|\*|\{\w+\})/)
    .map((part) => {
      if (part === '**') return '.*'
      if (part === '*') return '[^/]*'
      if (/^\{\w+\}$/.test(part)) return '[^/]+'
      return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')
    })
    .join('')
  return new RegExp(`^${source}$`)
}
