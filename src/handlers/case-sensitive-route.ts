/**
 * A test that a request URL spells an msw route's fixed segments in the route's case. msw
 * (path-to-regexp) matches paths case-insensitively; a handler that checks this and answers
 * nothing otherwise lets `/api/v1/CAMPAIGNS` fall through to the 404 catch-all. A trailing
 * slash is still accepted, as msw accepts it.
 * @example caseSensitiveRoute('http://mock.test/api/v1/campaigns/:id')('http://mock.test/api/v1/Campaigns/1') // false
 */
export function caseSensitiveRoute(route: string): (href: string) => boolean {
  // The route's path: drop the origin (a leading `*` stands for any) and split into segments.
  const expected = route.replace(/^\*/, '').replace(/^[a-z][a-z\d+.-]*:\/\/[^/]*/i, '').split('/').filter(Boolean)
  return (href) => {
    const actual = new URL(href).pathname.split('/').filter(Boolean).slice(-expected.length)
    return actual.length === expected.length && expected.every((segment, i) => segment.startsWith(':') || segment === actual[i])
  }
}
