import * as z from 'zod/mini'
import { DEFAULT_PROFILE, type ListChoices, type StampFormat } from '../profile/profile.js'
import { meta } from './meta.js'

// One definition of an id's bounds for bodies and URLs alike.
const idOf = (number: z.ZodMiniNumber | z.ZodMiniNumberFormat) =>
  number.check(z.int(), z.positive(), z.maximum(Number.MAX_SAFE_INTEGER))

/** A positive integer identifier, as every resource uses. */
export const Id = idOf(z.number())

/** An id in a URL (path or query): the same bounds as `Id`, coerced from the string. */
export const IdParam = idOf(z.coerce.number())

/** An ISO 8601 UTC timestamp, always with a trailing `Z`. */
export const Timestamp = meta(z.iso.datetime({ offset: false }), {
  description: 'ISO 8601 UTC timestamp',
  examples: ['2026-01-15T09:30:00.000Z'],
})

/**
 * A timestamp as a profile writes them: the mock's own `Timestamp`, or (another profile's) any ISO
 * 8601 date-time with a zone, described with an example in the profile's format. Records a
 * deployment answered keep the stamps they came with, whatever their precision.
 * @example timestampOf({ fraction: 6, zone: '+00:00' }).parse('2026-01-15T09:30:00.123456+00:00')
 */
export function timestampOf(format: StampFormat): z.ZodMiniType<string> {
  if (format === DEFAULT_PROFILE.stamps.format) return Timestamp
  const fraction = format.fraction === 0 ? '' : `.${'123456789'.slice(0, format.fraction)}`
  const trimmed = format.trimmed ? ' (trailing zeros of the fraction left out)' : ''
  // An offset without its colon (`-0500`) is ISO 8601 but not RFC 3339's date-time: a pattern says it.
  const schema = /^[+-]\d{4}$/.test(format.zone)
    ? z.string().check(z.regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,9})?(Z|[+-]\d\d:?\d\d)$/))
    : z.iso.datetime({ offset: true })
  return meta(schema, {
    description: `ISO 8601 timestamp, to ${FRACTIONS[format.fraction] ?? `${format.fraction} decimals of a second`}${trimmed}, ending ${format.zone}`,
    examples: [`2026-01-15T09:30:00${fraction}${format.zone}`],
  })
}

const FRACTIONS: Readonly<Record<number, string>> = { 0: 'the second', 3: 'the millisecond', 6: 'the microsecond' }

/** The largest amount of US dollars any balance or total may hold. */
export const MAX_USD = 1_000_000_000

/** An amount of US dollars with at most two decimals (whole cents). */
export const Usd = z.number().check(z.nonnegative(), z.multipleOf(0.01), z.maximum(MAX_USD))

/** US dollars to the micro-dollar, as a state export keeps balances (per-send charges leave fractions of a cent). */
export const ExactUsd = z.number().check(z.nonnegative(), z.multipleOf(0.000001), z.maximum(MAX_USD))

/**
 * The two fields that page a list, under the mock's own names (`page`, `per_page`), with a profile's
 * page sizes: a per_page above the maximum is refused, or (a profile's choice) clamped to it; one
 * below 1 refused, or (a profile's choice) taken as the default size.
 */
function pageFields({ defaultPerPage, maxPerPage, abovePerPageMax, belowPerPageMin, maxPage }: ListChoices) {
  const [clamp, floor] = [abovePerPageMax === 'clamp', belowPerPageMin === 'default']
  const perPage = z.coerce.number().check(z.int(), ...(floor ? [] : [z.minimum(1)]))
  const bounds = floor ? `below 1 counts as ${defaultPerPage}` : ''
  return {
    page: meta(
      z._default(z.coerce.number().check(z.int(), z.minimum(1), ...(maxPage === null ? [] : [z.maximum(maxPage)])), 1),
      {
        description: 'Page number, from 1.',
        // No largest page where the profile has none (a whole number is still a safe integer).
        ...(maxPage === null ? { maximum: undefined } : {}),
      },
    ),
    per_page:
      !clamp && !floor
        ? meta(z._default(perPage.check(z.maximum(maxPerPage)), defaultPerPage), {
            description: `Records per page, 1 to ${maxPerPage}.`,
          })
        : meta(
            // A prefault: the default goes through the transform too, and the document shows it for the input.
            z.prefault(
              z.pipe(
                clamp ? perPage : perPage.check(z.maximum(maxPerPage)),
                z.transform((value: number) => Math.min(value < 1 ? defaultPerPage : value, maxPerPage)),
              ),
              defaultPerPage,
            ),
            {
              description: clamp
                ? `Records per page, ${floor ? 'any' : 'from 1'}; above ${maxPerPage} counts as ${maxPerPage}${floor ? `, ${bounds}` : ''}.`
                : `Records per page, up to ${maxPerPage}; ${bounds}.`,
              // No largest value where a larger one is taken (and clamped); no least where 0 is taken.
              ...(clamp ? { maximum: undefined } : {}),
              ...(floor ? { minimum: undefined } : {}),
            },
          ),
  }
}

/**
 * Query parameters every list operation accepts under a profile: its page sizes, under its names
 * (`number`, `size`; no page at all where the profile has none). Strings from the URL are coerced;
 * the model reads the names back as `page` and `per_page`.
 */
export function paginationQueryOf(lists: ListChoices): z.ZodMiniObject {
  const { page, per_page } = pageFields(lists)
  const { params } = lists
  return z.object({ ...(params.page === null ? {} : { [params.page]: page }), [params.perPage]: per_page })
}

/** Query parameters every list operation accepts (the mock's own names and sizes); strings from the URL are coerced. */
export const PaginationQuery = z.object(pageFields(DEFAULT_PROFILE.lists))

/** The success envelope around one resource. */
export function envelopeOf<T extends z.ZodMiniType>(data: T) {
  return z.strictObject({ success: z.literal(true), data })
}
