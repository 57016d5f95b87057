import { connectRedis, type RedisConnection } from './redis-connection.js'
import { SharedTenant } from './shared-tenant.js'
import { StoreError } from './store-error.js'
import { parseStoreUrl, type StoreUrl } from './store-url.js'
import { FORMAT_KEY, STORE_FORMAT } from './tenant-cache.js'

/** A Redis database that holds a sandbox: one connection, and a tenant per named world. */
export interface RedisStore {
  readonly where: StoreUrl
  readonly connection: RedisConnection
  /** A tenant as one mock serves it (give it to createMockApi's `store`); `ttlMs` > 0 makes it expire after that long unused. */
  tenant(name: string, options?: { ttlMs?: number }): SharedTenant
  close(): Promise<void>
}

/**
 * Connects to the Redis a `--store` URL names and checks that its database is a sandbox's (or
 * empty, then marks it so). A malformed URL, a Redis that refuses or does not answer, and a database
 * holding anything else are each a StoreError whose message is one line.
 * @example const store = await connectRedisStore('redis://127.0.0.1:6379/0'); const api = await createMockApi({ store: store.tenant('default') })
 */
export async function connectRedisStore(url: string): Promise<RedisStore> {
  const where = parseStoreUrl(url)
  const connection = await connectRedis(where)
  try {
    await checkFormat(connection, where)
  } catch (error) {
    await connection.close()
    throw error
  }
  return {
    where,
    connection,
    tenant: (name, { ttlMs = 0 } = {}) => new SharedTenant(connection, name, { ttlMs, storeName: where.shown }),
    close: () => connection.close(),
  }
}

/** Refuses a database that holds something other than a sandbox of this format; marks an empty one. */
async function checkFormat(connection: RedisConnection, where: StoreUrl): Promise<void> {
  const foreign = (what: string) =>
    new StoreError(
      'foreign',
      `the store ${where.shown} ${what}: pass --store another database (redis://host:port/<db>), or empty this one (FLUSHDB) if its data is not needed`,
    )
  let marker: unknown
  try {
    marker = await connection.command(['GET', FORMAT_KEY])
  } catch {
    throw foreign(`holds a ${FORMAT_KEY} that is not a string`)
  }
  if (marker === STORE_FORMAT) return
  if (marker !== null)
    throw foreign(`holds another format's data (${FORMAT_KEY} is "${String(marker)}", not "${STORE_FORMAT}")`)
  const keys = Number(await connection.command(['DBSIZE']))
  if (keys > 0) throw foreign(`holds ${keys} keys and no ${FORMAT_KEY}: it is not an ad-campaign-mock sandbox`)
  await connection.command(['SET', FORMAT_KEY, STORE_FORMAT, 'NX'])
}
