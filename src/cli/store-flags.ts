import type { ListenerOptions } from '../listener/listener.js'
import { StoreError } from '../persistence/redis/store-error.js'
import { parseStoreUrl } from '../persistence/redis/store-url.js'

/** The command's flags of a shared store (docs/sandbox.md), as parseArgs declares them. */
export const STORE_FLAGS = {
  store: { type: 'string' },
  'tenant-ttl': { type: 'string' },
} as const

/** The longest a tenant may live unused, in seconds: 30 days. */
export const MAX_TENANT_TTL_SECONDS = 2_592_000

/**
 * The listener's store options from `--store <url>` and `--tenant-ttl <seconds>`; a malformed URL, a
 * TTL that is not a whole number of seconds, or either flag where it does not apply is an Error whose
 * message is one line (options.ts makes it a usage mistake).
 * @example storeOptions({ store: 'redis://127.0.0.1:6379/0' }) // { store: 'redis://127.0.0.1:6379/0' }
 */
export function storeOptions(values: {
  store?: string
  'tenant-ttl'?: string
  state?: string
}): Pick<ListenerOptions, 'store' | 'tenantTtlMs'> {
  const { store, state } = values
  const ttl = values['tenant-ttl']
  if (store === undefined) {
    if (ttl !== undefined) throw new Error('--tenant-ttl only applies with --store')
    return {}
  }
  if (state !== undefined) throw new Error('--store and --state cannot be used together: the store keeps the state')
  try {
    parseStoreUrl(store)
  } catch (error) {
    if (error instanceof StoreError) throw new Error(error.message)
    throw error
  }
  if (ttl === undefined) return { store }
  if (!/^\d+$/.test(ttl) || Number(ttl) < 1 || Number(ttl) > MAX_TENANT_TTL_SECONDS)
    throw new Error(`--tenant-ttl must be a whole number of seconds from 1 to ${MAX_TENANT_TTL_SECONDS}, got "${ttl}"`)
  return { store, tenantTtlMs: Number(ttl) * 1000 }
}
