import { ok, type AuthenticatedRequest, type Reply } from './reply.js'
import { presentSecondAdvert, presentSecondCampaign, presentSecondUser } from './second-present.js'
import { SECOND_SET } from './second-set.js'
import { newSecondKey, type SecondStore } from './second-store.js'
import { matchesFilters } from './store.js'
import { queryNumber, SecondInput, type Problem } from './second-validate.js'

// The second set's operations, after the server has found the path, the key, the quota and the
// body: input checked first (a 400 listing every problem), then the record (another account's is
// a 404, like a missing one), then the rule of the operation.

/** One authenticated request of the second set, already read. */
export type SecondRequest = AuthenticatedRequest<SecondStore>

const { codes } = SECOND_SET

/** The second set's error body: code and message, and the problems of invalid input. */
export function secondProblem(status: number, code: string, message: string, errors?: Problem[]): Reply {
  return { status, body: { success: false, error: { code, message, ...(errors ? { errors } : {}) } } }
}

const invalid = (errors: Problem[]) =>
  secondProblem(SECOND_SET.validationStatus, codes.validation, 'The request is invalid', errors)
const notFound = (what: string) => secondProblem(404, codes.notFound, `${what} was not found`)

/** The second set's operations, by method and path (the server has answered 404 and 405 already). */
export function secondRoute(request: SecondRequest): Reply {
  const [collection, id, action] = request.segments
  if (collection === 'user') return userRoute(request, id)
  if (collection !== 'adverts' && collection !== 'campaigns') return notFound('The path')
  if (id === undefined) {
    if (request.method === 'GET') return list(request, collection)
    return collection === 'campaigns' ? createCampaign(request) : createAdvert(request)
  }
  const rowId = /^\d{1,15}$/.test(id) ? Number(id) : 0
  if (action === 'toggle') return toggleCampaign(request, rowId)
  if (request.method === 'PATCH')
    return collection === 'campaigns' ? updateCampaign(request, rowId) : updateAdvert(request, rowId)
  if (request.method === 'DELETE')
    return collection === 'campaigns' ? deleteCampaign(request, rowId) : deleteAdvert(request, rowId)
  if (collection === 'campaigns') {
    const campaign = ownCampaign(request, rowId)
    return campaign ? ok(presentSecondCampaign(request.store, campaign)) : notFound(`Campaign ${id}`)
  }
  const advert = ownAdvert(request, rowId)
  return advert ? ok(presentSecondAdvert(advert)) : notFound(`Advert ${id}`)
}

function userRoute({ method, account, body, store, perMinute }: SecondRequest, below: string | undefined): Reply {
  if (below === 'balance') return ok({ balance_usd: 0, total_topups_usd: 0 })
  if (below === 'reset_api_key') {
    Object.assign(account, { apiKey: newSecondKey(), updatedAt: store.now() })
    return ok(presentSecondUser(account, perMinute))
  }
  if (method === 'PATCH') {
    const input = new SecondInput(body, 'user', ['email'])
    const email = input.email('email', { required: true })
    if (input.problems.length > 0 || email === undefined) return invalid(input.problems)
    Object.assign(account, { email, updatedAt: store.now() })
  }
  return ok(presentSecondUser(account, perMinute))
}

function list({ store, account, query }: SecondRequest, collection: 'campaigns' | 'adverts'): Reply {
  const problems: Problem[] = []
  const page = queryNumber(query, 'page', 1, problems, 1_000_000) ?? 1
  const perPage = Math.min(
    queryNumber(query, 'per_page', 1, problems) ?? SECOND_SET.pages.default,
    SECOND_SET.pages.max,
  )
  const advertId = queryNumber(query, 'advert_id', 1, problems)
  const enabled = query.get('enabled')
  const type = query.get('broadcasting_type')
  if (enabled !== null && enabled !== 'true' && enabled !== 'false')
    problems.push({ path: 'enabled', detail: 'must be true or false' })
  if (type !== null && !(SECOND_SET.broadcastingTypes as readonly string[]).includes(type))
    problems.push({ path: 'broadcasting_type', detail: `must be one of ${SECOND_SET.broadcastingTypes.join(', ')}` })
  if (problems.length > 0) return invalid(problems)
  const items =
    collection === 'adverts'
      ? store.owned(store.adverts, account.id).map(presentSecondAdvert)
      : store
          .owned(store.campaigns, account.id)
          .filter((campaign) => matchesFilters(campaign, { advertId, enabled, type }))
          .map((campaign) => presentSecondCampaign(store, campaign))
  const meta = { page, per_page: perPage, total_count: items.length, total_pages: Math.ceil(items.length / perPage) }
  const data = items.slice((page - 1) * perPage, page * perPage)
  return { status: 200, body: { success: true, data, meta, object: SECOND_SET.listObject } }
}

const CAMPAIGN_FIELDS = ['advert_id', 'broadcasting_type', 'cpm', 'sending_limit'] as const

function campaignInput(request: SecondRequest, create: boolean) {
  const input = new SecondInput(request.body, 'campaign', create ? CAMPAIGN_FIELDS : [...CAMPAIGN_FIELDS, 'enabled'])
  const required = create
  const values = {
    advertId: input.number('advert_id', { required }),
    broadcastingType: input.oneOf('broadcasting_type', SECOND_SET.broadcastingTypes, { required }),
    cpm: input.number('cpm', { required, ...SECOND_SET.cpm }),
    sendingLimit: input.number('sending_limit', { required, max: 1_000_000_000 }),
    enabled: create ? undefined : input.flag('enabled'),
  }
  if (!create && input.problems.length === 0 && input.empty) input.fail('campaign', 'must change at least one field')
  return { input, values }
}

/** The advert a campaign names must be the caller's: checked once the input is well-formed (and, on a PATCH, the campaign found). */
function checkAdvert(request: SecondRequest, { input, values }: ReturnType<typeof campaignInput>): void {
  if (input.problems.length === 0 && values.advertId !== undefined && !ownAdvert(request, values.advertId))
    input.fail('advert_id', `advert ${values.advertId} does not exist`)
}

function createCampaign(request: SecondRequest): Reply {
  const checked = campaignInput(request, true)
  checkAdvert(request, checked)
  const { input, values } = checked
  const { advertId, broadcastingType, cpm, sendingLimit } = values
  if (input.problems.length > 0 || !advertId || !broadcastingType || !cpm || !sendingLimit)
    return invalid(input.problems)
  const { store, account } = request
  const at = store.now()
  const campaign = {
    ...{ id: store.nextId('campaigns'), ownerId: account.id, advertId, broadcastingType, cpm, sendingLimit },
    ...{ sendingCount: 0, enabled: true, createdAt: at, updatedAt: at },
  }
  store.campaigns.set(campaign.id, campaign)
  return ok(presentSecondCampaign(store, campaign), 201)
}

function updateCampaign(request: SecondRequest, id: number): Reply {
  const checked = campaignInput(request, false)
  const { input, values } = checked
  if (input.problems.length > 0) return invalid(input.problems)
  const campaign = ownCampaign(request, id)
  if (!campaign) return notFound(`Campaign ${id}`)
  checkAdvert(request, checked)
  if (input.problems.length > 0) return invalid(input.problems)
  if (values.sendingLimit !== undefined && values.sendingLimit < campaign.sendingCount)
    return invalid([{ path: 'sending_limit', detail: 'must not be below sending_count' }])
  const changes = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined))
  Object.assign(campaign, changes, { updatedAt: request.store.now() })
  return ok(presentSecondCampaign(request.store, campaign))
}

function toggleCampaign(request: SecondRequest, id: number): Reply {
  const campaign = ownCampaign(request, id)
  if (!campaign) return notFound(`Campaign ${id}`)
  Object.assign(campaign, { enabled: !campaign.enabled, updatedAt: request.store.now() })
  return ok(presentSecondCampaign(request.store, campaign))
}

function deleteCampaign(request: SecondRequest, id: number): Reply {
  if (!ownCampaign(request, id)) return notFound(`Campaign ${id}`)
  request.store.campaigns.delete(id)
  return { status: SECOND_SET.deletes.campaign }
}

function advertInput(request: SecondRequest, create: boolean) {
  const input = new SecondInput(request.body, 'advert', ['title', 'description', 'target_url'])
  const values = {
    title: input.text('title', { required: create, min: 1, max: SECOND_SET.titleMaxLength }),
    description: input.text('description', { max: 2000 }),
    targetUrl: input.url('target_url'),
  }
  if (!create && input.problems.length === 0 && input.empty) input.fail('advert', 'must change at least one field')
  return { input, values }
}

function createAdvert(request: SecondRequest): Reply {
  const { input, values } = advertInput(request, true)
  if (input.problems.length > 0 || values.title === undefined) return invalid(input.problems)
  const { store, account } = request
  const at = store.now()
  const advert = {
    ...{ id: store.nextId('adverts'), ownerId: account.id, title: values.title },
    ...{ description: values.description ?? '', targetUrl: values.targetUrl ?? null, createdAt: at, updatedAt: at },
  }
  store.adverts.set(advert.id, advert)
  return ok(presentSecondAdvert(advert), 201)
}

function updateAdvert(request: SecondRequest, id: number): Reply {
  const { input, values } = advertInput(request, false)
  if (input.problems.length > 0) return invalid(input.problems)
  const advert = ownAdvert(request, id)
  if (!advert) return notFound(`Advert ${id}`)
  const changes = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined))
  Object.assign(advert, changes, { updatedAt: request.store.now() })
  return ok(presentSecondAdvert(advert))
}

function deleteAdvert(request: SecondRequest, id: number): Reply {
  const advert = ownAdvert(request, id)
  if (!advert) return notFound(`Advert ${id}`)
  const users = [...request.store.campaigns.values()].filter((campaign) => campaign.advertId === id)
  if (users.length > 0)
    return secondProblem(
      409,
      codes.conflict,
      `Advert ${id} is used by campaign${users.length > 1 ? 's' : ''} ${users.map((c) => c.id).join(', ')}: delete them first`,
    )
  request.store.adverts.delete(id)
  return ok(presentSecondAdvert(advert))
}

function ownAdvert({ store, account }: SecondRequest, id: number) {
  const advert = store.adverts.get(id)
  return advert?.ownerId === account.id ? advert : undefined
}

function ownCampaign({ store, account }: SecondRequest, id: number) {
  const campaign = store.campaigns.get(id)
  return campaign?.ownerId === account.id ? campaign : undefined
}
