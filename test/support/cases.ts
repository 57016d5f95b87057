import { DEMO_API_KEY } from '../../src/store/fixtures.js'
import type { ExpectedError } from './expect-error.js'
import type { TestRequest } from './transports.js'

/** The request sent as the demo user: their key in Authorization, unless the request sets its own. */
export function asDemo(req: TestRequest): TestRequest {
  return { ...req, headers: { authorization: DEMO_API_KEY, ...req.headers } }
}

/**
 * A valid request for each operation of operations/api.ts, as the demo user, with the fixtures
 * loaded. `foreignPath` addresses another user's resource; `missingPath` one that does
 * not exist. Tables of error cases are built from these.
 */
export const validRequests: Record<
  string,
  TestRequest & { status: number; foreignPath?: string; missingPath?: string }
> = {
  getUser: { method: 'GET', path: '/user', status: 200 },
  updateUser: { method: 'PATCH', path: '/user', body: { user: { email: 'new.address@example.com' } }, status: 200 },
  resetApiKey: { method: 'POST', path: '/user/reset_api_key', status: 200 },
  getUserBalance: { method: 'GET', path: '/user/balance', status: 200 },
  listCampaigns: { method: 'GET', path: '/campaigns', status: 200 },
  createCampaign: {
    method: 'POST',
    path: '/campaigns',
    body: { campaign: { advert_id: 2, broadcasting_type: 'active_ad', cpm: 4.2, sending_limit: 1500 } },
    status: 201,
  },
  getCampaign: {
    method: 'GET',
    path: '/campaigns/1',
    status: 200,
    foreignPath: '/campaigns/4',
    missingPath: '/campaigns/999',
  },
  updateCampaign: {
    method: 'PATCH',
    path: '/campaigns/1',
    body: { campaign: { cpm: 3.1, enabled: false } },
    status: 200,
    foreignPath: '/campaigns/4',
    missingPath: '/campaigns/999',
  },
  deleteCampaign: {
    method: 'DELETE',
    path: '/campaigns/1',
    status: 200,
    foreignPath: '/campaigns/4',
    missingPath: '/campaigns/999',
  },
  toggleCampaign: {
    method: 'POST',
    path: '/campaigns/1/toggle',
    status: 200,
    foreignPath: '/campaigns/4/toggle',
    missingPath: '/campaigns/999/toggle',
  },
  listAdverts: { method: 'GET', path: '/adverts', status: 200 },
  createAdvert: {
    method: 'POST',
    path: '/adverts',
    body: {
      advert: { title: 'Winter boots', description: 'Warm and dry', target_url: 'https://shop.example.com/winter' },
    },
    status: 201,
  },
  getAdvert: { method: 'GET', path: '/adverts/1', status: 200, foreignPath: '/adverts/4', missingPath: '/adverts/999' },
  updateAdvert: {
    method: 'PATCH',
    path: '/adverts/1',
    body: { advert: { title: 'Summer sale' } },
    status: 200,
    foreignPath: '/adverts/4',
    missingPath: '/adverts/999',
  },
  deleteAdvert: {
    method: 'DELETE',
    path: '/adverts/3',
    status: 200,
    foreignPath: '/adverts/4',
    missingPath: '/adverts/999',
  },
}

/** A request and the error the mock must answer it with: status, code and (for 422) the failing field. */
export interface ErrorCase extends ExpectedError {
  name: string
  request: TestRequest
}

type Row = [name: string, body: unknown, field: string]

/** One 422 case per row: what is wrong, the body, and the field the error must name. */
function invalidBodies(rows: Row[], method: 'POST' | 'PATCH', path: string): ErrorCase[] {
  return rows.map(([name, body, field]) => ({
    name: `${method} ${path}: ${name}`,
    request: { method, path, body },
    status: 422,
    code: 'validation_failed',
    field,
  }))
}

const campaign = { advert_id: 2, broadcasting_type: 'active_ad', cpm: 4.2, sending_limit: 1500 }

/** Invalid input, one row per way to get it wrong. */
export const invalidInputCases: ErrorCase[] = [
  ...invalidBodies(
    [
      ['missing wrapper', {}, 'user'],
      ['wrapper not an object', { user: 'me@example.com' }, 'user'],
      ['invalid e-mail', { user: { email: 'not-an-email' } }, 'user.email'],
      ['e-mail of the wrong type', { user: { email: 42 } }, 'user.email'],
      ['unknown field', { user: { email: 'a@example.com', admin: true } }, 'user.admin'],
      ['e-mail taken by another user', { user: { email: 'OTHER@example.com' } }, 'user.email'],
    ],
    'PATCH',
    '/user',
  ),
  ...invalidBodies(
    [
      ['missing wrapper', {}, 'campaign'],
      ['missing advert_id', { campaign: { ...campaign, advert_id: undefined } }, 'campaign.advert_id'],
      ['cpm zero', { campaign: { ...campaign, cpm: 0 } }, 'campaign.cpm'],
      ['cpm negative', { campaign: { ...campaign, cpm: -1 } }, 'campaign.cpm'],
      ['cpm as a string', { campaign: { ...campaign, cpm: '4.20' } }, 'campaign.cpm'],
      ['cpm with fractions of a cent', { campaign: { ...campaign, cpm: 1.234 } }, 'campaign.cpm'],
      ['sending_limit zero', { campaign: { ...campaign, sending_limit: 0 } }, 'campaign.sending_limit'],
      ['sending_limit not an integer', { campaign: { ...campaign, sending_limit: 1.5 } }, 'campaign.sending_limit'],
      [
        'unknown broadcasting_type',
        { campaign: { ...campaign, broadcasting_type: 'loud_ad' } },
        'campaign.broadcasting_type',
      ],
      ['unknown advert_id', { campaign: { ...campaign, advert_id: 999 } }, 'campaign.advert_id'],
      ["another user's advert_id", { campaign: { ...campaign, advert_id: 4 } }, 'campaign.advert_id'],
      ['unknown field', { campaign: { ...campaign, sending_count: 5 } }, 'campaign.sending_count'],
    ],
    'POST',
    '/campaigns',
  ),
  ...invalidBodies(
    [
      ['no fields', { campaign: {} }, 'campaign'],
      ['enabled not a boolean', { campaign: { enabled: 'yes' } }, 'campaign.enabled'],
      ['sending_limit below sending_count', { campaign: { sending_limit: 10 } }, 'campaign.sending_limit'],
      ["another user's advert_id", { campaign: { advert_id: 4 } }, 'campaign.advert_id'],
      ['read-only field', { campaign: { advert_title: 'x' } }, 'campaign.advert_title'],
    ],
    'PATCH',
    '/campaigns/1',
  ),
  ...invalidBodies(
    [
      ['missing wrapper', {}, 'advert'],
      ['empty title', { advert: { title: '  ' } }, 'advert.title'],
      ['target_url not http', { advert: { title: 'x', target_url: 'ftp://example.com' } }, 'advert.target_url'],
    ],
    'POST',
    '/adverts',
  ),
  ...invalidBodies(
    [
      ['no fields', { advert: {} }, 'advert'],
      ['title of the wrong type', { advert: { title: 7 } }, 'advert.title'],
    ],
    'PATCH',
    '/adverts/1',
  ),
  ...[
    ['/campaigns?page=0', 'page'],
    ['/campaigns?per_page=101', 'per_page'],
    ['/campaigns?per_page=ten', 'per_page'],
    ['/campaigns?enabled=yes', 'enabled'],
    ['/campaigns?broadcasting_type=loud_ad', 'broadcasting_type'],
    ['/campaigns?advert_id=-1', 'advert_id'],
    ['/adverts?page=1.5', 'page'],
    ['/campaigns?advert_id=0x1', 'advert_id'],
    ['/campaigns?advert_id=1e0', 'advert_id'],
    ['/campaigns?page=01', 'page'],
    ['/campaigns?page=1.0', 'page'],
    ['/adverts?per_page=%2010', 'per_page'],
    ['/adverts?per_page=0', 'per_page'],
  ].map(([path, field]) => ({
    name: `GET ${path}`,
    request: { method: 'GET' as const, path: path! },
    status: 422,
    code: 'validation_failed',
    field,
  })),
  {
    name: 'DELETE /adverts/1: an advert that campaigns use',
    request: { method: 'DELETE', path: '/adverts/1' },
    status: 422,
    code: 'advert_in_use',
  },
]

/** Control-plane requests that must be refused without changing anything (documented in admin.openapi.json). */
export const controlPlaneCases: ErrorCase[] = [
  {
    name: 'POST /__admin/users: an e-mail another user has',
    request: { method: 'POST', path: '/__admin/users', body: { email: 'Demo@Example.com' } },
    status: 422,
    code: 'validation_failed',
    field: 'email',
  },
]

/** Bodies that are not JSON at all, for every operation that takes one. */
export const unreadableBodyCases: ErrorCase[] = Object.entries(validRequests)
  .filter(([, req]) => req.body !== undefined)
  .flatMap(([operationId, req]) => [
    {
      name: `${operationId}: malformed JSON`,
      request: { ...req, headers: { 'content-type': 'application/json' }, body: '{"oops": ' },
      status: 400,
      code: 'invalid_json',
    },
    {
      name: `${operationId}: body sent as text/plain`,
      request: { ...req, headers: { 'content-type': 'text/plain' }, body: JSON.stringify(req.body) },
      status: 415,
      code: 'unsupported_media_type',
    },
    {
      name: `${operationId}: no body`,
      request: { ...req, body: undefined },
      status: 422,
      code: 'validation_failed',
      field: '',
    },
  ])

/** Requests no operation matches. */
export const unknownRouteCases: ErrorCase[] = [
  { name: 'GET /api/v1/nothing', request: { method: 'GET', path: '/nothing' }, status: 404, code: 'route_not_found' },
  { name: 'GET /api/v1', request: { method: 'GET', path: '/api/v1' }, status: 404, code: 'route_not_found' },
  {
    name: 'PUT /api/v1/campaigns/1',
    request: { method: 'PUT', path: '/campaigns/1', body: {} },
    status: 404,
    code: 'route_not_found',
  },
  {
    name: 'GET /api/v1/campaigns/abc',
    request: { method: 'GET', path: '/campaigns/abc' },
    status: 404,
    code: 'not_found',
  },
  { name: 'GET /api/v1/campaigns/0', request: { method: 'GET', path: '/campaigns/0' }, status: 404, code: 'not_found' },
  ...['01', '1e0', '0x1', '9007199254740993', '-1'].map((id) => ({
    name: `GET /api/v1/campaigns/${id}`,
    request: { method: 'GET' as const, path: `/campaigns/${id}` },
    status: 404,
    code: 'not_found',
  })),
]
