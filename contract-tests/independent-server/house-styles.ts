import type { StyleDeclaration } from './house-conventions.js'
import { DJANGO } from './style-django.js'
import { GITHUB } from './style-github.js'
import { JSON_API } from './style-json-api.js'
import { LARAVEL } from './style-laravel.js'
import { PROBLEM_DETAILS } from './style-problem-details.js'
import { RAILS } from './style-rails.js'
import { STRIPE } from './style-stripe.js'

// The corpus of house styles: every style by name. A style is chosen by the `style` option of
// startIndependentServer, the INDEPENDENT_STYLE environment variable, or main.ts's --style.

/** The names of the styles, in the corpus's order. */
export const STYLE_NAMES = ['problem-details', 'json-api', 'rails', 'django', 'laravel', 'github', 'stripe'] as const
export type StyleName = (typeof STYLE_NAMES)[number]

/** Each style's declaration, by name. */
export const STYLES: Readonly<Record<StyleName, StyleDeclaration>> = {
  'problem-details': PROBLEM_DETAILS,
  'json-api': JSON_API,
  rails: RAILS,
  django: DJANGO,
  laravel: LARAVEL,
  github: GITHUB,
  stripe: STRIPE,
}

/** Whether a string names a style. */
export function isStyleName(value: string): value is StyleName {
  return (STYLE_NAMES as readonly string[]).includes(value)
}

/**
 * The style asked for: the option, else (where `environment` allows: no set of choices was asked
 * for by name) INDEPENDENT_STYLE, else none (the first or second set of choices answers). Any
 * other name is a TypeError naming the styles.
 * @example houseStyle(undefined) // 'rails' when INDEPENDENT_STYLE=rails
 */
export function houseStyle(option: string | undefined, { environment = true } = {}): StyleName | undefined {
  const asked = option ?? (environment ? process.env.INDEPENDENT_STYLE || undefined : undefined)
  if (asked === undefined) return undefined
  if (!isStyleName(asked))
    throw new TypeError(`independent server: style must be one of ${STYLE_NAMES.join(', ')}, got "${asked}"`)
  return asked
}
