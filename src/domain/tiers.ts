import type { ApiTier, ApiTierLimits } from '../schemas/user.js'

/** The default limits of each API tier (the spec does not give values; these are the mock's). */
export const DEFAULT_TIER_LIMITS: Readonly<Record<ApiTier, ApiTierLimits>> = {
  free: { per_minute: 60, per_day: 1_000, max_topups: 3 },
  basic: { per_minute: 300, per_day: 20_000, max_topups: 10 },
  pro: { per_minute: 1_200, per_day: 200_000, max_topups: 100 },
  enterprise: { per_minute: 6_000, per_day: 2_000_000, max_topups: 1_000 },
}
