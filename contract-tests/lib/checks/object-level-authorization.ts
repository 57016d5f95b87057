import { isolationCause } from './account-isolation.js'
import { dataOf, describeResponse, isSuccess, preview, type Check } from './check.js'
import { collectionOf, findInList, operationToProbe, pathOf } from './probe.js'

/**
 * A second account cannot see or touch the first one's resources: every operation on the
 * resource with the second key is a 404 (or 403), the resource is unchanged afterwards, and it
 * is not in the second account's list.
 */
export const objectLevelAuthorization: Check = {
  kind: 'probe',
  finds: 'defect',
  description:
    "The second key gets 403/404 on every operation on the first key's resource, which stays unchanged and unlisted.",
  claims: { contract: (operation) => operation.path.includes('{') },
  skippedBy: (settings) =>
    settings.hasSecondKey ? undefined : "no second key (CONTRACT_API_KEY_2) to try the first one's resources with",
  async run(ctx, exchange) {
    const readOne = (o: { method: string; path: string }) =>
      o.method === 'get' && o.path.endsWith('}') && isSuccess(exchange.response.status)
    const operation = operationToProbe(ctx, exchange, readOne, (o) => `object_level_authorization ${o.path}`)
    if (!operation) return false
    const itemPath = pathOf(ctx, exchange)
    const before = dataOf(exchange)
    const targets = ctx.document.operations.filter((o) => o.path.startsWith(operation.path))
    // Reads first, then writes, the DELETE last: a wrongly allowed DELETE would hide the other answers.
    const order = ['get', 'patch', 'post', 'delete']
    targets.sort((a, b) => order.indexOf(a.method) - order.indexOf(b.method) || a.path.length - b.path.length)
    for (const target of targets) {
      const path = itemPath + target.path.slice(operation.path.length)
      const body = ctx.state.acceptedBodies.get(`POST ${collectionOf(operation.path)}`)
      const probe = await ctx.send({
        method: target.method.toUpperCase() as 'GET',
        path,
        ...(target.requestBody && body !== undefined ? { body } : {}),
        credentials: 'second',
        purpose: `object_level_authorization: ${target.label} with another account's key`,
      })
      ctx.ran(target.label)
      if (![403, 404].includes(probe.response.status)) {
        ctx.fail("Another account's resource was reachable", {
          exchange: probe,
          received: describeResponse(probe),
          documented: '404 NotFound (or 403) for a resource of another account',
          // What account_isolation sees in the same answer, when it carries the resource.
          ...(isSuccess(probe.response.status) ? { rootCause: isolationCause(probe) } : {}),
        })
      }
    }
    const after = await ctx.send({
      method: 'GET',
      path: itemPath,
      credentials: 'primary',
      purpose: 'object_level_authorization: unchanged for its owner',
    })
    const unchanged = JSON.stringify(dataOf(after)) === JSON.stringify(before)
    if (!unchanged) {
      ctx.fail("Another account's requests changed the resource", {
        exchange: after,
        received: preview(dataOf(after) ?? after.response.text),
        documented: `unchanged: ${preview(before)}`,
      })
    }
    const listed = await findInList(
      ctx,
      collectionOf(itemPath),
      before?.id,
      'second',
      'object_level_authorization: list of the other account',
      1,
    )
    if (listed.found && listed.last) {
      ctx.fail("Another account's resource is in the list", {
        exchange: listed.last,
        received: describeResponse(listed.last),
        documented: "lists hold only the caller's resources",
        rootCause: isolationCause(listed.last),
      })
    }
  },
}
