import { Advert, AdvertInput, AdvertUpdateInput } from '../schemas/advert.js'
import {
  Campaign,
  CampaignDetailed,
  CampaignInput,
  CampaignListQuery,
  CampaignUpdateInput,
} from '../schemas/campaign.js'
import { PaginationQuery } from '../schemas/common.js'
import { Balance, User, UserUpdateInput } from '../schemas/user.js'
import { DEFAULT_RESOURCE_CAPS } from '../schemas/resource-caps.js'
import { defineOperation, type Operation } from './define-operation.js'

// The public API's operations, declared once each, in the spec's order (section 4.1): User,
// Campaigns, Adverts. The handlers implement them, the document describes them, the tests walk them.

/** GET /user: get user information. */
export const getUser = defineOperation({
  operationId: 'getUser',
  method: 'get',
  path: '/user',
  tag: 'User',
  summary: 'Get user information',
  description: 'The account that owns the API key.',
  response: { status: 200, data: User },
})

/** PATCH /user: update user. */
export const updateUser = defineOperation({
  operationId: 'updateUser',
  method: 'patch',
  path: '/user',
  tag: 'User',
  summary: 'Update user',
  description: "Changes the account's e-mail. E-mails are unique across accounts (compared case-insensitively).",
  body: UserUpdateInput,
  response: { status: 200, data: User },
})

/** POST /user/reset_api_key: reset API key. */
export const resetApiKey = defineOperation({
  operationId: 'resetApiKey',
  method: 'post',
  path: '/user/reset_api_key',
  tag: 'User',
  summary: 'Reset API key',
  description:
    'Issues a new random API key (192 bits) and returns the user with it; the old key is refused from then on.',
  response: { status: 200, data: User },
})

/** GET /user/balance: get user balance. */
export const getUserBalance = defineOperation({
  operationId: 'getUserBalance',
  method: 'get',
  path: '/user/balance',
  tag: 'User',
  summary: 'Get user balance',
  description: 'The balance and the sum of top-ups, in USD.',
  response: { status: 200, data: Balance },
})

/** GET /campaigns: list campaigns. */
export const listCampaigns = defineOperation({
  operationId: 'listCampaigns',
  method: 'get',
  path: '/campaigns',
  tag: 'Campaigns',
  summary: 'List campaigns',
  description: "The caller's campaigns, {order}, one page at a time, optionally filtered.",
  query: CampaignListQuery,
  response: { status: 200, data: Campaign, list: true },
})

/** POST /campaigns: create campaign. */
export const createCampaign = defineOperation({
  operationId: 'createCampaign',
  method: 'post',
  path: '/campaigns',
  tag: 'Campaigns',
  summary: 'Create campaign',
  description: `Creates a campaign on one of the caller's adverts. It starts {starts}, with sending_count 0. An account holds at most ${DEFAULT_RESOURCE_CAPS.campaigns_per_user.toLocaleString('en-US')} campaigns by default; one more is {refused:resource_limit_reached}.`,
  body: CampaignInput,
  errors: ['resource_limit_reached'],
  response: { status: 201, data: Campaign },
})

/** GET /campaigns/{id}: get campaign. */
export const getCampaign = defineOperation({
  operationId: 'getCampaign',
  method: 'get',
  path: '/campaigns/{id}',
  tag: 'Campaigns',
  summary: 'Get campaign',
  description: "One of the caller's campaigns{with_advert}. Another account's campaign is {foreign}.",
  response: { status: 200, data: CampaignDetailed },
})

/** PATCH /campaigns/{id}: update campaign. */
export const updateCampaign = defineOperation({
  operationId: 'updateCampaign',
  method: 'patch',
  path: '/campaigns/{id}',
  tag: 'Campaigns',
  summary: 'Update campaign',
  description:
    'Changes any of advert_id, broadcasting_type, cpm, sending_limit and enabled. sending_limit may not drop below sending_count.',
  body: CampaignUpdateInput,
  response: { status: 200, data: Campaign },
})

/** DELETE /campaigns/{id}: delete campaign. */
export const deleteCampaign = defineOperation({
  operationId: 'deleteCampaign',
  method: 'delete',
  path: '/campaigns/{id}',
  tag: 'Campaigns',
  summary: 'Delete campaign',
  description: 'Deletes the campaign and returns it.',
  response: { status: 200, data: Campaign },
})

/** POST /campaigns/{id}/toggle: toggle campaign status. */
export const toggleCampaign = defineOperation({
  operationId: 'toggleCampaign',
  method: 'post',
  path: '/campaigns/{id}/toggle',
  tag: 'Campaigns',
  summary: 'Toggle campaign status',
  description: 'Flips enabled (true to false, false to true) and returns the campaign.',
  response: { status: 200, data: Campaign },
})

/** GET /adverts: list adverts. */
export const listAdverts = defineOperation({
  operationId: 'listAdverts',
  method: 'get',
  path: '/adverts',
  tag: 'Adverts',
  summary: 'List adverts',
  description: "The caller's adverts, {order}, one page at a time.",
  query: PaginationQuery,
  response: { status: 200, data: Advert, list: true },
})

/** POST /adverts: create advert. */
export const createAdvert = defineOperation({
  operationId: 'createAdvert',
  method: 'post',
  path: '/adverts',
  tag: 'Adverts',
  summary: 'Create advert',
  description: `Creates an advert owned by the caller. An account holds at most ${DEFAULT_RESOURCE_CAPS.adverts_per_user.toLocaleString('en-US')} adverts by default; one more is {refused:resource_limit_reached}.`,
  body: AdvertInput,
  errors: ['resource_limit_reached'],
  response: { status: 201, data: Advert },
})

/** GET /adverts/{id}: get advert. */
export const getAdvert = defineOperation({
  operationId: 'getAdvert',
  method: 'get',
  path: '/adverts/{id}',
  tag: 'Adverts',
  summary: 'Get advert',
  description: "One of the caller's adverts. Another account's advert is {foreign}{as_if_missing}.",
  response: { status: 200, data: Advert },
})

/** PATCH /adverts/{id}: update advert. */
export const updateAdvert = defineOperation({
  operationId: 'updateAdvert',
  method: 'patch',
  path: '/adverts/{id}',
  tag: 'Adverts',
  summary: 'Update advert',
  description: 'Changes any of title, description and target_url; campaigns show the new title at once.',
  body: AdvertUpdateInput,
  response: { status: 200, data: Advert },
})

/** DELETE /adverts/{id}: delete advert. */
export const deleteAdvert = defineOperation({
  operationId: 'deleteAdvert',
  method: 'delete',
  path: '/adverts/{id}',
  tag: 'Adverts',
  summary: 'Delete advert',
  description:
    'Deletes the advert and returns it. An advert that a campaign still uses is refused (422 `advert_in_use`).',
  errors: ['advert_in_use'],
  response: { status: 200, data: Advert },
})

/** Every operation of the public API, in the spec's order (section 4.1). */
export const operations: readonly Operation[] = [
  getUser,
  updateUser,
  resetApiKey,
  getUserBalance,
  listCampaigns,
  createCampaign,
  getCampaign,
  updateCampaign,
  deleteCampaign,
  toggleCampaign,
  listAdverts,
  createAdvert,
  getAdvert,
  updateAdvert,
  deleteAdvert,
]
