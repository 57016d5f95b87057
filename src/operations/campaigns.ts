import { Campaign, CampaignDetailed, CampaignInput, CampaignListQuery, CampaignUpdateInput } from '../schemas/campaign.js'
import { defineOperation } from './define-operation.js'

/** GET /campaigns: list campaigns. */
export const listCampaigns = defineOperation({
  operationId: 'listCampaigns',
  method: 'get',
  path: '/campaigns',
  tag: 'Campaigns',
  summary: 'List campaigns',
  description: "The caller's campaigns, newest first, one page at a time, optionally filtered.",
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
  description: "Creates a campaign on one of the caller's adverts. It starts enabled, with sending_count 0.",
  body: CampaignInput,
  response: { status: 201, data: Campaign },
})

/** GET /campaigns/{id}: get campaign. */
export const getCampaign = defineOperation({
  operationId: 'getCampaign',
  method: 'get',
  path: '/campaigns/{id}',
  tag: 'Campaigns',
  summary: 'Get campaign',
  description: "One of the caller's campaigns with its advert. Another account's campaign is a 404.",
  response: { status: 200, data: CampaignDetailed },
})

/** PATCH /campaigns/{id}: update campaign. */
export const updateCampaign = defineOperation({
  operationId: 'updateCampaign',
  method: 'patch',
  path: '/campaigns/{id}',
  tag: 'Campaigns',
  summary: 'Update campaign',
  description: 'Changes any of advert_id, broadcasting_type, cpm, sending_limit and enabled. sending_limit may not drop below sending_count.',
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
