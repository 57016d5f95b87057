import * as z from 'zod/mini'
import { Advert } from '../schemas/advert.js'
import {
  AdvertInUse,
  ArrangeAdvertInput,
  ArrangeCampaignInput,
  ArrangeCampaignsInput,
  ArrangeUserInput,
  ArrangeUserRef,
} from '../schemas/arrange.js'
import { Campaign } from '../schemas/campaign.js'
import { User } from '../schemas/user.js'
import { defineOperation, type Operation } from './define-operation.js'

// The arrange helpers over HTTP, one operation each: the same options (the user beside them) and
// the same answer as `api.arrange.<helper>` in-process, through the same implementation.
const admin = { auth: 'admin', tag: 'Admin' } as const
const REFUSED =
  'A state the API could never reach is refused with a 422 whose message is the ArrangeError of the in-process helper, naming the field, and nothing is changed.'

/** POST /__admin/arrange/user: a new account. */
export const arrangeUser = defineOperation({
  ...admin,
  operationId: 'adminArrangeUser',
  method: 'post',
  path: '/arrange/user',
  summary: 'Arrange an account, topped up',
  description: `A new account (tier basic by default) with its API key, its top-ups made through the top-up rule and the balance asked for, as \`arrange.user(options)\`. ${REFUSED}`,
  body: z.optional(ArrangeUserInput),
  response: { status: 201, data: User },
})

/** POST /__admin/arrange/advert: a new advert of a user. */
export const arrangeAdvert = defineOperation({
  ...admin,
  operationId: 'adminArrangeAdvert',
  method: 'post',
  path: '/arrange/advert',
  summary: 'Arrange an advert',
  description: `A new advert of the user, as \`arrange.advert(user, options)\`. ${REFUSED}`,
  body: ArrangeAdvertInput,
  response: { status: 201, data: Advert },
})

/** POST /__admin/arrange/campaign: a new campaign, with its sends so far. */
export const arrangeCampaign = defineOperation({
  ...admin,
  operationId: 'adminArrangeCampaign',
  method: 'post',
  path: '/arrange/campaign',
  summary: 'Arrange a campaign, at any sending_count',
  description: `A new campaign of the user on one of its adverts (a new one by default), with its sends so far (sending_count, never past sending_limit), on or off, made when you say: \`{"user": 1, "sending_limit": 100, "sending_count": 100}\` is a campaign at its limit. As \`arrange.campaign(user, options)\`. ${REFUSED}`,
  body: ArrangeCampaignInput,
  response: { status: 201, data: Campaign },
})

/** POST /__admin/arrange/campaigns: many campaigns, seeded. */
export const arrangeCampaigns = defineOperation({
  ...admin,
  operationId: 'adminArrangeCampaigns',
  method: 'post',
  path: '/arrange/campaigns',
  summary: 'Arrange many campaigns, seeded',
  description: `\`count\` new campaigns on one advert, oldest first; the fields not given are drawn from \`seed\` (the same seed, the same campaigns). As \`arrange.campaigns(user, count, options)\`. ${REFUSED}`,
  body: ArrangeCampaignsInput,
  response: { status: 201, data: z.array(Campaign) },
})

/** POST /__admin/arrange/advertInUse: an advert a campaign uses. */
export const arrangeAdvertInUse = defineOperation({
  ...admin,
  operationId: 'adminArrangeAdvertInUse',
  method: 'post',
  path: '/arrange/advertInUse',
  summary: 'Arrange an advert in use',
  description: `A new advert with a campaign on it, so deleting the advert is a 422 advert_in_use. As \`arrange.advertInUse(user, options)\`. ${REFUSED}`,
  body: ArrangeAdvertInput,
  response: { status: 201, data: AdvertInUse },
})

/** POST /__admin/arrange/rateLimited: spend a key's window. */
export const arrangeRateLimited = defineOperation({
  ...admin,
  operationId: 'adminArrangeRateLimited',
  method: 'post',
  path: '/arrange/rateLimited',
  summary: "Spend a user's rate limit",
  description: `Spends what the user's key has left this minute (or day): its next request is a 429 with Retry-After. Stop the clock first (POST /__admin/clock \`{"set": …}\`) so the minute cannot roll over before that request. As \`arrange.rateLimited(user)\`. ${REFUSED}`,
  body: ArrangeUserRef,
  response: { status: 200, data: User },
})

/** POST /__admin/arrange/resetKey: a new key for a user. */
export const arrangeResetKey = defineOperation({
  ...admin,
  operationId: 'adminArrangeResetKey',
  method: 'post',
  path: '/arrange/resetKey',
  summary: "Reset a user's API key",
  description: `A new API key for the user, as POST /user/reset_api_key makes: the old key is a 401 from now on. As \`arrange.resetKey(user)\`. ${REFUSED}`,
  body: ArrangeUserRef,
  response: { status: 200, data: User },
})

/** The arrange helpers' operations, below /__admin, in the order of the in-process helpers. */
export const arrangeOperations: readonly Operation[] = [
  arrangeUser,
  arrangeAdvert,
  arrangeCampaign,
  arrangeCampaigns,
  arrangeAdvertInUse,
  arrangeRateLimited,
  arrangeResetKey,
]
