import type { DomainContext } from '../domain/domain-context.js'
import type { CampaignRecord, UserRecord } from '../store/models.js'

// The only place arrange writes records directly: fields no API operation writes (a campaign's
// sending_count and created_at, a balance below what was topped up). Everything else arrange does
// goes through the domain's rules. Each write still goes through its @msw/data collection's
// validated update (and the account's own checks: sending_count never above sending_limit).

/** Sets a campaign's sends so far and, when given, when it was made (then also its updated_at). */
export async function writeCampaignHistory(
  ctx: DomainContext,
  user: UserRecord,
  campaign: CampaignRecord,
  { sending_count, created_at }: { sending_count: number; created_at?: string },
): Promise<CampaignRecord> {
  if (sending_count === campaign.sending_count && created_at === undefined) return campaign
  return ctx.store.account(user.id).campaigns.update(campaign, {
    strict: true,
    data: (draft) => {
      draft.sending_count = sending_count
      if (created_at !== undefined) {
        draft.created_at = created_at
        draft.updated_at = created_at
      }
    },
  })
}

/** Lowers a user's balance to this many USD, as if the rest had been spent on sends (never above the top-ups). */
export async function writeBalance(ctx: DomainContext, user: UserRecord, balanceUsd: number): Promise<UserRecord> {
  if (balanceUsd === user.balance_usd) return user
  return ctx.store.updateUser(user, (draft) => {
    draft.balance_usd = balanceUsd
  })
}
