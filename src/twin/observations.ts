import { DEFAULT_PROFILE, Profile } from '../profile/profile.js'
import type { Evidence, LearnedChoice } from '../profile/twin-file.js'
import { CHOICES, defaultValue, type ChoicePath, withChoice } from './choice-catalogue.js'

// What the probes saw, choice by choice, and what it makes of them: a choice seen one way is
// learned, seen two ways is conflicting (the default kept), never seen keeps the default with the
// reason a probe gave. A learned value a profile cannot hold keeps the default too, and says so.

/** How many pieces of evidence a learned choice keeps (the first ones). */
const EVIDENCE_KEPT = 3

/** What the probes saw of each choice. */
export class Observations {
  private readonly seen = new Map<ChoicePath, { value: unknown; evidence: Evidence[] }[]>()
  private readonly reasons = new Map<ChoicePath, { reason: string; evidence: Evidence[] }>()
  private readonly notes = new Map<ChoicePath, string[]>()

  /**
   * The deployment showed this value of a choice. Seen again with another value, the choice is conflicting.
   * @example observations.learn('lists.defaultPerPage', 20, evidence)
   */
  learn(path: ChoicePath, value: unknown, ...evidence: Evidence[]): void {
    const list = this.seen.get(path) ?? []
    list.push({ value, evidence })
    this.seen.set(path, list)
  }

  /** The choice could not be learned, and why (the first reason given is kept). */
  cannot(path: ChoicePath, reason: string, ...evidence: Evidence[]): void {
    if (!this.reasons.has(path)) this.reasons.set(path, { reason, evidence })
  }

  /**
   * A choice learned wider than the probes saw it, because a captured record holds more (another
   * broadcasting type, more decimals): every sighting now says this value, the record its evidence.
   */
  widen(path: ChoicePath, value: unknown, evidence: Evidence): void {
    const seen = this.seen.get(path) ?? []
    this.seen.set(path, [...seen.map((sighting) => ({ ...sighting, value })), { value, evidence: [evidence] }])
    this.reasons.delete(path)
  }

  /** Something the table says beside a choice, whatever became of it (what a template kept as it came). */
  note(path: ChoicePath, text: string): void {
    this.notes.set(path, [...(this.notes.get(path) ?? []), text])
  }

  /** The value a choice was seen with, where it was seen one way. */
  valueOf(path: ChoicePath): unknown {
    const values = new Set((this.seen.get(path) ?? []).map(({ value }) => keyOf(value)))
    return values.size === 1 ? this.seen.get(path)?.[0]?.value : undefined
  }

  /** Whether a value has been seen for a choice. */
  has(path: ChoicePath): boolean {
    return this.seen.has(path)
  }

  /** Every choice of the catalogue, learned, conflicting or kept at the default with the reason. */
  choices(): LearnedChoice[] {
    return CHOICES.map(({ path }) => {
      const choice = this.choice(path)
      const notes = this.notes.get(path)
      return notes ? { ...choice, note: notes.join('; ') } : choice
    })
  }

  private choice(path: ChoicePath): LearnedChoice {
    const seen = this.seen.get(path) ?? []
    const distinct = new Map<string, { value: unknown; evidence: Evidence[] }>()
    for (const sighting of seen) if (!distinct.has(keyOf(sighting.value))) distinct.set(keyOf(sighting.value), sighting)
    if (distinct.size > 1) {
      const values = [...distinct.values()]
      return {
        path,
        value: defaultValue(path),
        learned: 'conflicting',
        evidence: values.flatMap(({ evidence }) => evidence.slice(0, 1)),
        reason: `answered ${values.length} ways: ${values.map(({ value }) => show(value)).join(' and ')}; the default is kept`,
      }
    }
    const [only] = distinct.values()
    if (only) {
      const problem = unholdable(path, only.value)
      const evidence = seen.flatMap((sighting) => sighting.evidence).slice(0, EVIDENCE_KEPT)
      if (!problem) return { path, value: only.value, learned: 'learned', evidence }
      return { path, value: defaultValue(path), learned: 'default', evidence, reason: problem }
    }
    const why = this.reasons.get(path)
    return {
      path,
      value: defaultValue(path),
      learned: 'default',
      evidence: why?.evidence ?? [],
      reason: why?.reason ?? 'no probe answered it',
    }
  }
}

/**
 * The profile the choices make: the default's, with every learned value in its place.
 * @example profileOf(observations.choices()).lists.defaultPerPage // 20
 */
export function profileOf(choices: readonly LearnedChoice[]): Profile {
  let profile = structuredClone(DEFAULT_PROFILE)
  for (const choice of choices)
    if (choice.learned === 'learned') profile = withChoice(profile, choice.path, choice.value)
  // A kind whose body is the general one needs no body of its own.
  const general = JSON.stringify(profile.errors.body)
  for (const [code, body] of Object.entries(profile.errors.bodies))
    if (JSON.stringify(body) === general) delete profile.errors.bodies[code as keyof typeof profile.errors.bodies]
  return Profile.parse(profile)
}

/** Why a profile cannot hold this value of a choice, or undefined when it can. */
function unholdable(path: ChoicePath, value: unknown): string | undefined {
  const checked = Profile.safeParse(withChoice(DEFAULT_PROFILE, path, value))
  if (checked.success) return undefined
  const issue = checked.error.issues[0]
  return `saw ${show(value)}, which a profile cannot hold (${issue?.message ?? 'invalid'}): the default is kept`
}

/** A value as one short piece of text: strings bare, the rest as JSON. */
export function show(value: unknown): string {
  if (typeof value === 'string') return value
  return JSON.stringify(value) ?? String(value)
}

/** A value as JSON with its keys sorted: two values are the same choice when this is. */
export function keyOf(value: unknown): string {
  return JSON.stringify(value, (_key, node: unknown) =>
    node && typeof node === 'object' && !Array.isArray(node)
      ? Object.fromEntries(Object.entries(node).sort(([a], [b]) => a.localeCompare(b)))
      : node,
  )
}
