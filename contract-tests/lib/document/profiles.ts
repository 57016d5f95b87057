/** Where a check's claim comes from: the interface spec, our OpenAPI document, or a choice the mock made. */
export const PROFILES = ['spec', 'contract', 'mock'] as const
export type Profile = (typeof PROFILES)[number]

/** What `CONTRACT_PROFILE` may say: one level, or `all`. Each level includes the ones before it. */
export const PROFILE_SELECTIONS = ['spec', 'contract', 'all'] as const
export type ProfileSelection = (typeof PROFILE_SELECTIONS)[number]

/** Whether a string names a profile selection. */
export function isProfileSelection(value: string): value is ProfileSelection {
  return (PROFILE_SELECTIONS as readonly string[]).includes(value)
}

/** The profiles a selection turns on: `spec` ⊂ `contract` ⊂ `all`. */
export function profilesOf(selection: ProfileSelection): ReadonlySet<Profile> {
  if (selection === 'spec') return new Set(['spec'])
  if (selection === 'contract') return new Set(['spec', 'contract'])
  return new Set(PROFILES)
}
