import fc from 'fast-check'

// The steps of the caches' property test (test/caches-property.test.ts): requests by two accounts
// (`as` picks the fixtures' first or second user) and the control plane, over a small range of ids so
// that reads meet what writes changed, other accounts' records and records that are gone.

/** One request: as a user (by index) or the control plane, its method, path below the base, and body. */
export interface Step {
  as: number | 'admin'
  method: string
  path: string
  body?: unknown
}

const id = fc.integer({ min: 1, max: 8 })
const user = fc.integer({ min: 0, max: 1 })
const money = fc.constantFrom(0.5, 2.5, 3.25, 7)
const title = fc.constantFrom('Spring sale', 'Autumn é sale', 'x'.repeat(40), 'Winter sale', 'Summer ✓ sale', '')

const page = fc.record({ page: fc.integer({ min: 1, max: 3 }), per_page: fc.integer({ min: 1, max: 4 }) })
const filter = fc.constantFrom('', '&enabled=true', '&enabled=false', '&advert_id=1', '&advert_id=2')

/** Every kind of step, reads weighted up (they are what the caches answer). */
export const STEP: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(user, page, filter)
      .map(([as, q, f]) => ({ as, method: 'GET', path: `/campaigns?page=${q.page}&per_page=${q.per_page}${f}` })),
  },
  { weight: 4, arbitrary: fc.tuple(user, id).map(([as, n]) => ({ as, method: 'GET', path: `/campaigns/${n}` })) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(user, page)
      .map(([as, q]) => ({ as, method: 'GET', path: `/adverts?page=${q.page}&per_page=${q.per_page}` })),
  },
  { weight: 2, arbitrary: fc.tuple(user, id).map(([as, n]) => ({ as, method: 'GET', path: `/adverts/${n}` })) },
  { weight: 1, arbitrary: user.map((as) => ({ as, method: 'HEAD', path: '/campaigns?per_page=2' })) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(user, fc.constantFrom('/user', '/user/balance'))
      .map(([as, path]) => ({ as, method: 'GET', path })),
  },
  {
    weight: 3,
    arbitrary: fc.tuple(user, id, money, fc.integer({ min: 1, max: 5000 })).map(([as, advert, cpm, limit]) => ({
      as,
      method: 'POST',
      path: '/campaigns',
      body: { campaign: { advert_id: advert, broadcasting_type: 'active_ad', cpm, sending_limit: limit } },
    })),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        user,
        id,
        fc.oneof(
          money.map((cpm) => ({ cpm })),
          id.map((advert_id) => ({ advert_id })),
        ),
      )
      .map(([as, n, change]) => ({ as, method: 'PATCH', path: `/campaigns/${n}`, body: { campaign: change } })),
  },
  {
    weight: 2,
    arbitrary: fc.tuple(user, id).map(([as, n]) => ({ as, method: 'POST', path: `/campaigns/${n}/toggle` })),
  },
  { weight: 1, arbitrary: fc.tuple(user, id).map(([as, n]) => ({ as, method: 'DELETE', path: `/campaigns/${n}` })) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(user, title)
      .map(([as, t]) => ({ as, method: 'POST', path: '/adverts', body: { advert: { title: t, description: 'd' } } })),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(user, id, title)
      .map(([as, n, t]) => ({ as, method: 'PATCH', path: `/adverts/${n}`, body: { advert: { title: t } } })),
  },
  { weight: 1, arbitrary: fc.tuple(user, id).map(([as, n]) => ({ as, method: 'DELETE', path: `/adverts/${n}` })) },
  {
    weight: 3,
    arbitrary: fc.constantFrom<Step>(
      { as: 'admin', method: 'POST', path: '/reset', body: {} },
      { as: 'admin', method: 'POST', path: '/clock', body: { advance_seconds: 61 } },
      { as: 'admin', method: 'POST', path: '/clock', body: { advance_ms: 1500 } },
      { as: 'admin', method: 'POST', path: '/deliveries', body: { sends: 25 } },
      { as: 'admin', method: 'POST', path: '/users/1/topups', body: { amount_usd: 10 } },
      { as: 'admin', method: 'PATCH', path: '/tiers', body: { free: { per_minute: 7 } } },
      { as: 'admin', method: 'GET', path: '/requests?limit=4' },
      { as: 'admin', method: 'DELETE', path: '/overrides' },
      { as: 'admin', method: 'POST', path: '/overrides', body: { operation: 'getCampaign', status: 404, times: 1 } },
      {
        as: 'admin',
        method: 'POST',
        path: '/overrides',
        body: { operation: 'listCampaigns', status: 200, body: { anything: true }, untyped: true, times: 2 },
      },
      { as: 'admin', method: 'GET', path: '/users?per_page=2' },
    ),
  },
)

const read = (as: number, path: string): Step => ({ as, method: 'GET', path })

/**
 * A sequence every run starts with, whatever the random ones find: each thing a kept answer depends
 * on, changed between two reads of it (an advert's title under its campaigns, a campaign, a delivery's
 * counts, the clock, a reset, a tier, an override).
 */
export const EVERY_CHANGE: Step[] = [
  read(0, '/campaigns?page=1&per_page=4'),
  read(0, '/campaigns/1'),
  { as: 0, method: 'PATCH', path: '/adverts/1', body: { advert: { title: 'Renamed' } } },
  read(0, '/campaigns?page=1&per_page=4'),
  read(0, '/campaigns/1'),
  { as: 0, method: 'POST', path: '/campaigns/1/toggle' },
  read(0, '/campaigns?page=1&per_page=4'),
  read(0, '/campaigns/1'),
  { as: 'admin', method: 'POST', path: '/deliveries', body: { sends: 25 } },
  read(0, '/campaigns?page=1&per_page=4'),
  read(1, '/campaigns?page=1&per_page=4'),
  { as: 'admin', method: 'POST', path: '/clock', body: { advance_seconds: 61 } },
  { as: 0, method: 'PATCH', path: '/campaigns/2', body: { campaign: { cpm: 7 } } },
  read(0, '/campaigns?page=1&per_page=4'),
  { as: 'admin', method: 'PATCH', path: '/tiers', body: { free: { per_minute: 7 } } },
  read(1, '/user'),
  { as: 'admin', method: 'POST', path: '/overrides', body: { operation: 'getCampaign', status: 404, times: 1 } },
  read(0, '/campaigns/1'),
  read(0, '/campaigns/1'),
  { as: 'admin', method: 'POST', path: '/reset', body: {} },
  read(0, '/campaigns?page=1&per_page=4'),
  read(0, '/campaigns/1'),
  { as: 0, method: 'DELETE', path: '/campaigns/1' },
  read(0, '/campaigns?page=1&per_page=4'),
  { as: 'admin', method: 'GET', path: '/requests?limit=4' },
]
