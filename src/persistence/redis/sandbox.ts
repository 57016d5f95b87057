import { createHmac } from 'node:crypto'
import { basePath } from '../../pipeline/base-path.js'
import { createMockApi, type MockApi, type MockApiOptions } from '../../surface/create-mock-api.js'
import { connectRedisStore, type RedisStore } from './redis-store.js'
import type { SharedTenant } from './shared-tenant.js'

/** The tenant a request names no other: the sandbox's own world, which never expires. */
export const DEFAULT_TENANT = 'default'

/** What a tenant's name may be: the path segment after `/t/`. */
export const TENANT_NAME = /^[a-z0-9][a-z0-9_-]{0,62}$/

/** A named tenant unused this long (by any replica) expires, unless the sandbox says otherwise: one day. */
export const DEFAULT_TENANT_TTL_MS = 86_400_000

/** One tenant as this replica serves it: its mock (a cache of the shared state) and its place in the store. */
export interface TenantMock {
  readonly name: string
  readonly api: MockApi
  readonly shared: SharedTenant
  /** Where its control plane lives (its path), to tell a control-plane request from an API one. */
  readonly adminPath: string
  lastUsed: number
}

/** Several replicas' shared state in one Redis: the default tenant and the named ones, each made on first use. */
export interface Sandbox {
  readonly store: RedisStore
  readonly default: TenantMock
  readonly tenantTtlMs: number
  /** The named tenant (made from the sandbox's starting data on first use), or the default one. */
  tenant(name: string): Promise<TenantMock>
  /** The control-plane token that opens only this tenant's plane (none when the sandbox has no admin token). */
  tokenFor(name: string): string | undefined
  close(): Promise<void>
}

export interface SandboxOptions {
  /** Milliseconds a named tenant lives unused (default DEFAULT_TENANT_TTL_MS). */
  tenantTtlMs?: number
}

/**
 * Connects to the store and opens the default tenant (loading its state, or making it from the
 * mock's starting data): what `--store` starts. A named tenant is made, as the default one was, on
 * its first request; it lives under `/t/<name>/` and expires after `tenantTtlMs` unused.
 * @example const sandbox = await startSandbox('redis://127.0.0.1:6379/0', {}); await sandbox.tenant('ci-42')
 */
export async function startSandbox(
  url: string,
  options: Omit<MockApiOptions, 'store'>,
  { tenantTtlMs = DEFAULT_TENANT_TTL_MS }: SandboxOptions = {},
): Promise<Sandbox> {
  const store = await connectRedisStore(url)
  const make = async (name: string, mockOptions: Omit<MockApiOptions, 'store'>): Promise<TenantMock> => {
    const shared = store.tenant(name, { ttlMs: name === DEFAULT_TENANT ? 0 : tenantTtlMs })
    const api = await createMockApi({ ...mockOptions, store: shared })
    return { name, api, shared, adminPath: basePath(api.context.adminBase), lastUsed: Date.now() }
  }
  let first: TenantMock
  try {
    first = await make(DEFAULT_TENANT, options)
  } catch (error) {
    await store.close()
    throw error
  }
  const apiPath = basePath(options.apiBase ?? '*/api/v1')
  const adminPath = basePath(options.adminBase ?? '*/__admin')
  // A named tenant starts from the same data as the default one (a generated dataset made once).
  const { generate: _generate, twin, ...rest } = options
  const tenantOptions = twin ? options : { ...rest, fixtures: first.api.context.fixtures }
  const tenants = new Map<string, Promise<TenantMock>>()
  const sweep = setInterval(() => forgetIdle(tenants, tenantTtlMs), Math.min(tenantTtlMs, 60_000))
  sweep.unref()
  return {
    store,
    default: first,
    tenantTtlMs,
    tenant(name) {
      if (name === DEFAULT_TENANT) return Promise.resolve(first)
      let made = tenants.get(name)
      if (!made) {
        made = make(name, {
          ...tenantOptions,
          apiBase: `*/t/${name}${apiPath}`,
          adminBase: `*/t/${name}${adminPath}`,
          // The listener checks the control plane's token of a named tenant (the sandbox's, or the tenant's own).
          adminToken: undefined,
        })
        tenants.set(name, made)
        // A tenant that could not be made (the store was away) is made again by the next request.
        made.catch(() => tenants.delete(name))
      }
      return made
    },
    tokenFor: (name) =>
      options.adminToken === undefined
        ? undefined
        : `acm_t_${createHmac('sha256', options.adminToken).update(`tenant:${name}`).digest('hex').slice(0, 40)}`,
    async close() {
      clearInterval(sweep)
      await store.close()
    },
  }
}

/** Drops from this replica's memory the tenants it has not served for a time to live (the store forgets them on its own). */
function forgetIdle(tenants: Map<string, Promise<TenantMock>>, ttlMs: number): void {
  const before = Date.now() - ttlMs
  for (const [name, made] of tenants)
    void made.then((tenant) => {
      if (tenant.lastUsed < before && tenants.get(name) === made) tenants.delete(name)
    })
}
