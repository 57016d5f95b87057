// Names the profile's choices are made among: the mock's own tiers and broadcasting types, and the
// writes whose success status a profile may give (profile.ts re-exports them).

/** The mock's own API tiers, by name (spec 2.2 leaves the values of api_tier open). */
export const DEFAULT_TIER_NAMES = ['free', 'basic', 'pro', 'enterprise'] as const

/** The mock's own broadcasting types: `active_ad` (named by the spec) and `passive_ad`. */
export const DEFAULT_BROADCASTING_TYPES = ['active_ad', 'passive_ad'] as const

/** The writes whose success status a profile may give (deletes have their own answers). */
export const WRITE_OPERATIONS = [
  'updateUser',
  'resetApiKey',
  'createCampaign',
  'updateCampaign',
  'toggleCampaign',
  'createAdvert',
  'updateAdvert',
] as const
export type WriteOperation = (typeof WRITE_OPERATIONS)[number]
