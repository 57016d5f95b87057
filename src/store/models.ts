// The records are in the shape of a dataset (fixtures/default.json), so a tester reads `db` as they
// write fixtures: money in USD, tier limits looked up, not stored. They are defined once, beside the
// dataset, in src/schemas/dataset.ts.
export { AdvertRecord, CampaignRecord, UserRecord } from '../schemas/dataset.js'
