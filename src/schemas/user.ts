import { z } from 'zod'
import { Id, Timestamp, Usd } from './common.js'

/** Names of the API tiers; each carries its own rate limits (see domain/tiers). */
export const API_TIERS = ['free', 'basic', 'pro', 'enterprise'] as const
export const ApiTier = z.enum(API_TIERS).meta({ description: 'Name of the API tier.' })
export type ApiTier = z.infer<typeof ApiTier>

/** Limits of an API tier. */
export const ApiTierLimits = z
  .strictObject({
    per_minute: z.int().positive().meta({ description: 'Requests admitted per minute.' }),
    per_day: z.int().positive().meta({ description: 'Requests admitted per UTC day.' }),
    max_topups: z.int().nonnegative().meta({ description: 'How many top-ups the account may make.' }),
  })
  .meta({ id: 'ApiTierLimits' })
export type ApiTierLimits = z.infer<typeof ApiTierLimits>

/** An e-mail address, as the API accepts it. */
export const Email = z.email().max(254)

/** The account holder, as every user operation returns it. */
export const User = z
  .strictObject({
    id: Id,
    email: Email,
    api_key: z.string().min(16).max(128).meta({ description: 'The API key, sent bare in the Authorization header.' }),
    balance_usd: Usd.meta({ description: 'Balance in USD.' }),
    total_topups_usd: Usd.meta({ description: 'Sum of all top-ups in USD.' }),
    api_tier: ApiTier,
    api_tier_limits: ApiTierLimits,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'User' })
export type User = z.infer<typeof User>

/** Body of PATCH /user. */
export const UserUpdateInput = z
  .strictObject({ user: z.strictObject({ email: Email }) })
  .meta({ id: 'UserUpdateInput' })
export type UserUpdateInput = z.infer<typeof UserUpdateInput>

/** Body of GET /user/balance. */
export const Balance = User.pick({ balance_usd: true, total_topups_usd: true }).meta({ id: 'Balance' })
export type Balance = z.infer<typeof Balance>
