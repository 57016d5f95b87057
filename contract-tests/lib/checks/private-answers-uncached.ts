import { everyOperation, type Check } from './check.js'

/**
 * An answer to a key is the account's own: no shared cache may keep it for someone else (OWASP
 * API8). A shared cache keeps an answer to a request with Authorization only when the answer lets
 * it (RFC 9111, 3.5): `public`, `s-maxage`, or `must-revalidate` with a lifetime, unless `private`
 * or `no-store` says otherwise. No Cache-Control at all keeps it out. Judged on every answer to the
 * run's keys, at no cost.
 */
export const privateAnswersUncached: Check = {
  kind: 'response',
  finds: 'defect',
  description:
    'An answer to a key is never cacheable by shared caches (Cache-Control public, s-maxage, max-age without private).',
  claims: { contract: (operation) => operation.secured },
  run(ctx, exchange) {
    if (exchange.credentials !== 'primary' && exchange.credentials !== 'second') return false
    const header = exchange.response.headers['cache-control']
    if (header === undefined) return
    const directives = header.toLowerCase().split(/\s*,\s*/)
    const has = (name: string) => directives.some((directive) => directive === name || directive.startsWith(`${name}=`))
    const lifetime = (name: string) =>
      Number(/=\s*"?(\d+)/.exec(directives.find((d) => d.startsWith(`${name}=`)) ?? '')?.[1] ?? 0)
    const kept = has('no-store') || has('private')
    const shared = has('public') || lifetime('s-maxage') > 0 || (!kept && !has('no-cache') && lifetime('max-age') > 0)
    if (!shared) return
    ctx.fail('An answer to a key may be kept by a shared cache', {
      received: `Cache-Control: ${header}`,
      documented: 'no Cache-Control, or private, no-store or no-cache, on an answer to an API key (RFC 9111, 3.5)',
      rootCause: 'cacheable by shared caches',
    })
  },
}
