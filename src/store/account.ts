import { IndexedCollection } from './indexed-collection.js'
import type { IdCounter } from './id-counter.js'
import { AdvertRecord, CampaignRecord } from './models.js'

/** Told after each write to an account's collection: (new, undefined) on create, (new, old) on update, (undefined, old) on delete. */
export type AccountWritten = <R extends { id: number }>(
  kind: 'adverts' | 'campaigns',
  next: R | undefined,
  previous: R | undefined,
) => void

/**
 * One account's own adverts and campaigns, each an @msw/data collection. Every public operation
 * acts for one account, so a write here scans at most this account's rows, never the store's.
 * The collections refuse what would break the store even when a test writes to them directly: an
 * advert of another owner, a campaign on an advert this account does not hold or sending more
 * than its limit, and deleting an advert a campaign uses.
 */
export class Account {
  readonly adverts: IndexedCollection<typeof AdvertRecord>
  readonly campaigns: IndexedCollection<typeof CampaignRecord>

  constructor(
    readonly userId: number,
    ids: { adverts: IdCounter; campaigns: IdCounter },
    records: { AdvertRecord: typeof AdvertRecord; CampaignRecord: typeof CampaignRecord } = {
      AdvertRecord,
      CampaignRecord,
    },
    written?: AccountWritten,
  ) {
    this.adverts = new IndexedCollection(records.AdvertRecord, {
      ids: ids.adverts,
      check: (advert) => {
        if (advert.user_id !== userId)
          throw new RangeError(`Advert ${advert.id}: user_id ${advert.user_id} in the account of user ${userId}`)
      },
      checkDelete: (advert) => {
        const user = this.campaigns.findFirst((q) => q.where((campaign) => campaign.advert_id === advert.id))
        if (user) throw new RangeError(`Advert ${advert.id} is in use by campaign ${user.id}`)
      },
      written: (next, previous) => {
        // A campaign shows its advert's title: a changed or deleted advert drops the account's campaigns' kept JSON.
        if (previous) this.campaigns.forgetJson()
        written?.('adverts', next, previous)
      },
    })
    this.campaigns = new IndexedCollection(records.CampaignRecord, {
      ids: ids.campaigns,
      check: (campaign) => {
        if (!this.adverts.get(campaign.advert_id))
          throw new RangeError(`Campaign ${campaign.id}: advert ${campaign.advert_id} is not one of user ${userId}'s`)
        if (campaign.sending_count > campaign.sending_limit)
          throw new RangeError(`Campaign ${campaign.id}: sending_count exceeds sending_limit`)
      },
      written: written && ((next, previous) => written('campaigns', next, previous)),
    })
  }

  /** The campaigns that broadcast this advert. */
  campaignsOf(advertId: number): CampaignRecord[] {
    return this.campaigns.findMany((q) => q.where((campaign) => campaign.advert_id === advertId))
  }
}
