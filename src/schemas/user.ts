import * as z from 'zod/mini'
import { Id, Timestamp, Usd } from './common.js'
import { DEFAULT_TIER_NAMES } from '../profile/profile.js'
import { meta } from './meta.js'

/** Names of the API tiers; each carries its own rate limits (see domain/tiers). */
export const API_TIERS = DEFAULT_TIER_NAMES
export const ApiTier = meta(z.enum(API_TIERS), { description: 'Name of the API tier.' })
export type ApiTier = z.infer<typeof ApiTier>

/** Limits of an API tier. */
export const ApiTierLimits = meta(
  z.strictObject({
    per_minute: meta(z.int().check(z.positive()), { description: 'Requests admitted per minute.' }),
    per_day: meta(z.int().check(z.positive()), { description: 'Requests admitted per UTC day.' }),
    max_topups: meta(z.int().check(z.nonnegative()), { description: 'How many top-ups the account may make.' }),
  }),
  { id: 'ApiTierLimits' },
)
export type ApiTierLimits = z.infer<typeof ApiTierLimits>

/**
 * The domain of every e-mail the mock makes up (generated datasets, users the control plane opens
 * without one). The documents' examples use EXAMPLE_EMAIL_DOMAIN instead, so a client replaying
 * them against a mock full of created or generated users never finds the address taken.
 */
export const GENERATED_EMAIL_DOMAIN = 'example.com'

/** The domain of every e-mail in the documents' examples: one the mock never gives out. */
export const EXAMPLE_EMAIL_DOMAIN = 'example.org'

/** An e-mail address, as the API accepts it. */
export const Email = z.email().check(z.maxLength(254))

/** The account holder, as every user operation returns it. */
export const User = meta(
  z.strictObject({
    id: Id,
    email: Email,
    api_key: meta(z.string().check(z.minLength(16), z.maxLength(128)), {
      description: 'The API key, sent bare in the Authorization header.',
    }),
    balance_usd: meta(Usd, { description: 'Balance in USD.' }),
    total_topups_usd: meta(Usd, { description: 'Sum of all top-ups in USD.' }),
    api_tier: ApiTier,
    api_tier_limits: ApiTierLimits,
    created_at: Timestamp,
    updated_at: Timestamp,
  }),
  { id: 'User' },
)
export type User = z.infer<typeof User>

/** Body of PATCH /user. */
export const UserUpdateInput = meta(z.strictObject({ user: z.strictObject({ email: Email }) }), {
  id: 'UserUpdateInput',
})
export type UserUpdateInput = z.infer<typeof UserUpdateInput>

/** Body of GET /user/balance. */
export const Balance = meta(z.pick(User, { balance_usd: true, total_topups_usd: true }), { id: 'Balance' })
export type Balance = z.infer<typeof Balance>
