import type { Exchange } from '../client/exchange.js'
import type { ApiRequest } from '../client/http-client.js'
import { dataOf, describeResponse, isSuccess, type Check } from './check.js'
import { operationToProbe, pathOf } from './probe.js'

/** What a deployment that does not serve a method answers: no such route, the method not allowed, or not implemented. */
const NOT_SERVED = [404, 405, 501]

/**
 * The methods HTTP gives every resource answer as the path's own do (RFC 9110, 9.3.2 and 9.3.7):
 * HEAD like the GET beside it, or not served at all (404, 405, 501), and never without the key
 * where GET needs it; OPTIONS never with the resource itself, and an Allow it sends names every
 * method the path documents. Once per item path, on a resource of the run's own; no request of it
 * can change anything.
 */
export const headOptionsConformance: Check = {
  kind: 'probe',
  finds: 'defect',
  description:
    'HEAD answers as GET does (or is not served) and needs the key; OPTIONS never answers the resource, and its Allow names the documented methods.',
  claims: { contract: (operation) => operation.method === 'get' && operation.path.includes('{') },
  async run(ctx, exchange) {
    const operation = operationToProbe(
      ctx,
      exchange,
      (o) => o.method === 'get' && o.path.includes('{') && isSuccess(exchange.response.status) && !exchange.echo,
      (o) => `head_options_conformance ${o.path}`,
    )
    if (!operation) return false
    const path = pathOf(ctx, exchange)
    const send = (method: string, credentials: ApiRequest['credentials'], what: string) =>
      ctx.send({
        method: method as ApiRequest['method'],
        path,
        credentials,
        purpose: `head_options_conformance: ${what}`,
      })
    const head = await send('HEAD', 'primary', 'HEAD with the key')
    const bare = await send('HEAD', 'none', 'HEAD without a key')
    const options = await send('OPTIONS', 'primary', 'OPTIONS')
    const get = exchange.response.status
    const served = (answer: Exchange) => !NOT_SERVED.includes(answer.response.status)
    if (served(head) && head.response.status !== get && head.response.status < 500)
      ctx.fail(`HEAD answers ${head.response.status} where GET answers ${get}`, {
        exchange: head,
        received: describeResponse(head),
        documented: `${get}, as GET ${operation.path} (RFC 9110, 9.3.2), or not served (404, 405, 501)`,
      })
    if (isSuccess(bare.response.status))
      ctx.fail('HEAD is answered without a key', {
        exchange: bare,
        received: describeResponse(bare),
        documented: `401, as GET ${operation.path} without a key (spec 5.3), or not served`,
      })
    const allow = options.response.headers.allow
    if (isSuccess(options.response.status) && dataOf(options)?.id !== undefined)
      ctx.fail('OPTIONS is answered with the resource', {
        exchange: options,
        received: describeResponse(options),
        documented: 'the methods the path has (Allow), or not served: never the resource',
      })
    const methods = ctx.document.operations.filter((o) => o.path === operation.path).map((o) => o.method.toUpperCase())
    const named = (allow ?? '').toUpperCase().split(/\s*,\s*/)
    if (isSuccess(options.response.status) && allow !== undefined && methods.some((method) => !named.includes(method)))
      ctx.fail('OPTIONS names other methods than the path has', {
        exchange: options,
        received: `Allow: ${allow}`,
        documented: `Allow naming ${methods.join(', ')}`,
      })
  },
}
