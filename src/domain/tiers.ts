import { DEFAULT_PROFILE } from '../profile/profile.js'
import type { TierOverrides } from '../schemas/control-plane.js'
import type { ApiTier, ApiTierLimits } from '../schemas/user.js'

/** The default limits of each API tier (the spec does not give values; these are the default profile's). */
export const DEFAULT_TIER_LIMITS = DEFAULT_PROFILE.rateLimits.tiers as Readonly<Record<ApiTier, ApiTierLimits>>

/**
 * Merges partial overrides over a tier table, limit by limit, in place: a tier or limit left
 * out keeps its value, so `{ free: { per_minute: 1 } }` changes one number.
 * @example mergeTiers(ctx.tiers, { free: { per_minute: 1 } })
 */
export function mergeTiers(
  tiers: Record<ApiTier, ApiTierLimits>,
  overrides: TierOverrides,
): Record<ApiTier, ApiTierLimits> {
  for (const [tier, limits] of Object.entries(overrides) as [ApiTier, Partial<ApiTierLimits> | undefined][]) {
    if (limits) tiers[tier] = { ...tiers[tier], ...limits }
  }
  return tiers
}
