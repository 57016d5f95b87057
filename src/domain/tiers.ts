import type { TierOverrides } from '../schemas/control-plane.js'
import type { ApiTier, ApiTierLimits } from '../schemas/user.js'

/** The default limits of each API tier (the spec does not give values; these are the mock's). */
export const DEFAULT_TIER_LIMITS: Readonly<Record<ApiTier, ApiTierLimits>> = {
  free: { per_minute: 60, per_day: 1_000, max_topups: 3 },
  basic: { per_minute: 300, per_day: 20_000, max_topups: 10 },
  pro: { per_minute: 1_200, per_day: 200_000, max_topups: 100 },
  enterprise: { per_minute: 6_000, per_day: 2_000_000, max_topups: 1_000 },
}

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
