import type { RecordName, Target } from './targets.js'

// The battery a deployment and its twin are both sent, in this order, each step from the state the
// ones before it left: every operation's happy path, the detail's embedding, the lists (page sizes,
// order, the page's position, create then list), the deletes, 401s, 404s, another account's
// records, invalid input at and past the bounds, invalid JSON, unsupported methods, the lists
// again after the deletes (the captured records still there), and at the end the key reset.

/** Whose key a step sends. */
export type Caller = 'primary' | 'none' | 'wrong' | 'bearer' | 'second' | 'old'

/** One request of the battery. */
export interface Step {
  name: string
  method: string
  /** Below the base URL; ids by name (`{advert A1}`, `{new campaign}`). */
  path: string
  body?: unknown
  /** A body sent as it is (not JSON). */
  raw?: string
  as?: Caller
  /** The name the record it creates is known by afterwards. */
  creates?: string
  /** Sent this many times (the names get `1`, `2`, … after them). */
  times?: number
}

/** What a target's battery knows as it goes: its keys, and the ids of the records by name. */
export class World {
  key: string
  oldKey?: string
  readonly ids = new Map<string, { kind: Kind; id: number }>()

  constructor(readonly target: Target) {
    this.key = target.key
    for (const [name, id] of Object.entries(target.records) as [RecordName, number][])
      this.ids.set(name, { kind: name.startsWith('campaign') ? 'campaigns' : 'adverts', id })
  }

  /** A path or body with `{name}` replaced by that record's id (an unknown name is an Error). */
  fill(text: string): string {
    return text.replace(/\{([A-Za-z][A-Za-z0-9 ]*)\}/g, (_whole, name: string) => {
      const known = this.ids.get(name)
      if (!known) throw new Error(`the battery has no record named "${name}" yet`)
      return String(known.id)
    })
  }

  /** A record's name, from its kind and id; undefined for one the battery did not name. */
  nameOf(kind: Kind, id: number): string | undefined {
    for (const [name, known] of this.ids) if (known.kind === kind && known.id === id) return name
    return undefined
  }
}

/** The kinds of record, as their collections are named. */
export type Kind = 'adverts' | 'campaigns'

const campaign = (advert: string, changes: Record<string, unknown> = {}) => ({
  campaign: { advert_id: `{${advert}}`, broadcasting_type: 'active_ad', cpm: 2.5, sending_limit: 1000, ...changes },
})
const patchProbe = (name: string, fields: Record<string, unknown>): Step => ({
  name: `PATCH /campaigns/{probe campaign}: ${name}`,
  method: 'PATCH',
  path: '/campaigns/{probe campaign}',
  body: { campaign: fields },
})
const titleOf = (length: number): Step => ({
  name: `PATCH /adverts/{probe advert}: a title of ${length} characters`,
  method: 'PATCH',
  path: '/adverts/{probe advert}',
  body: { advert: { title: 'T'.repeat(length) } },
})
const get = (path: string, name = `GET ${path}`, as?: Caller): Step => ({
  name,
  method: 'GET',
  path,
  ...(as ? { as } : {}),
})
const UNKNOWN = 2_000_000_001

/** The battery, in the order it is sent. */
export const BATTERY: readonly Step[] = [
  get('/user'),
  {
    name: 'PATCH /user: a new e-mail',
    method: 'PATCH',
    path: '/user',
    body: { user: { email: 'renamed@example.com' } },
  },
  get('/user/balance'),
  get('/adverts', 'GET /adverts: the captured ones'),
  get('/campaigns', 'GET /campaigns: the captured one'),
  get('/adverts/{advert A1}'),
  get('/campaigns/{campaign C1}', 'GET /campaigns/{campaign C1}: its detail'),
  {
    name: 'POST /adverts',
    method: 'POST',
    path: '/adverts',
    body: { advert: { title: 'Autumn sale', description: 'Up to 40% off' } },
    creates: 'new advert',
  },
  get('/adverts/{new advert}'),
  {
    name: 'PATCH /adverts/{new advert}',
    method: 'PATCH',
    path: '/adverts/{new advert}',
    body: { advert: { target_url: 'https://shop.example.com/autumn' } },
  },
  get('/adverts', 'GET /adverts: after the create'),
  {
    name: 'POST /campaigns',
    method: 'POST',
    path: '/campaigns',
    body: campaign('new advert'),
    creates: 'new campaign',
  },
  get('/campaigns?advert_id={new advert}'),
  get('/campaigns/{new campaign}', 'GET /campaigns/{new campaign}: its detail'),
  {
    name: 'PATCH /campaigns/{new campaign}',
    method: 'PATCH',
    path: '/campaigns/{new campaign}',
    body: { campaign: { cpm: 3.25, sending_limit: 2000 } },
  },
  { name: 'POST /campaigns/{new campaign}/toggle', method: 'POST', path: '/campaigns/{new campaign}/toggle' },
  get('/campaigns?enabled=false'),
  {
    name: 'POST /adverts, 28 times: more than a page',
    method: 'POST',
    path: '/adverts',
    body: { advert: { title: 'Bulk advert' } },
    creates: 'bulk advert',
    times: 28,
  },
  get('/adverts', 'GET /adverts: the default page size'),
  get('/adverts?page=2'),
  get('/adverts?per_page=101'),
  get('/adverts?per_page=200'),
  get('/adverts?per_page=1000'),
  get('/adverts?per_page=0'),
  get('/adverts?per_page=5&page=3'),
  get('/campaigns?broadcasting_type=active_ad'),
  get('/campaigns?broadcasting_type=video_ad'),
  { name: 'DELETE /adverts/{new advert}: in use', method: 'DELETE', path: '/adverts/{new advert}' },
  { name: 'DELETE /campaigns/{new campaign}', method: 'DELETE', path: '/campaigns/{new campaign}' },
  get('/campaigns/{new campaign}', 'GET /campaigns/{new campaign}: deleted'),
  { name: 'DELETE /adverts/{new advert}: unused', method: 'DELETE', path: '/adverts/{new advert}' },
  get('/adverts/{new advert}', 'GET /adverts/{new advert}: deleted'),
  get('/user', 'GET /user without a key', 'none'),
  get('/campaigns', 'GET /campaigns with a wrong key', 'wrong'),
  {
    name: 'POST /campaigns with "Bearer <key>"',
    method: 'POST',
    path: '/campaigns',
    body: campaign('advert A2'),
    as: 'bearer',
  },
  { name: 'DELETE /adverts/{advert A2} without a key', method: 'DELETE', path: '/adverts/{advert A2}', as: 'none' },
  get(`/campaigns/${UNKNOWN}`, 'GET /campaigns/{unknown}'),
  {
    name: 'PATCH /adverts/{unknown}',
    method: 'PATCH',
    path: `/adverts/${UNKNOWN}`,
    body: { advert: { title: 'Nobody' } },
  },
  { name: 'DELETE /campaigns/{unknown}', method: 'DELETE', path: `/campaigns/${UNKNOWN}` },
  get('/adverts/{foreign advert}', "GET another account's advert"),
  {
    name: "PATCH another account's advert",
    method: 'PATCH',
    path: '/adverts/{foreign advert}',
    body: { advert: { title: 'Mine now' } },
  },
  { name: "DELETE another account's advert", method: 'DELETE', path: '/adverts/{foreign advert}' },
  {
    name: "POST /campaigns on another account's advert",
    method: 'POST',
    path: '/campaigns',
    body: campaign('foreign advert'),
  },
  {
    name: 'POST /adverts: the probe',
    method: 'POST',
    path: '/adverts',
    body: { advert: { title: 'Probe' } },
    creates: 'probe advert',
  },
  {
    name: 'POST /campaigns: the probe',
    method: 'POST',
    path: '/campaigns',
    body: campaign('advert A2', { cpm: 1, sending_limit: 100 }),
    creates: 'probe campaign',
  },
  {
    name: 'POST /campaigns: cpm of the wrong type',
    method: 'POST',
    path: '/campaigns',
    body: campaign('advert A2', { cpm: 'cheap' }),
  },
  {
    name: 'POST /campaigns: sending_limit of the wrong type',
    method: 'POST',
    path: '/campaigns',
    body: campaign('advert A2', { sending_limit: 'many' }),
  },
  {
    name: 'POST /adverts: a title of the wrong type',
    method: 'POST',
    path: '/adverts',
    body: { advert: { title: 12345 } },
  },
  { name: 'POST /adverts: no title', method: 'POST', path: '/adverts', body: { advert: {} } },
  {
    name: 'PATCH /adverts/{probe advert}: an unknown field',
    method: 'PATCH',
    path: '/adverts/{probe advert}',
    body: { advert: { title: 'Probe', colour: 'red' } },
  },
  patchProbe('an unknown field', { cpm: 2, region: 'EU' }),
  patchProbe('cpm 0', { cpm: 0 }),
  patchProbe('cpm 1.125', { cpm: 1.125 }),
  patchProbe('cpm 1.1234', { cpm: 1.1234 }),
  patchProbe('cpm 500', { cpm: 500 }),
  patchProbe('cpm 500.01', { cpm: 500.01 }),
  patchProbe('cpm 100000', { cpm: 100_000 }),
  patchProbe('cpm 100000.01', { cpm: 100_000.01 }),
  ...[80, 81, 120, 121, 200, 201].map(titleOf),
  patchProbe('broadcasting_type passive_ad', { broadcasting_type: 'passive_ad' }),
  patchProbe('broadcasting_type interstitial_ad', { broadcasting_type: 'interstitial_ad' }),
  patchProbe('broadcasting_type banner_ad', { broadcasting_type: 'banner_ad' }),
  patchProbe('sending_limit 0', { sending_limit: 0 }),
  { name: 'POST /adverts: invalid JSON', method: 'POST', path: '/adverts', raw: '{"advert":' },
  {
    name: 'PATCH /campaigns/{probe campaign}: invalid JSON',
    method: 'PATCH',
    path: '/campaigns/{probe campaign}',
    raw: '{"campaign": {',
  },
  { name: 'PUT /campaigns', method: 'PUT', path: '/campaigns', body: campaign('advert A2') },
  { name: 'DELETE /user', method: 'DELETE', path: '/user' },
  { name: 'POST /adverts/{advert A1}', method: 'POST', path: '/adverts/{advert A1}', body: { advert: { title: 'x' } } },
  get('/adverts?per_page=100', 'GET /adverts?per_page=100: after the deletes, the captured ones still there'),
  get('/campaigns', 'GET /campaigns: after the deletes'),
  { name: 'POST /user/reset_api_key', method: 'POST', path: '/user/reset_api_key' },
  get('/user', 'GET /user with the old key', 'old'),
  get('/user', 'GET /user with the new key'),
]
