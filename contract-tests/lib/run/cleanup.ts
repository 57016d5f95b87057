import type { ContractClient, CreatedResource } from '../client/http-client.js'

/**
 * Deletes what the run created, newest first (campaigns before their adverts), whatever happened
 * before. What a DELETE already removed during the run is read first and deleted again only if it
 * is still there and still the run's (its body names the run's title prefix): a server that
 * answered 2xx to a refused DELETE leaves nothing behind, and an id the server reused for someone
 * else's resource is left alone. A 5xx is asked once more.
 */
export async function cleanUp(
  client: ContractClient,
  titlePrefix: string,
): Promise<{ deleted: string[]; leftover: string[] }> {
  const deleted: string[] = []
  const leftover: string[] = []
  const send = async (method: 'GET' | 'DELETE', resource: CreatedResource) => {
    const request = {
      method,
      path: resource.path,
      credentials: resource.credentials,
      purpose: method === 'GET' ? 'cleanup: still there?' : 'cleanup',
      outsideBudget: true,
    }
    const first = await client.send(request)
    return first.response.status >= 500 ? client.send(request) : first
  }
  for (const resource of [...client.created].reverse()) {
    try {
      if (resource.deletedDuringRun) {
        const { status, text } = (await send('GET', resource)).response
        if (status >= 500)
          leftover.push(`${resource.path} (deleted during the run, but reading it again was a ${status})`)
        if (status >= 300 || !text.includes(titlePrefix)) continue
      }
      const exchange = await send('DELETE', resource)
      if (exchange.response.status < 300 || exchange.response.status === 404) deleted.push(resource.path)
      else leftover.push(`${resource.path} (${exchange.response.status})`)
    } catch (error) {
      leftover.push(`${resource.path} (${(error as Error).message})`)
    }
  }
  return { deleted, leftover }
}
