import { presentAdvert, presentCampaign, presentUser } from './present.js'
import { ok, type AuthenticatedRequest, type Reply } from './reply.js'
import { matchesFilters, newApiKey, type Store } from './store.js'
import { Fields, queryInteger, type FieldError } from './validate.js'

/** One authenticated request of the first set, already read. */
export interface RouteRequest extends AuthenticatedRequest<Store> {
  advertCreateStatus: number
}

// The spec names one broadcasting type (2.3: "a value of this field is active_ad"); this server knows no other.
const BROADCASTING_TYPES = ['active_ad'] as const
const PAGE_SIZE = { default: 20, max: 100 } as const

/** The error body every refusal has: code, message and a link (but a 422, which names its fields instead). */
export function problem(status: number, code: string, message: string, fields?: FieldError[]): Reply {
  const error = fields
    ? { code, message, fields }
    : { code, message, documentation_url: `https://docs.independent.example/errors/${code}` }
  return { status, body: { success: false, error } }
}

const invalid = (fields: FieldError[]) =>
  problem(422, 'invalid_request', `Invalid request: ${fields.map((f) => `${f.field} ${f.message}`).join('; ')}`, fields)
const notFound = () => problem(404, 'resource_not_found', 'No such resource')

/** The API's operations, by method and path. */
export function route(request: RouteRequest): Reply {
  const { method, segments } = request
  const [collection, id, action, extra] = segments
  if (extra !== undefined) return notFound()
  if (collection === 'user') return userRoute(request, id)
  if (collection !== 'campaigns' && collection !== 'adverts') return notFound()
  if (id === undefined) {
    if (method === 'GET') return list(request, collection)
    if (method === 'POST') return collection === 'campaigns' ? createCampaign(request) : createAdvert(request)
    return notFound()
  }
  const rowId = /^\d{1,15}$/.test(id) ? Number(id) : 0
  const table = collection === 'campaigns' ? request.store.campaigns : request.store.adverts
  const row = request.store.live<{ ownerId: number; deletedAt?: string }>(table, rowId)
  if (!row) return notFound()
  if (row.ownerId !== request.account.id) return problem(403, 'forbidden', 'This resource belongs to another account')
  if (action === 'toggle' && collection === 'campaigns' && method === 'POST') return toggleCampaign(request, rowId)
  if (action !== undefined) return notFound()
  if (method === 'GET')
    return ok(
      collection === 'campaigns'
        ? presentCampaign(request.store, request.store.campaigns.get(rowId)!, true)
        : presentAdvert(request.store.adverts.get(rowId)!),
    )
  if (method === 'PATCH')
    return collection === 'campaigns' ? updateCampaign(request, rowId) : updateAdvert(request, rowId)
  if (method === 'DELETE') {
    // Soft: the row is kept with its deletion time (an advert's campaigns go with it).
    const deletedAt = request.store.now()
    if (collection === 'adverts')
      for (const campaign of request.store.campaigns.values())
        if (campaign.advertId === rowId) campaign.deletedAt ??= deletedAt
    row.deletedAt = deletedAt
    return { status: 204 }
  }
  return notFound()
}

function userRoute({ method, account, body, store, perMinute }: RouteRequest, below: string | undefined): Reply {
  if (below === undefined && method === 'GET') return ok(presentUser(account, perMinute))
  if (below === undefined && method === 'PATCH') {
    const fields = new Fields(body, 'user')
    const email = fields.email('email', { required: true })
    if (fields.errors.length > 0 || email === undefined) return invalid(fields.errors)
    Object.assign(account, { email, updatedAt: store.now() })
    return ok(presentUser(account, perMinute))
  }
  if (below === 'reset_api_key' && method === 'POST') {
    Object.assign(account, { apiKey: newApiKey(), updatedAt: store.now() })
    return ok(presentUser(account, perMinute))
  }
  if (below === 'balance' && method === 'GET') return ok({ balance_usd: 0, total_topups_usd: 0, currency: 'USD' })
  return notFound()
}

function list({ store, account, query }: RouteRequest, collection: 'campaigns' | 'adverts'): Reply {
  const errors: FieldError[] = []
  const page = queryInteger(query, 'page', 1, 1_000_000, errors) ?? 1
  const perPage = queryInteger(query, 'per_page', 1, PAGE_SIZE.max, errors) ?? PAGE_SIZE.default
  let rows: Array<{ id: number }>
  if (collection === 'campaigns') {
    const advertId = queryInteger(query, 'advert_id', 1, Number.MAX_SAFE_INTEGER, errors)
    const enabled = query.get('enabled')
    const type = query.get('broadcasting_type')
    if (enabled !== null && enabled !== 'true' && enabled !== 'false')
      errors.push({ field: 'enabled', message: 'must be true or false' })
    if (type !== null && !(BROADCASTING_TYPES as readonly string[]).includes(type))
      errors.push({ field: 'broadcasting_type', message: `must be one of ${BROADCASTING_TYPES.join(', ')}` })
    rows = store
      .owned(store.campaigns, account.id)
      .filter((campaign) => matchesFilters(campaign, { advertId, enabled, type }))
  } else {
    rows = store.owned(store.adverts, account.id)
  }
  if (errors.length > 0) return invalid(errors)
  const items = rows.slice((page - 1) * perPage, page * perPage)
  const present = (row: { id: number }) =>
    collection === 'campaigns'
      ? presentCampaign(store, store.campaigns.get(row.id)!)
      : presentAdvert(store.adverts.get(row.id)!)
  return {
    status: 200,
    body: {
      success: true,
      data: items.map(present),
      pagination: { page, per_page: perPage, total_count: rows.length, total_pages: Math.ceil(rows.length / perPage) },
    },
  }
}

function campaignFields(request: RouteRequest, required: boolean) {
  const fields = new Fields(request.body, 'campaign')
  const values = {
    advertId: fields.number('advert_id', { required, integer: true }),
    broadcastingType: fields.oneOf('broadcasting_type', BROADCASTING_TYPES, { required }),
    cpm: fields.number('cpm', { required, max: 100_000 }),
    sendingLimit: fields.number('sending_limit', { required, integer: true, max: 1_000_000_000 }),
    enabled: required ? undefined : fields.flag('enabled'),
  }
  const advert = values.advertId === undefined ? undefined : request.store.live(request.store.adverts, values.advertId)
  if (values.advertId !== undefined && advert?.ownerId !== request.account.id)
    fields.errors.push({ field: 'campaign.advert_id', message: `advert ${values.advertId} does not exist` })
  return { fields, values }
}

function createCampaign(request: RouteRequest): Reply {
  const { fields, values } = campaignFields(request, true)
  if (fields.errors.length > 0) return invalid(fields.errors)
  const { store, account } = request
  const at = store.now()
  const campaign = {
    id: store.nextId(),
    ownerId: account.id,
    advertId: values.advertId!,
    broadcastingType: values.broadcastingType!,
    cpm: values.cpm!,
    sendingLimit: values.sendingLimit!,
    sendingCount: 0,
    enabled: false,
    createdAt: at,
    updatedAt: at,
  }
  store.campaigns.set(campaign.id, campaign)
  return ok(presentCampaign(store, campaign), 201)
}

function updateCampaign(request: RouteRequest, id: number): Reply {
  const { fields, values } = campaignFields(request, false)
  const changes = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined))
  if (fields.errors.length === 0 && Object.keys(changes).length === 0)
    fields.errors.push({ field: 'campaign', message: 'must change at least one field' })
  const campaign = request.store.campaigns.get(id)!
  if (values.sendingLimit !== undefined && values.sendingLimit < campaign.sendingCount)
    fields.errors.push({ field: 'campaign.sending_limit', message: 'is below sending_count' })
  if (fields.errors.length > 0) return invalid(fields.errors)
  Object.assign(campaign, changes, { updatedAt: request.store.now() })
  return ok(presentCampaign(request.store, campaign))
}

function toggleCampaign({ store }: RouteRequest, id: number): Reply {
  const campaign = store.campaigns.get(id)!
  Object.assign(campaign, { enabled: !campaign.enabled, updatedAt: store.now() })
  return ok(presentCampaign(store, campaign))
}

function advertFields(request: RouteRequest, required: boolean) {
  const fields = new Fields(request.body, 'advert')
  const values = {
    title: fields.text('title', { required, min: 1, max: 200 }),
    description: fields.text('description', { max: 2000 }),
    targetUrl: fields.url('target_url'),
  }
  return { fields, values }
}

function createAdvert(request: RouteRequest): Reply {
  const { fields, values } = advertFields(request, true)
  if (fields.errors.length > 0) return invalid(fields.errors)
  const { store, account } = request
  const at = store.now()
  const advert = {
    id: store.nextId(),
    ownerId: account.id,
    title: values.title!,
    description: values.description ?? '',
    targetUrl: values.targetUrl ?? null,
    createdAt: at,
    updatedAt: at,
  }
  store.adverts.set(advert.id, advert)
  return ok(presentAdvert(advert), request.advertCreateStatus)
}

function updateAdvert(request: RouteRequest, id: number): Reply {
  const { fields, values } = advertFields(request, false)
  const changes = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined))
  if (fields.errors.length === 0 && Object.keys(changes).length === 0)
    fields.errors.push({ field: 'advert', message: 'must change at least one field' })
  if (fields.errors.length > 0) return invalid(fields.errors)
  Object.assign(request.store.adverts.get(id)!, changes, { updatedAt: request.store.now() })
  return ok(presentAdvert(request.store.adverts.get(id)!))
}
