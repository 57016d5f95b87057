import type { DeleteAnswer, ErrorKind } from './house-conventions.js'
import { writeError } from './house-errors.js'
import { HouseInput, isShapeProblem, type InputProblem } from './house-input.js'
import { readPage, wholeNumber, writeList } from './house-lists.js'
import { presentAdvert, presentBalance, presentCampaign, presentUser, type Presenting } from './house-present.js'
import type { HouseReply } from './house-reply.js'
import type { HouseAccount, HouseStore } from './house-store.js'
import { ok } from './reply.js'
import { matchesFilters, type AdvertRow, type CampaignRow } from './store.js'

// A house style's operations, written from the spec (sections 2 and 4) and our document's paths,
// after the server has found the path and method, the key, the quota and the body. Where the spec
// is silent each step asks the style: its statuses, its bounds, its list envelope, its deletes.
// Order within an operation: the record (404, or the style's answer to another account's), then
// the input (every problem at once), then the operation's own rule.

/** One authenticated request on a path and method the style has. */
export interface HouseRequest extends Presenting {
  account: HouseAccount
  method: string
  /** Path segments below the prefix, e.g. ['campaigns', '12', 'toggle']. */
  segments: readonly string[]
  /** The whole URL, as the client sent it (links are built from it). */
  url: URL
  body: unknown
}

const CAMPAIGN_FIELDS = ['advert_id', 'broadcasting_type', 'cpm', 'sending_limit'] as const
const ADVERT_FIELDS = ['title', 'description', 'target_url'] as const

/** A refusal of the request in the style's shape. */
export function refuse(
  request: Pick<HouseRequest, 'store' | 'url'>,
  kind: ErrorKind,
  status: number,
  message: string,
  problems?: readonly InputProblem[],
  resource?: string,
): HouseReply {
  const refusal = { kind, status, message, instance: request.url.pathname }
  return writeError(request.store.conventions, {
    ...refusal,
    ...(problems ? { problems } : {}),
    ...(resource ? { resource } : {}),
  })
}

/** Invalid input: the style's status for a problem of shape where there is one, else for a broken rule. */
export function invalid(
  request: Pick<HouseRequest, 'store' | 'url'>,
  problems: readonly InputProblem[],
  resource?: string,
): HouseReply {
  const { statuses } = request.store.conventions
  const status = problems.some(isShapeProblem) ? statuses.wrongType : statuses.invalid
  return refuse(request, 'invalid', status, `The request is invalid: ${problems.length} problem(s)`, problems, resource)
}

/** The operation of a path and method the server has found. */
export function houseRoute(request: HouseRequest): HouseReply {
  const [collection, id, action] = request.segments
  const { method } = request
  if (collection === 'user') return userRoute(request, id)
  const kind = collection === 'campaigns' ? 'campaigns' : 'adverts'
  if (id === undefined) {
    if (method === 'GET') return list(request, kind)
    return kind === 'campaigns' ? createCampaign(request) : createAdvert(request)
  }
  const found = lookUp(request, kind, id)
  if ('status' in found) return found
  if (kind === 'campaigns') {
    const campaign = found.row as CampaignRow
    if (action === 'toggle') return toggle(request, campaign)
    if (method === 'PATCH') return updateCampaign(request, campaign)
    if (method === 'DELETE') return remove(request, 'campaigns', campaign)
    return ok(presentCampaign(request, campaign, true))
  }
  const advert = found.row as AdvertRow
  if (method === 'PATCH') return updateAdvert(request, advert)
  if (method === 'DELETE') return remove(request, 'adverts', advert)
  return ok(presentAdvert(request, advert))
}

function userRoute(request: HouseRequest, below: string | undefined): HouseReply {
  const { account, store } = request
  if (below === 'balance') return ok(presentBalance(request, account))
  if (below === 'reset_api_key') {
    Object.assign(account, { apiKey: store.newKey(), updatedAt: store.clock.now() })
    return ok(presentUser(request, account))
  }
  if (request.method === 'GET') return ok(presentUser(request, account))
  // PATCH /user (spec 4.2): {"user": {"email"}}, a 200 with the User.
  const input = new HouseInput(request.body, 'user', ['email'], store.conventions.unknownFields)
  const email = input.email('email', { required: true })
  if (input.problems.length > 0) return invalid(request, input.problems, 'user')
  Object.assign(account, { email, updatedAt: store.clock.now() })
  return ok(presentUser(request, account))
}

/** The record a path names, or the style's refusal: 404 when there is none, its status for another account's. */
function lookUp(
  request: HouseRequest,
  kind: 'adverts' | 'campaigns',
  id: string,
): { row: AdvertRow | CampaignRow } | HouseReply {
  const { store, account } = request
  const singular = kind === 'adverts' ? 'Advert' : 'Campaign'
  const row = /^\d{1,15}$/.test(id) ? store[kind].get(Number(id)) : undefined
  if (!row) return refuse(request, 'not_found', 404, `${singular} ${id} was not found`)
  if (row.ownerId === account.id) return { row }
  return store.conventions.statuses.foreign === 403
    ? refuse(request, 'forbidden', 403, `${singular} ${id} belongs to another account`)
    : refuse(request, 'not_found', 404, `${singular} ${id} was not found`)
}

function list(request: HouseRequest, kind: 'adverts' | 'campaigns'): HouseReply {
  const { store, account, url } = request
  const problems: InputProblem[] = []
  const ask = readPage(url.searchParams, store.conventions, problems)
  const rows = kind === 'campaigns' ? filteredCampaigns(request, problems) : store.owned(store.adverts, account.id)
  if (problems.length > 0) return invalid(request, problems)
  const present = (row: AdvertRow | CampaignRow) =>
    kind === 'campaigns' ? presentCampaign(request, row as CampaignRow) : presentAdvert(request, row as AdvertRow)
  const written = writeList(store.conventions, ask, rows, present, url)
  if (!('refused' in written)) return written
  return written.refused === 'past-last'
    ? refuse(request, 'not_found', 404, 'Invalid page.')
    : invalid(request, [
        { path: ['starting_after'], reason: `no ${kind.slice(0, -1)} ${ask.after} in this list`, code: 'invalid' },
      ])
}

/** The caller's campaigns that pass the list's filters (advert_id, enabled, broadcasting_type); a problem for each filter refused. */
function filteredCampaigns({ store, account, url }: HouseRequest, problems: InputProblem[]): CampaignRow[] {
  const advertId = wholeNumber(url.searchParams, 'advert_id', problems)
  const enabled = url.searchParams.get('enabled')
  const type = url.searchParams.get('broadcasting_type')
  const types = store.conventions.broadcastingTypes
  if (enabled !== null && enabled !== 'true' && enabled !== 'false')
    problems.push({ path: ['enabled'], reason: 'must be true or false', code: 'invalid' })
  if (type !== null && !types.includes(type))
    problems.push({ path: ['broadcasting_type'], reason: `must be one of ${types.join(', ')}`, code: 'invalid' })
  return store.owned(store.campaigns, account.id).filter((row) => matchesFilters(row, { advertId, enabled, type }))
}

/** The fields of a campaign's body, by the style's rules; `create` requires the four. */
function campaignInput(request: HouseRequest, create: boolean, campaign?: CampaignRow) {
  const { store, account, body } = request
  const { unknownFields, broadcastingTypes, bounds } = store.conventions
  const known = create ? CAMPAIGN_FIELDS : [...CAMPAIGN_FIELDS, 'enabled']
  const input = new HouseInput(body, 'campaign', known, unknownFields)
  const required = create
  const values = {
    advertId: input.integer('advert_id', { required }),
    broadcastingType: input.oneOf('broadcasting_type', broadcastingTypes, { required }),
    cpm: input.cpm('cpm', bounds.cpm, { required }),
    sendingLimit: input.integer('sending_limit', { required, max: bounds.sendingLimitMax }),
    enabled: create ? undefined : input.flag('enabled'),
  }
  if (values.advertId !== undefined && store.adverts.get(values.advertId)?.ownerId !== account.id)
    input.reject('advert_id', `advert ${values.advertId} does not exist`)
  if (campaign && values.sendingLimit !== undefined && values.sendingLimit < campaign.sendingCount)
    input.reject('sending_limit', `must not be below sending_count (${campaign.sendingCount})`)
  if (!create && input.problems.length === 0 && input.sentNothing(known))
    input.reject('', 'must change at least one field')
  return { input, values }
}

function createCampaign(request: HouseRequest): HouseReply {
  const { input, values } = campaignInput(request, true)
  if (input.problems.length > 0) return invalid(request, input.problems, 'campaign')
  const { store, account } = request
  const campaign = store.insert('campaigns', account.id, {
    advertId: values.advertId!,
    broadcastingType: values.broadcastingType!,
    cpm: values.cpm!,
    sendingLimit: values.sendingLimit!,
    sendingCount: 0,
    enabled: store.conventions.newCampaignsEnabled,
  })
  return ok(presentCampaign(request, campaign), 201)
}

function updateCampaign(request: HouseRequest, campaign: CampaignRow): HouseReply {
  const { input, values } = campaignInput(request, false, campaign)
  if (input.problems.length > 0) return invalid(request, input.problems, 'campaign')
  return ok(presentCampaign(request, change(request, campaign, values)))
}

function toggle(request: HouseRequest, campaign: CampaignRow): HouseReply {
  Object.assign(campaign, { enabled: !campaign.enabled, updatedAt: request.store.clock.now() })
  return ok(presentCampaign(request, campaign))
}

/** The fields of an advert's body, by the style's rules; `create` requires the title. */
function advertInput(request: HouseRequest, create: boolean) {
  const { unknownFields, bounds } = request.store.conventions
  const input = new HouseInput(request.body, 'advert', ADVERT_FIELDS, unknownFields)
  const values = {
    title: input.text('title', { required: create, min: 1, max: bounds.titleMax }),
    description: input.text('description', { max: bounds.descriptionMax }),
    targetUrl: input.url('target_url'),
  }
  if (!create && input.problems.length === 0 && input.sentNothing(ADVERT_FIELDS))
    input.reject('', 'must change at least one field')
  return { input, values }
}

function createAdvert(request: HouseRequest): HouseReply {
  const { input, values } = advertInput(request, true)
  if (input.problems.length > 0) return invalid(request, input.problems, 'advert')
  const fields = { title: values.title!, description: values.description ?? '', targetUrl: values.targetUrl ?? null }
  return ok(presentAdvert(request, request.store.insert('adverts', request.account.id, fields)), 201)
}

function updateAdvert(request: HouseRequest, advert: AdvertRow): HouseReply {
  const { input, values } = advertInput(request, false)
  if (input.problems.length > 0) return invalid(request, input.problems, 'advert')
  // The deliberate defect of a style that carries it: an update read as a replace of the link.
  const clears = request.store.conventions.defect === 'patch-clears-target-url' && values.targetUrl === undefined
  return ok(presentAdvert(request, change(request, advert, clears ? { ...values, targetUrl: null } : values)))
}

/** A record with the values sent (those not undefined), stamped now. */
function change<T extends AdvertRow | CampaignRow>(request: HouseRequest, row: T, values: object): T {
  const changes = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined))
  return Object.assign(row, changes, { updatedAt: request.store.clock.now() })
}

function remove(request: HouseRequest, kind: 'adverts' | 'campaigns', row: AdvertRow | CampaignRow): HouseReply {
  const { store } = request
  if (kind === 'adverts') {
    const users = [...store.campaigns.values()].filter((campaign) => campaign.advertId === row.id).map((c) => c.id)
    if (users.length > 0)
      return refuse(
        request,
        'in_use',
        store.conventions.statuses.inUse,
        `Advert ${row.id} is used by campaign(s) ${users.join(', ')}: delete them first`,
      )
  }
  const answer: DeleteAnswer = store.conventions.deletes[kind === 'adverts' ? 'advert' : 'campaign']
  const record =
    kind === 'adverts' ? presentAdvert(request, row as AdvertRow) : presentCampaign(request, row as CampaignRow)
  store[kind].delete(row.id)
  if (answer.status === 204) return { status: 204 }
  return ok(answer.body === 'record' ? record : { id: row.id, deleted: true }, answer.status)
}
