import { matchRequestUrl } from 'msw'

/**
 * Whether a URL lies under an msw base pattern (`ctx.apiBase`, `ctx.adminBase`), asked of msw's
 * own matcher with every `%` escaped first, so that a path that does not decode cannot throw.
 * @example isUnderBase('http://x.test/api/v1/campaigns/%ZZ', '*' + '/api/v1') // true
 */
export function isUnderBase(href: string, base: string): boolean {
  const url = new URL(href)
  url.pathname = url.pathname.replaceAll('%', '%25')
  return matchRequestUrl(url, base).matches || matchRequestUrl(url, `${base}/*`).matches
}
