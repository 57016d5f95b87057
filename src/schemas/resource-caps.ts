import * as z from 'zod/mini'
import { meta } from './meta.js'

/** The most records the mock keeps for what clients create (createMockApi's `caps`). */
export const ResourceCaps = z.strictObject({
  adverts_per_user: meta(z.int().check(z.positive()), {
    description: 'Adverts one account may hold; a create past it is a 422.',
  }),
  campaigns_per_user: meta(z.int().check(z.positive()), {
    description: 'Campaigns one account may hold; a create past it is a 422.',
  }),
  users: meta(z.int().check(z.positive()), { description: 'Accounts POST /__admin/users may bring the store to.' }),
})
export type ResourceCaps = z.infer<typeof ResourceCaps>

/**
 * The most records the mock keeps for what clients create, so no client (or test runner left
 * running for days) can grow its memory without limit. Datasets loaded whole (fixtures, seed,
 * state import, a state file) are the operator's choice and are not capped.
 */
export const DEFAULT_RESOURCE_CAPS: Readonly<ResourceCaps> = {
  adverts_per_user: 1_000,
  campaigns_per_user: 10_000,
  users: 10_000,
}
