// The independent server's second set of choices (INDEPENDENT_CHOICES=second, or the `choices`
// option of startIndependentServer): another deployment someone else built from the same spec,
// in the style of a larger public API. Every value the second set's routes, presenters and limiter
// read is here; second-differences.ts says how each differs from our document and from the first set.

/** Which set of choices a server makes: the first (differences.ts) or the second (second-differences.ts). */
export const INDEPENDENT_CHOICES = ['first', 'second'] as const
export type IndependentChoices = (typeof INDEPENDENT_CHOICES)[number]

/**
 * The set asked for: the option, else the INDEPENDENT_CHOICES environment variable, else the first.
 * Anything else is a TypeError naming the choices.
 * @example independentChoices(undefined) // 'second' when INDEPENDENT_CHOICES=second
 */
export function independentChoices(option: string | undefined): IndependentChoices {
  const asked = option ?? process.env.INDEPENDENT_CHOICES ?? 'first'
  if (!(INDEPENDENT_CHOICES as readonly string[]).includes(asked))
    throw new TypeError(`independent server: choices must be one of ${INDEPENDENT_CHOICES.join(', ')}, got "${asked}"`)
  return asked as IndependentChoices
}

/** The second set's choices, as data. */
export const SECOND_SET = {
  /** Error codes in SCREAMING_CASE, by what went wrong. */
  codes: {
    unauthenticated: 'UNAUTHENTICATED',
    notFound: 'NOT_FOUND',
    validation: 'VALIDATION_ERROR',
    invalidJson: 'INVALID_JSON',
    conflict: 'CONFLICT',
    methodNotAllowed: 'METHOD_NOT_ALLOWED',
    rateLimited: 'RATE_LIMITED',
    tooLarge: 'PAYLOAD_TOO_LARGE',
    internal: 'INTERNAL',
  },
  /** Invalid input is a 400, its problems `{ errors: [{ path, detail }] }` with paths below the wrapper. */
  validationStatus: 400,
  /** The only tier, with its limits (per_minute is the server's perMinute option). */
  tier: { name: 'growth', perMinute: 900, perDay: 50_000, maxTopups: 25 },
  /** Lists: 50 a page by default, at most 200 (more counts as 200), newest first, the page under `meta`. */
  pages: { default: 50, max: 200 },
  listObject: 'list',
  /** DELETE /campaigns/{id} answers 204; DELETE /adverts/{id} 200 with the advert. */
  deletes: { campaign: 204, advert: 200 },
  broadcastingTypes: ['active_ad', 'interstitial_ad'],
  /** Fields beyond the document, with the value every record has. */
  advertCategory: 'general',
  campaignCurrency: 'USD',
  cpm: { decimals: 3, max: 500 },
  titleMaxLength: 80,
  /** Adverts and campaigns are numbered from here, each kind on its own. */
  firstId: 1000,
} as const
