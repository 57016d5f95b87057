import type { RateLimitDecision } from '../domain/rate-limit.js'
import { WINDOW_SECONDS } from '../domain/rate-limit.js'
import { DEFAULT_PROFILE, type HeaderChoice, type RateLimitChoices } from '../profile/profile.js'
import { placeholdersOf } from '../profile/template.js'
import { compileText, fillText, type SlotValues } from './render-template.js'

// The rate-limit headers under a profile: each header's value is a text with slots, filled from the
// limiter's decision; the document describes each from its slots.

/** What the document says of a header slot: its meaning, an example, and the least value a number slot takes. */
export const HEADER_SLOT_DOCS: Readonly<
  Record<string, { description: string; example: number | string; minimum?: number }>
> = {
  limit: {
    description: 'Requests admitted in the window closest to exhaustion (per minute or per UTC day).',
    example: 300,
    minimum: 1,
  },
  remaining: { description: 'Requests left in that window, this one already counted.', example: 299, minimum: 0 },
  used: { description: 'Requests counted in that window, this one included.', example: 1, minimum: 0 },
  reset: {
    description: 'When that window starts again from zero, in Unix epoch seconds (integer).',
    example: 1767225660,
    minimum: 0,
  },
  reset_after: { description: 'Seconds until that window starts again from zero.', example: 42, minimum: 0 },
  window: { description: "That window's length in seconds.", example: 60, minimum: 1 },
  policy: {
    description: 'IETF draft RateLimit-Policy: one policy per window, quota q and window w in seconds.',
    example: '"minute";q=300;w=60, "day";q=20000;w=86400',
  },
  ratelimit: {
    description: 'IETF draft RateLimit: for each policy, requests remaining r and seconds t until it resets.',
    example: '"minute";r=299;t=42, "day";r=19999;t=50000',
  },
  retry_after: {
    description: 'On a 429 only: whole seconds until a request would be admitted (at least 1).',
    example: 42,
    minimum: 1,
  },
}

/** A header as the document describes it. */
export interface HeaderDoc {
  description: string
  required: true
  schema: { type: 'integer'; minimum: number } | { type: 'string' }
  example: number | string
  /** The header's value as its template writes it (`{reset}`, `{reset_after}`): what a client may read it as. */
  'x-value': string
}

/** Rate-limit headers under one profile. */
export interface HeaderModel {
  /** Every header, in the order it is sent. */
  readonly headers: readonly HeaderChoice[]
  /** The names sent on every authenticated answer, and the one sent on a 429 only. */
  readonly names: readonly string[]
  readonly retryAfterName: string | undefined
  /** The headers of one decision. */
  render(decision: RateLimitDecision): Record<string, string>
  /**
   * The headers of one decision written into an answer's, under lower-case names (as an answer's
   * headers are): the names compiled once, only the values filled per request.
   */
  write(decision: RateLimitDecision, headers: Record<string, string>): void
  /** A header's description for the document. */
  doc(header: HeaderChoice): HeaderDoc
  /** The name of the header whose value is exactly this slot (`{limit}`), if any. */
  nameOf(slot: string): string | undefined
}

/**
 * Compiles a profile's rate-limit headers.
 * @example headerModel(DEFAULT_PROFILE.rateLimits).render(decision)['X-RateLimit-Remaining'] // '299'
 */
export function headerModel({ headers }: RateLimitChoices): HeaderModel {
  const always = headers.filter((header) => !header.only429)
  const onRefusal = headers.filter((header) => header.only429)
  const exact = (header: HeaderChoice) => /^\{([a-z_]+)\}$/.exec(header.value)?.[1]
  // Each value compiled once: a request fills in numbers, it does not parse the text again.
  const compiled = (list: readonly HeaderChoice[]) =>
    list.map((header) => [header.name, compileText(header.value)] as const)
  const [sent, sentOnRefusal] = [compiled(always), compiled(onRefusal)]
  const lowerCase = (list: readonly (readonly [string, (slots: SlotValues) => string])[]) =>
    list.map(([name, fill]) => [name.toLowerCase(), fill] as const)
  const [written, writtenOnRefusal] = [lowerCase(sent), lowerCase(sentOnRefusal)]
  return {
    headers,
    names: always.map((header) => header.name),
    retryAfterName: onRefusal[0]?.name,
    render(decision) {
      const slots = slotsOf(decision)
      const rendered: Record<string, string> = {}
      for (const [name, fill] of sent) rendered[name] = fill(slots)
      if (!decision.allowed) for (const [name, fill] of sentOnRefusal) rendered[name] = fill(slots)
      return rendered
    },
    write(decision, headers) {
      const slots = slotsOf(decision)
      for (const [name, fill] of written) headers[name] = fill(slots)
      if (!decision.allowed) for (const [name, fill] of writtenOnRefusal) headers[name] = fill(slots)
    },
    doc(header) {
      const slot = exact(header)
      const known = slot === undefined ? undefined : HEADER_SLOT_DOCS[slot]
      if (known)
        return {
          description: known.description,
          required: true,
          schema: known.minimum === undefined ? { type: 'string' } : { type: 'integer', minimum: known.minimum },
          example: known.example,
          'x-value': header.value,
        }
      const parts = placeholdersOf(header.value).map(
        (name) => `${name}: ${HEADER_SLOT_DOCS[name]?.description ?? name}`,
      )
      const example = fillText(
        header.value,
        Object.fromEntries(Object.entries(HEADER_SLOT_DOCS).map(([name, doc]) => [name, doc.example])),
      )
      return {
        description: `\`${header.value}\`, where ${parts.join('; ')}`,
        required: true,
        schema: { type: 'string' },
        example,
        'x-value': header.value,
      }
    },
    nameOf: (slot) => headers.find((header) => exact(header) === slot)?.name,
  }
}

/** The slots of one decision: the binding window's figures, and every window as the IETF lists write them. */
function slotsOf({ binding, windows, nowMs, retryAfterSeconds }: RateLimitDecision): SlotValues {
  const secondsLeft = (resetAt: number) => Math.max(0, Math.ceil((resetAt - nowMs) / 1000))
  return {
    limit: binding.limit,
    remaining: binding.remaining,
    used: binding.limit - binding.remaining,
    reset: Math.ceil(binding.resetAt / 1000),
    reset_after: secondsLeft(binding.resetAt),
    window: WINDOW_SECONDS[binding.window],
    retry_after: retryAfterSeconds,
    policy: windows.map((w) => `"${w.window}";q=${w.limit};w=${WINDOW_SECONDS[w.window]}`).join(', '),
    ratelimit: windows.map((w) => `"${w.window}";r=${w.remaining};t=${secondsLeft(w.resetAt)}`).join(', '),
  }
}

/** Whether a text names a slot. */
export const namesSlot = (value: string, slot: string): boolean => value.includes(`{${slot}}`)

const mockHeaders = headerModel(DEFAULT_PROFILE.rateLimits)
const mockHeader = (slot: string) => ({ name: mockHeaders.nameOf(slot) ?? slot, ...HEADER_SLOT_DOCS[slot]! })

/**
 * The mock's own rate-limit headers, with what each means (its profile's, by slot): what a client
 * of the default mock reads.
 * @example RATE_LIMIT_HEADERS.remaining.name // 'X-RateLimit-Remaining'
 */
export const RATE_LIMIT_HEADERS = {
  limit: mockHeader('limit'),
  remaining: mockHeader('remaining'),
  reset: mockHeader('reset'),
  policy: mockHeader('policy'),
  rateLimit: mockHeader('ratelimit'),
  retryAfter: mockHeader('retry_after'),
}
