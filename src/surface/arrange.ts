import { arrangeAdvert, arrangeAdvertInUse } from './arrange-adverts.js'
import { arrangeRateLimited, arrangeResetKey, arrangeUser } from './arrange-accounts.js'
import { type ArrangeCall, runArrangeCall } from './arrange-call.js'
import { arrangeCampaign, arrangeCampaigns } from './arrange-campaigns.js'
import type {
  ArrangeAdvertOptions,
  ArrangeCampaignOptions,
  ArrangeCampaignsOptions,
  ArrangeUserOptions,
  RecordRef,
} from './arrange-options.js'
import type { DomainContext } from '../domain/domain-context.js'
import type { Advert } from '../schemas/advert.js'
import type { Campaign } from '../schemas/campaign.js'
import type { User } from '../schemas/user.js'

export { ArrangeError } from './arrange-error.js'

/**
 * Helpers that put the mock in a state in one awaited call, through the same domain rules as the
 * API (ownership, caps, max_topups, sending_limit), so every invariant holds. Users and adverts are
 * taken as the object a helper or the API returned, or as its id. Each helper is one write: a
 * refused one throws an ArrangeError and changes nothing.
 */
export interface Arrange {
  /** A new account (on the profile's default tier: `basic` for the mock's own) with its API key, topped up and with the balance asked for. */
  user(options?: ArrangeUserOptions): Promise<User>
  /** A new advert of the user. */
  advert(user: RecordRef, options?: ArrangeAdvertOptions): Promise<Advert>
  /** A new campaign of the user on one of its adverts (a new one by default), with any sends so far, on or off. */
  campaign(user: RecordRef, options?: ArrangeCampaignOptions): Promise<Campaign>
  /** `count` new campaigns, oldest first; the fields not given vary, drawn from `seed` (the same seed, the same campaigns). */
  campaigns(user: RecordRef, count: number, options?: ArrangeCampaignsOptions): Promise<Campaign[]>
  /** A new advert with a campaign on it, so deleting the advert is a 422 advert_in_use. */
  advertInUse(user: RecordRef, options?: ArrangeAdvertOptions): Promise<{ advert: Advert; campaign: Campaign }>
  /** Spends what the user's key has left this minute (or day): its next request is a 429. */
  rateLimited(user: RecordRef): Promise<User>
  /** Gives the user a new API key, as POST /user/reset_api_key does: the old key is a 401 from now on. */
  resetKey(user: RecordRef): Promise<User>
}

/**
 * The arrange helpers over a mock's state (what `api.arrange` is): each one queued write, run by
 * the function of the same name (arrange-accounts.ts, arrange-adverts.ts, arrange-campaigns.ts).
 * @example const user = await api.arrange.user({ tier: 'free' }); await api.arrange.campaigns(user, 30)
 */
export function createArrange(ctx: DomainContext): Arrange {
  const run = <T>(helper: keyof Arrange, work: (call: ArrangeCall) => Promise<T>): Promise<T> =>
    runArrangeCall({ ctx, helper }, work)
  return {
    user: (options) => run('user', (call) => arrangeUser(call, options)),
    advert: (user, options) => run('advert', (call) => arrangeAdvert(call, user, options)),
    campaign: (user, options) => run('campaign', (call) => arrangeCampaign(call, user, options)),
    campaigns: (user, count, options) => run('campaigns', (call) => arrangeCampaigns(call, user, count, options)),
    advertInUse: (user, options) => run('advertInUse', (call) => arrangeAdvertInUse(call, user, options)),
    rateLimited: (user) => run('rateLimited', (call) => arrangeRateLimited(call, user)),
    resetKey: (user) => run('resetKey', (call) => arrangeResetKey(call, user)),
  }
}
