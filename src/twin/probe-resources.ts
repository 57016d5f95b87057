import type { Exchange } from '../../contract-tests/lib/client/exchange.js'
import type { ContractDocument } from '../../contract-tests/lib/document/document.js'
import type { Template } from '../profile/template.js'
import {
  accepted,
  dataOf,
  errorSeen,
  idOf,
  isJson,
  type Json,
  type LearnContext,
  type OwnResources,
} from './learn-context.js'
import { example } from './error-examples.js'
import { documentedSchema, learnExtraFields, learnFieldOrder } from './learn-fields.js'

// The resources: what a new advert and campaign look like (extra fields, enabled), whether a
// campaign's detail embeds its advert, what the deletes answer, whether an advert in use can be
// deleted, and which broadcasting types are taken. Creates the advert and campaign the later
// probes share; everything else it creates it deletes at once.

/** Broadcasting types tried beside the document's: names a deployment could plausibly take (the common ad formats). */
const OTHER_BROADCASTING_TYPES = ['banner_ad', 'video_ad', 'native_ad', 'interstitial_ad', 'email_ad']

/** A campaign body on an advert, with a type the spec names. */
export function campaignBody(advertId: number, changes: Json = {}): Json {
  return {
    campaign: { advert_id: advertId, broadcasting_type: 'active_ad', cpm: 2.5, sending_limit: 1000, ...changes },
  }
}

/** Creates the shared advert and campaign, then learns every resource choice. */
export async function probeResources(ctx: LearnContext): Promise<void> {
  const own = await createOwn(ctx)
  ctx.own = own
  const detail = await ctx.send({ method: 'GET', path: `/campaigns/${own.campaign?.id}`, purpose: 'campaign detail' })
  const embedded = dataOf(detail)?.advert
  if (accepted(detail))
    ctx.observations.learn(
      'resources.campaignDetailEmbedsAdvert',
      isJson(embedded) && idOf(embedded) === own.advert.id,
      ctx.evidence(detail, isJson(embedded) ? `advert ${idOf(embedded)} embedded` : 'no advert object'),
    )
  await probeAdvertInUse(ctx)
  await probeBroadcastingTypes(ctx, own.advert.id)
  if (own.campaign && ctx.campaignCreated) {
    await probeToggle(ctx, own.campaign)
    learnExtraFields(ctx, 'campaign', 'Campaign', own.campaign, ctx.campaignCreated, ctx.followingFields.campaign)
  }
  const account = ctx.account
  if (account) {
    learnExtraFields(ctx, 'user', 'User', account.user, account.userExchange)
    learnFieldOrder(ctx, 'user', 'User', account.user, account.userExchange)
    if (account.balance) {
      learnExtraFields(ctx, 'balance', 'Balance', account.balance, account.balanceExchange)
      learnFieldOrder(ctx, 'balance', 'Balance', account.balance, account.balanceExchange)
    }
  }
  learnFieldOrder(ctx, 'advert', 'Advert', own.advert, ctx.advertCreated)
  if (own.campaign && ctx.campaignCreated)
    learnFieldOrder(ctx, 'campaign', 'Campaign', own.campaign, ctx.campaignCreated)
}

/** The advert and campaign the probes share; without them nothing else can be learned. */
async function createOwn(ctx: LearnContext): Promise<OwnResources> {
  const { exchange: advertAnswer, record: advert } = await create(ctx, 'adverts', {
    advert: { title: ctx.title('advert') },
  })
  if (!advert)
    throw new Error(`POST /adverts answered ${errorSeen(advertAnswer)}: the learner needs an advert of its own`)
  learnExtraFields(ctx, 'advert', 'Advert', advert, advertAnswer)
  ctx.advertCreated = advertAnswer
  const { exchange: answer, record: campaign } = await create(ctx, 'campaigns', campaignBody(advert.id))
  if (!campaign)
    throw new Error(`POST /campaigns answered ${errorSeen(answer)}: the learner needs a campaign of its own`)
  ctx.campaignCreated = answer
  if (typeof campaign.enabled === 'boolean')
    ctx.observations.learn(
      'resources.newCampaignEnabled',
      campaign.enabled,
      ctx.evidence(answer, `enabled ${campaign.enabled}`),
    )
  return { advert, campaign }
}

/** POST to a collection: the exchange, and the record when it was created. */
export async function create(
  ctx: LearnContext,
  collection: 'adverts' | 'campaigns',
  body: Json,
): Promise<{ exchange: Exchange; record?: Json & { id: number } }> {
  const exchange = await ctx.send({ method: 'POST', path: `/${collection}`, body, purpose: `create ${collection}` })
  const data = dataOf(exchange)
  const id = idOf(data)
  if (!accepted(exchange) || !data || id === undefined) return { exchange }
  if (collection === 'adverts') ctx.ownAdverts.set(id, String(data.title ?? ''))
  return { exchange, record: { ...data, id } }
}

/** Deletes one of the learner's records at once, and learns what a delete answers from it: its status and its body as a template. */
export async function deleteNow(
  ctx: LearnContext,
  collection: 'adverts' | 'campaigns',
  id: number,
  record?: Json,
): Promise<Exchange> {
  const exchange = await ctx.send({ method: 'DELETE', path: `/${collection}/${id}`, purpose: `delete ${collection}` })
  if (accepted(exchange) && collection === 'adverts') ctx.ownAdverts.delete(id)
  learnDelete(ctx, collection, exchange, id, record)
  return exchange
}

/** What a delete answered, where it was a delete (200, 202 or 204): its status and body as a template. */
function learnDelete(
  ctx: LearnContext,
  collection: 'adverts' | 'campaigns',
  exchange: Exchange,
  id: number,
  record?: Json,
): void {
  const path = `resources.deletes.${collection === 'adverts' ? 'advert' : 'campaign'}`
  const { status } = exchange.response
  if (status !== 200 && status !== 202 && status !== 204) return
  const body = deleteTemplate(exchange, id, record)
  const seen = body === null ? 'no body' : JSON.stringify(body)
  ctx.observations.learn(path, { status, body }, ctx.evidence(exchange, `${status}: ${seen}`))
}

/**
 * A delete's body as a template: none for a 204 or an empty body; else the body with the deleted
 * record (an object of its id and fields) as the `record` slot and its id as the `id` slot.
 */
function deleteTemplate(exchange: Exchange, id: number, record: Json | undefined): Template | null {
  const body = exchange.response.json as Template | undefined
  if (exchange.response.status === 204 || body === undefined) return null
  const walk = (node: Template): Template => {
    if (Array.isArray(node)) return node.map(walk)
    if (isJson(node)) {
      const keys = Object.keys(node)
      const isRecord =
        idOf(node) === id && keys.length >= 3 && (!record || keys.every((key) => key in record || key === 'advert'))
      if (isRecord) return { $slot: 'record' }
      return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value as Template)]))
    }
    return node === id ? { $slot: 'id' } : node
  }
  return walk(body)
}

/**
 * A campaign toggled and toggled back: a field beyond the document that follows `enabled` (a
 * `status` of `active` and `paused`) is learned as following it, with both values seen.
 */
async function probeToggle(ctx: LearnContext, campaign: Json & { id: number }): Promise<void> {
  const documented = Object.keys((documentedSchema(ctx.document, 'Campaign')?.properties as Json | undefined) ?? {})
  const states: Json[] = [campaign]
  for (let turn = 0; turn < 2; turn++) {
    const toggled = await ctx.send({ method: 'POST', path: `/campaigns/${campaign.id}/toggle`, purpose: 'toggle' })
    const data = dataOf(toggled)
    if (!accepted(toggled) || !data) return
    states.push(data)
  }
  const following: Record<string, Template> = {}
  for (const name of Object.keys(campaign).filter((key) => !documented.includes(key))) {
    const pairs = states.map((state) => [state.enabled, state[name]] as [Template, Template])
    const values = new Set(pairs.map(([, value]) => JSON.stringify(value)))
    const consistent = pairs.every(([enabled, value]) =>
      pairs.every(([other, seen]) => other !== enabled || JSON.stringify(seen) === JSON.stringify(value)),
    )
    if (values.size > 1 && consistent)
      following[name] = {
        $map: {
          field: 'enabled',
          cases: [...new Map(pairs.map(([enabled, value]) => [JSON.stringify(enabled), [enabled, value]])).values()],
        },
      }
  }
  ctx.followingFields.campaign = following
}

/** Deleting an advert a campaign uses: refused (its status and code), or done. */
async function probeAdvertInUse(ctx: LearnContext): Promise<void> {
  const { record: advert } = await create(ctx, 'adverts', { advert: { title: ctx.title('advert in use') } })
  if (!advert) return
  const { record: campaign } = await create(ctx, 'campaigns', campaignBody(advert.id))
  if (!campaign) return
  const refused = await ctx.send({
    method: 'DELETE',
    path: `/adverts/${advert.id}`,
    purpose: 'delete an advert in use',
  })
  if (accepted(refused)) {
    learnDelete(ctx, 'adverts', refused, advert.id, advert)
    ctx.ownAdverts.delete(advert.id)
    const reason = `the deployment deleted an advert a campaign used (${refused.response.status}): it refuses no such delete`
    ctx.observations.cannot('errors.statuses.advert_in_use', reason, ctx.evidence(refused, errorSeen(refused)))
    ctx.observations.cannot('errors.codes.advert_in_use', reason)
  } else {
    example(ctx, 'advert_in_use', refused)
    ctx.observations.learn('resources.advertInUse', 'refuse', ctx.evidence(refused, errorSeen(refused)))
  }
  const campaignGone = await deleteNow(ctx, 'campaigns', campaign.id, campaign)
  if (accepted(refused)) {
    const evidence = [
      ctx.evidence(refused, `advert deleted (${refused.response.status})`),
      ctx.evidence(
        campaignGone,
        `its campaign then ${campaignGone.response.status === 404 ? 'gone' : 'still there'} (${campaignGone.response.status})`,
      ),
    ]
    if (campaignGone.response.status === 404) ctx.observations.learn('resources.advertInUse', 'cascade', ...evidence)
    else
      ctx.observations.cannot(
        'resources.advertInUse',
        'the campaign outlived its advert: the twin refuses or cascades',
        ...evidence,
      )
  }
  if (!accepted(refused) || campaignGone.response.status !== 404) await deleteNow(ctx, 'adverts', advert.id, advert)
}

/** Each type of the document's list and a few others, on a campaign created and deleted at once. */
async function probeBroadcastingTypes(ctx: LearnContext, advertId: number): Promise<void> {
  const candidates = [...new Set([...documentedBroadcastingTypes(ctx.document), ...OTHER_BROADCASTING_TYPES])]
  const taken: string[] = []
  const evidence = []
  for (const type of candidates) {
    const { exchange, record } = await create(ctx, 'campaigns', campaignBody(advertId, { broadcasting_type: type }))
    if (record) {
      taken.push(type)
      evidence.push(ctx.evidence(exchange, `${type} taken`))
      await deleteNow(ctx, 'campaigns', record.id, record)
    } else evidence.push(ctx.evidence(exchange, `${type} refused: ${errorSeen(exchange)}`))
  }
  if (taken.length > 0) ctx.observations.learn('resources.broadcastingTypes', taken, ...evidence.slice(0, 3))
  else ctx.observations.cannot('resources.broadcastingTypes', 'no broadcasting type was taken', ...evidence.slice(0, 3))
}

/** The document's broadcasting types (CampaignInput's enum), or the one the spec names. */
function documentedBroadcastingTypes(document: ContractDocument): string[] {
  const input = documentedSchema(document, 'CampaignInput')?.properties as Json | undefined
  const campaign = isJson(input?.campaign) ? (input.campaign.properties as Json | undefined) : undefined
  const type = isJson(campaign?.broadcasting_type) ? campaign.broadcasting_type : undefined
  const values = Array.isArray(type?.enum) ? type.enum.filter((value) => typeof value === 'string') : []
  return values.length > 0 ? values : ['active_ad']
}
