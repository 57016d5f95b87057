import type { CheckContext, Flow } from '../checks/check.js'
import { SPEC_BROADCASTING_TYPE } from '../document/spec-facts.js'
import { createWithAcceptedValue } from './accepted-value.js'
import { listsOf } from './campaign-lists.js'
import { judgeLongLists } from './long-lists.js'
import { spaceWrite } from './spacing.js'
import { createSteps, data, type Steps } from './steps.js'

const OPERATIONS = [
  'POST /adverts',
  'GET /adverts/{id}',
  'GET /adverts',
  'POST /campaigns',
  'GET /campaigns/{id}',
  'POST /campaigns/{id}/toggle',
  'PATCH /campaigns/{id}',
  'PATCH /adverts/{id}',
  'GET /campaigns',
  'DELETE /campaigns/{id}',
  'DELETE /adverts/{id}',
] as const

/**
 * advert -> campaign on it (advert_title is the advert's) -> read -> toggle twice -> update ->
 * advert renamed (advert_title follows) -> a second campaign in the other `enabled` state ->
 * the lists by each documented filter and page by page -> delete. Every step is a primary
 * request, so the checks ride along: read_back_conformance, toggle_conformance, the list checks,
 * negative_data_rejection, use_after_free, object_level_authorization... The flow reads the
 * state it builds on (a new campaign may start disabled) and judges only its own resources.
 */
export const campaignLifecycle: Flow = {
  kind: 'flow',
  description: 'Advert and campaigns through create, read, toggle, update, filtered and paged lists, delete.',
  claims: {
    spec: (operation) => operation.label === 'POST /campaigns',
    contract: (operation) => operation.label === 'GET /campaigns/{id}',
  },
  operations: OPERATIONS,
  async run(ctx) {
    const steps: Steps = createSteps(ctx, campaignLifecycle)
    const contract = ctx.asserts('contract')
    const title = `${ctx.state.titlePrefix} advert`
    const advertId = await newAdvert(ctx, steps, title, contract)
    // Cents that floats cannot divide by 0.01 exactly (19.99 / 0.01 = 1998.9999999999998): multipleOf must still hold.
    const input = { advert_id: advertId, broadcasting_type: SPEC_BROADCASTING_TYPE, cpm: 19.99, sending_limit: 1000 }
    const id = await newCampaign(steps, input, title, contract)
    if (!contract) return
    const first = await changeCampaign(ctx, steps, id, advertId, title)
    const second = await secondCampaign(ctx, steps, input, first.enabled)
    await listsOf(ctx, steps, Number(advertId), [first, second])
    await judgeLongLists(ctx)
    await deleteAll(steps, advertId, [id, second.id])
  },
}

/** An advert for the campaigns (read back, and listed beside a spare one, under `contract`); its id. */
async function newAdvert(ctx: CheckContext, steps: Steps, title: string, contract: boolean): Promise<unknown> {
  // Every field filled, optional ones too: what an update later leaves alone must have a value to keep.
  let advertCreated = await steps.send('POST /adverts', { body: steps.fullBody('POST /adverts', { title }) })
  const { status } = advertCreated.response
  if (status >= 400 && status < 500 && status !== 401 && status !== 429) {
    ctx.state.notes.push(
      `campaign_lifecycle: POST /adverts with every field filled answered ${status}; the flow's advert has only what the document requires`,
    )
    advertCreated = await steps.send('POST /adverts', { body: steps.validBody('POST /adverts', { title }) })
  }
  steps.require(advertCreated, steps.successStatus('POST /adverts'), 'Creating an advert failed', {
    provides: 'an advert',
  })
  const advertId = data(advertCreated).id
  if (!contract) return advertId
  steps.require(await steps.send('GET /adverts/{id}', { id: advertId }), 200, 'The new advert cannot be read')
  // A second advert, so that the list has an order to judge even in an empty account.
  const spare = await steps.send('POST /adverts', {
    body: steps.validBody('POST /adverts', { title: `${ctx.state.titlePrefix} spare advert` }),
  })
  steps.require(spare, steps.successStatus('POST /adverts'), 'Creating an advert failed')
  const adverts = await steps.send('GET /adverts', {
    query: steps.hasQuery('GET /adverts', 'page') ? { page: 1 } : {},
  })
  steps.require(adverts, 200, 'Listing adverts failed')
  steps.require(
    await steps.send('DELETE /adverts/{id}', { id: data(spare).id }),
    steps.successStatus('DELETE /adverts/{id}'),
    'Deleting the advert failed',
  )
  return advertId
}

/** The campaign on the advert (spec 4.3), whose advert_title is the advert's; its id. */
async function newCampaign(
  steps: Steps,
  input: Record<string, unknown>,
  title: string,
  contract: boolean,
): Promise<unknown> {
  const created = await steps.send('POST /campaigns', { body: steps.validBody('POST /campaigns', input) })
  steps.require(created, contract ? steps.successStatus('POST /campaigns') : 201, 'Creating a campaign failed', {
    profile: 'spec',
    provides: 'a campaign',
  })
  steps.expect(
    data(created).advert_title === title,
    created,
    "advert_title is not the advert's title",
    data(created).advert_title,
    `"${title}" (spec 2.3: title of that advert)`,
    { profile: 'spec' },
  )
  return data(created).id
}

/** Read, toggled twice, updated, then its advert renamed: advert_title follows. The campaign as read last. */
async function changeCampaign(
  ctx: CheckContext,
  steps: Steps,
  id: unknown,
  advertId: unknown,
  title: string,
): Promise<Record<string, unknown>> {
  const read = await steps.send('GET /campaigns/{id}', { id })
  steps.require(read, 200, 'The new campaign cannot be read', { provides: 'the campaign' })
  steps.expect(
    data(read).advert_title === title,
    read,
    'advert_title does not match the advert',
    data(read).advert_title,
    `"${title}"`,
  )
  // Each kind of write one unit of the deployment's stamps after the last answer, so that each is judged.
  for (const round of [1, 2]) {
    if (round === 1) await spaceWrite(ctx, `/campaigns/${String(id)}`)
    steps.require(await steps.send('POST /campaigns/{id}/toggle', { id }), 200, `Toggle ${round} failed`)
  }
  await spaceWrite(ctx, `/campaigns/${String(id)}`)
  const updated = await steps.send('PATCH /campaigns/{id}', {
    id,
    body: steps.validBody('PATCH /campaigns/{id}', { cpm: 1.13, sending_limit: 2000 }),
  })
  steps.require(updated, 200, 'Updating the campaign failed')

  const renamed = `${ctx.state.titlePrefix} advert renamed`
  await spaceWrite(ctx, `/adverts/${String(advertId)}`)
  const advertUpdated = await steps.send('PATCH /adverts/{id}', {
    id: advertId,
    body: steps.validBody('PATCH /adverts/{id}', { title: renamed }),
  })
  steps.require(advertUpdated, 200, 'Renaming the advert failed')
  const first = await steps.send('GET /campaigns/{id}', { id })
  steps.expect(
    data(first).advert_title === renamed,
    first,
    "advert_title does not follow the advert's title",
    data(first).advert_title,
    `"${renamed}"`,
    { kind: 'defect' },
  )
  return data(first)
}

/** The campaigns, then their advert (that an advert in use cannot be deleted, in_use_deletion_refused judges on its own). */
async function deleteAll(steps: Steps, advertId: unknown, campaignIds: unknown[]): Promise<void> {
  for (const campaignId of campaignIds) {
    steps.require(
      await steps.send('DELETE /campaigns/{id}', { id: campaignId }),
      steps.successStatus('DELETE /campaigns/{id}'),
      'Deleting the campaign failed',
    )
  }
  steps.require(
    await steps.send('DELETE /adverts/{id}', { id: advertId }),
    steps.successStatus('DELETE /adverts/{id}'),
    'Deleting the advert failed',
  )
}

/**
 * A second campaign on the advert, of another broadcasting type and in the other `enabled` state,
 * so each filter has something to leave out. A deployment that refuses the other type is told so
 * (positive_data_acceptance) and the campaign is made with a type it accepts.
 */
async function secondCampaign(
  ctx: CheckContext,
  steps: Steps,
  input: Record<string, unknown>,
  firstEnabled: unknown,
): Promise<Record<string, unknown>> {
  const types = steps.enumOf('POST /campaigns', 'broadcasting_type')
  const otherType = types.find((t) => t !== SPEC_BROADCASTING_TYPE) ?? SPEC_BROADCASTING_TYPE
  const created = await createWithAcceptedValue(
    ctx,
    steps,
    'POST /campaigns',
    { ...input, broadcasting_type: otherType },
    'broadcasting_type',
    types,
  )
  steps.require(created, steps.successStatus('POST /campaigns'), 'Creating a second campaign failed', {
    provides: 'a second campaign',
  })
  // Read, not assumed: whatever state a new campaign starts in, switch it to the other one.
  if (data(created).enabled !== firstEnabled) return data(created)
  const toggled = await steps.send('POST /campaigns/{id}/toggle', { id: data(created).id })
  steps.require(toggled, 200, 'Switching the second campaign failed')
  return data(toggled)
}
