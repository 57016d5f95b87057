import * as adverts from './adverts.js'
import * as campaigns from './campaigns.js'
import type { Operation } from './define-operation.js'
import * as user from './user.js'

/** Every operation of the public API, in the spec's order (section 4.1). */
export const operations: readonly Operation[] = [
  user.getUser,
  user.updateUser,
  user.resetApiKey,
  user.getUserBalance,
  campaigns.listCampaigns,
  campaigns.createCampaign,
  campaigns.getCampaign,
  campaigns.updateCampaign,
  campaigns.deleteCampaign,
  campaigns.toggleCampaign,
  adverts.listAdverts,
  adverts.createAdvert,
  adverts.getAdvert,
  adverts.updateAdvert,
  adverts.deleteAdvert,
]
