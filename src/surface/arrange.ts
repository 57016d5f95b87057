import type * as z from 'zod/mini'
import {
  ArrangeAdvertOptions,
  ArrangeCampaignOptions,
  ArrangeCampaignsOptions,
  ArrangeUserOptions,
  CAMPAIGN_DEFAULTS,
  CampaignCount,
  idOf,
  RecordRef,
} from './arrange-options.js'
import { writeBalance, writeCampaignHistory } from './arrange-records.js'
import { accountById, createAccount, resetApiKey } from '../domain/accounts.js'
import { createAdvert } from '../domain/adverts.js'
import { createCampaign, toggleCampaign } from '../domain/campaigns.js'
import type { DomainContext } from '../domain/domain-context.js'
import { ownedAdvert } from '../domain/ownership.js'
import { presentAdvert, presentCampaign, presentUser } from '../presentation/present.js'
import { createRandom } from '../domain/random.js'
import { roomLeft } from '../domain/resource-caps.js'
import { topUp } from '../domain/top-up.js'
import { ApiError } from '../errors/api-error.js'
import { validate } from '../errors/validate.js'
import type { Advert } from '../schemas/advert.js'
import { BROADCASTING_TYPES, type Campaign } from '../schemas/campaign.js'
import { MAX_USD } from '../schemas/common.js'
import type { User } from '../schemas/user.js'
import type { AdvertRecord, UserRecord } from '../store/models.js'
import { usdToMicros } from '../store/money.js'

export type {
  ArrangeAdvertOptions,
  ArrangeCampaignOptions,
  ArrangeCampaignsOptions,
  ArrangeUserOptions,
  RecordRef,
} from './arrange-options.js'

/** Why an arrange helper refused: the helper, what was asked and why it cannot be; nothing was changed. */
export class ArrangeError extends Error {
  constructor(helper: string, reason: string, options?: ErrorOptions) {
    super(`arrange.${helper}: ${reason}`, options)
    this.name = 'ArrangeError'
  }
}

/**
 * Helpers that put the mock in a state in one awaited call, through the same domain rules as the
 * API (ownership, caps, max_topups, sending_limit), so every invariant holds. Users and adverts are
 * taken as the object a helper or the API returned, or as its id. Each helper is one write: a
 * refused one throws an ArrangeError and changes nothing.
 */
export interface Arrange {
  /** A new account (tier `basic` by default) with its API key, topped up and with the balance asked for. */
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
 * The arrange helpers over a mock's state (what `api.arrange` is).
 * @example const user = await api.arrange.user({ tier: 'free' }); await api.arrange.campaigns(user, 30)
 */
export function createArrange(ctx: DomainContext): Arrange {
  // One write per helper, its checks inside it: no request can slip between a check and its write.
  const run = <T>(helper: string, work: () => Promise<T>): Promise<T> =>
    ctx.writeQueue(async () => {
      try {
        return await work()
      } catch (error) {
        throw error instanceof ApiError ? new ArrangeError(helper, reasonOf(error), { cause: error }) : error
      }
    })
  const options = <S extends z.ZodMiniType>(schema: S, value: unknown, what = 'options'): z.output<S> =>
    validate(schema, value ?? {}, what)
  const userOf = (ref: RecordRef) => accountById(ctx, idOf(options(RecordRef, ref, 'user (a user or its id)')))
  const advertOf = (helper: string, user: UserRecord, ref: RecordRef): AdvertRecord => {
    const id = idOf(options(RecordRef, ref, 'advert (an advert or its id)'))
    try {
      return ownedAdvert(ctx, user, id)
    } catch (error) {
      throw new ArrangeError(
        helper,
        `advert ${id} is not one of user ${user.id}'s adverts (it does not exist, or is another user's)`,
        { cause: error },
      )
    }
  }
  const assertRoom = (helper: string, user: UserRecord, kind: 'advert' | 'campaign', wanted: number) => {
    const left = roomLeft(ctx, kind, user)
    if (wanted > left)
      throw new ArrangeError(
        helper,
        `user ${user.id} has room for ${left} more ${kind}s, not ${wanted} (the per-account cap)`,
      )
  }
  const makeAdvert = (user: UserRecord, fields: z.output<typeof ArrangeAdvertOptions>) =>
    createAdvert(ctx, user, fields)

  /** A campaign never sends past its limit: checked for every campaign before any is made. */
  const assertWithinLimit = (helper: string, { sending_count, sending_limit }: CampaignFields) => {
    if (sending_count > sending_limit)
      throw new ArrangeError(
        helper,
        `sending_count ${sending_count} is more than sending_limit ${sending_limit}: a campaign never sends past its limit`,
      )
  }

  /** Makes one campaign (on `advert`, made first when missing) through the domain; its fields are checked already. */
  const makeCampaign = async (
    user: UserRecord,
    advert: AdvertRecord | undefined,
    fields: CampaignFields,
  ): Promise<Campaign> => {
    const { sending_count, sending_limit } = fields
    const target = advert ?? (await makeAdvert(user, options(ArrangeAdvertOptions, {})))
    let record = await createCampaign(ctx, user, {
      advert_id: target.id,
      broadcasting_type: fields.broadcasting_type,
      cpm: fields.cpm,
      sending_limit,
    })
    if (!fields.enabled) record = await toggleCampaign(ctx, user, record.id)
    record = await writeCampaignHistory(ctx, user, record, { sending_count, created_at: fields.created_at })
    return presentCampaign(record, target.title)
  }

  return {
    user: (input) =>
      run('user', async () => {
        const { tier = 'basic', email, topups, balance_usd } = options(ArrangeUserOptions, input)
        const amounts = topups ?? (balance_usd ? [balance_usd] : [])
        const { max_topups } = ctx.tiers[tier]
        if (amounts.length > max_topups)
          throw new ArrangeError(
            'user',
            `${amounts.length} top-ups are more than tier ${tier} allows (max_topups ${max_topups})`,
          )
        const total = amounts.reduce((sum, amount) => sum + usdToMicros(amount), 0)
        if (total > usdToMicros(MAX_USD))
          throw new ArrangeError('user', `the top-ups add up to more than ${MAX_USD} USD, the most a balance holds`)
        if (balance_usd !== undefined && usdToMicros(balance_usd) > total) {
          throw new ArrangeError(
            'user',
            `balance_usd ${balance_usd} is more than the top-ups add up to (${total / 1e6}): money comes in only by top-ups`,
          )
        }
        let user = await createAccount(ctx, { tier, email })
        for (const amount_usd of amounts) user = await topUp(ctx, user.id, { amount_usd })
        if (balance_usd !== undefined) user = await writeBalance(ctx, user, balance_usd)
        return presentUser(user, ctx.tiers)
      }),

    advert: (ref, input) =>
      run('advert', async () => {
        const fields = options(ArrangeAdvertOptions, input)
        const user = userOf(ref)
        assertRoom('advert', user, 'advert', 1)
        return presentAdvert(await makeAdvert(user, fields))
      }),

    campaign: (ref, input) =>
      run('campaign', async () => {
        const { advert, ...given } = options(ArrangeCampaignOptions, input)
        const user = userOf(ref)
        const target = advert === undefined ? undefined : advertOf('campaign', user, advert)
        assertRoom('campaign', user, 'campaign', 1)
        if (!target) assertRoom('campaign', user, 'advert', 1)
        const fields = { ...CAMPAIGN_DEFAULTS, ...definedOnly(given) }
        assertWithinLimit('campaign', fields)
        return makeCampaign(user, target, fields)
      }),

    campaigns: (ref, count, input) =>
      run('campaigns', async () => {
        const { advert, seed = 1, ...given } = options(ArrangeCampaignsOptions, input)
        const n = validate(CampaignCount, count, 'count')
        const user = userOf(ref)
        let target = advert === undefined ? undefined : advertOf('campaigns', user, advert)
        assertRoom('campaigns', user, 'campaign', n)
        if (!target && n > 0) assertRoom('campaigns', user, 'advert', 1)
        const fields = seededCampaigns(n, seed, definedOnly(given))
        for (const campaign of fields) assertWithinLimit('campaigns', campaign)
        if (!target && n > 0) target = await makeAdvert(user, options(ArrangeAdvertOptions, {}))
        const made: Campaign[] = []
        for (const campaign of fields) made.push(await makeCampaign(user, target, campaign))
        return made
      }),

    advertInUse: (ref, input) =>
      run('advertInUse', async () => {
        const fields = options(ArrangeAdvertOptions, input)
        const user = userOf(ref)
        assertRoom('advertInUse', user, 'advert', 1)
        assertRoom('advertInUse', user, 'campaign', 1)
        const advert = await makeAdvert(user, fields)
        return {
          advert: presentAdvert(advert),
          campaign: await makeCampaign(user, advert, { ...CAMPAIGN_DEFAULTS }),
        }
      }),

    rateLimited: (ref) =>
      run('rateLimited', async () => {
        const user = userOf(ref)
        const limits = ctx.tiers[user.api_tier]
        const now = ctx.clock.now()
        // Each admitted request counts; the first refused one means the next request is refused too.
        while (ctx.rateLimiter.consume(user.id, limits, now).allowed);
        return presentUser(user, ctx.tiers)
      }),

    resetKey: (ref) => run('resetKey', async () => presentUser(await resetApiKey(ctx, userOf(ref)), ctx.tiers)),
  }
}

/** A campaign's fields once every default is filled in. */
type CampaignFields = {
  broadcasting_type: Campaign['broadcasting_type']
  cpm: number
  sending_limit: number
  sending_count: number
  enabled: boolean
  created_at?: string
}

/** `count` campaigns' fields: those given fixed, the rest drawn from the seed (a limit never below a fixed sending_count). */
function seededCampaigns(count: number, seed: number, given: Partial<CampaignFields>): CampaignFields[] {
  const random = createRandom(seed)
  const pick = (low: number, high: number) => low + Math.floor(random() * (high - low + 1))
  return Array.from({ length: count }, () => {
    const drawn = {
      broadcasting_type: BROADCASTING_TYPES[pick(0, BROADCASTING_TYPES.length - 1)]!,
      cpm: pick(50, 2000) / 100,
      sending_limit: Math.max(pick(1, 1000) * 100, given.sending_count ?? 0),
      sending_count: 0,
      enabled: true,
    }
    return { ...drawn, ...given }
  })
}

/** The entries whose value is not undefined, so they never override a default. */
function definedOnly<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>
}

/** An ApiError's message, with the fields it names. */
function reasonOf(error: ApiError): string {
  const fields = error.fields?.map(({ field, message }) => (field ? `${field}: ${message}` : message)).join('; ')
  return fields ? `${error.message} (${fields})` : error.message
}
