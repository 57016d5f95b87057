import type { Evidence } from '../profile/twin-file.js'
import { findBoundary, type Boundary } from './boundary-search.js'
import { accepted, dataOf, errorSeen, isJson, type Json, type LearnContext } from './learn-context.js'
import { documentedSchema } from './learn-fields.js'

// Inputs, by updating the learner's own advert and campaign (so nothing new is created): whether
// an unknown field is refused, how many decimals and how large a cpm is taken, and how long a
// title. A value is taken when the answer is a 2xx that shows it unchanged.

/** cpm values with one to six decimals, and nine. */
const CPM_DECIMALS = [1.5, 1.25, 1.125, 1.0625, 1.03125, 1.015625, 1.123456789]
/** Title lengths a deployment plausibly allows, each with the one past it. */
const TITLE_LADDER = [120, 121, 200, 201, 255, 256, 1000, 1001]
/** Description lengths, each with the one past it: a text column's, and a few larger. */
const DESCRIPTION_LADDER = [2000, 2001, 5000, 5001, 10_000, 10_001, 65_535, 65_536]
/** sending_limit values, each with the one past it: the document's, a 32-bit integer's, and the largest exact double. */
const SENDING_LIMIT_LADDER = [1_000_000_000, 1_000_000_001, 2_147_483_647, 2_147_483_648, Number.MAX_SAFE_INTEGER]
/** Requests the halving between two rungs may spend. */
const HALVING_BUDGET = 10

/** Learns the input choices on the shared advert and campaign. */
export async function probeInputs(ctx: LearnContext): Promise<void> {
  const advert = ctx.own?.advert
  const campaign = ctx.own?.campaign
  if (!advert || !campaign) return
  await probeUnknownFields(ctx, `/adverts/${advert.id}`, { advert: { title: advert.title, twin_probe_unknown: 'x' } })
  await probeUnknownFields(ctx, `/campaigns/${campaign.id}`, { campaign: { cpm: 2.5, twin_probe_unknown: 1 } })
  await probeCpm(ctx, campaign.id)
  await probeTitle(ctx, advert.id)
  await probeOpenBound(ctx, `/adverts/${advert.id}`, 'advert', 'description', DESCRIPTION_LADDER, (length) =>
    'd'.repeat(length),
  )
  await probeOpenBound(
    ctx,
    `/campaigns/${campaign.id}`,
    'campaign',
    'sending_limit',
    SENDING_LIMIT_LADDER,
    (value) => value,
  )
}

/**
 * A bound the spec leaves open that a deployment may not have at all: the longest description,
 * the largest sending_limit. Found as the title's is; where every value up the ladder was taken,
 * none is learned (null: the twin takes any, and its document states no bound). The record is
 * set back as it was.
 */
async function probeOpenBound(
  ctx: LearnContext,
  path: string,
  wrapper: 'advert' | 'campaign',
  field: 'description' | 'sending_limit',
  ladder: readonly number[],
  valueOf: (at: number) => unknown,
): Promise<void> {
  const evidence: Evidence[] = []
  const takes = taker(ctx, path, wrapper, field, evidence)
  const boundary = await findBoundary((at) => takes(valueOf(at)), ladder, {
    low: 1,
    step: 1,
    budget: HALVING_BUDGET,
    round: true,
  })
  const choice = field === 'description' ? 'inputs.descriptionMaxLength' : 'inputs.sendingLimitMax'
  if (boundary.kind === 'above') ctx.observations.learn(choice, null, ...evidence.slice(-1))
  else if (boundary.exact) learnBoundary(ctx, choice, boundary, evidence)
  else {
    // Between two values: the largest taken is kept, so that the twin refuses what the deployment refused.
    ctx.observations.learn(choice, boundary.largest, ...evidence.slice(-2))
    ctx.observations.note(
      choice,
      `between ${boundary.largest} (taken) and ${boundary.refused} (refused): the largest taken`,
    )
  }
  await takes(field === 'description' ? '' : 1000)
}

async function probeUnknownFields(ctx: LearnContext, path: string, body: Json): Promise<void> {
  const exchange = await ctx.send({ method: 'PATCH', path, body, purpose: 'unknown field' })
  const { status } = exchange.response
  if (accepted(exchange)) ctx.observations.learn('inputs.unknownFields', 'ignore', ctx.evidence(exchange, 'taken'))
  else if (status === 422 || status === 400)
    ctx.observations.learn('inputs.unknownFields', 'refuse', ctx.evidence(exchange, errorSeen(exchange)))
  else
    ctx.observations.cannot(
      'inputs.unknownFields',
      `answered ${errorSeen(exchange)}`,
      ctx.evidence(exchange, errorSeen(exchange)),
    )
}

/**
 * A PATCH of one field of the learner's record, asked as "is this value taken?": a 2xx showing
 * the value unchanged is taken, a 4xx refused; each answer is kept as evidence.
 */
function taker(ctx: LearnContext, path: string, wrapper: string, field: string, evidence: Evidence[]) {
  return async (value: unknown): Promise<boolean> => {
    const exchange = await ctx.send({ method: 'PATCH', path, body: { [wrapper]: { [field]: value } }, purpose: field })
    const shown = dataOf(exchange)?.[field]
    const taken = accepted(exchange) && shown === value
    const what = typeof value === 'string' ? `${value.length} characters` : String(value)
    const seen = taken
      ? `${what} taken`
      : accepted(exchange)
        ? `${what} answered as ${String(shown)}`
        : `${what} refused: ${errorSeen(exchange)}`
    evidence.push(ctx.evidence(exchange, seen))
    if (!accepted(exchange) && exchange.response.status >= 500)
      throw new Error(`PATCH ${path} answered ${exchange.response.status} to ${field} ${what}`)
    return taken
  }
}

async function probeCpm(ctx: LearnContext, campaignId: number): Promise<void> {
  const evidence: Evidence[] = []
  const takes = taker(ctx, `/campaigns/${campaignId}`, 'campaign', 'cpm', evidence)
  let decimals = 0
  for (const cpm of CPM_DECIMALS) {
    if (!(await takes(cpm))) break
    decimals++
  }
  // The first cpm not taken: refused (a 4xx), or taken and shown rounded.
  const past = evidence[decimals]
  const rounded = past !== undefined && / answered as /.test(past.seen)
  if (decimals === 0) ctx.observations.cannot('inputs.cpm.decimals', 'a cpm of 1.5 was refused', ...evidence)
  else {
    const all = decimals === CPM_DECIMALS.length
    ctx.observations.learn(
      'inputs.cpm.decimals',
      all ? null : decimals === 6 ? 6 : decimals,
      ...evidence.slice(decimals - 1, decimals + 1),
    )
    if (!all)
      ctx.observations.learn(
        'inputs.cpm.beyond',
        rounded ? 'round' : 'refuse',
        ...evidence.slice(decimals, decimals + 1),
      )
  }
  const max = documentedCpmMax(ctx) ?? 100_000
  const from = evidence.length
  // A largest cpm is a round number more often than not (500, 1,000): those below a refusal are tried before halving.
  const boundary = await findBoundary((value) => takes(value), [max, Number((max + 0.01).toFixed(2)), max * 10], {
    low: 2.5,
    step: 0.01,
    budget: HALVING_BUDGET,
    round: true,
  })
  learnBoundary(ctx, 'inputs.cpm.max', boundary, evidence.slice(from))
}

async function probeTitle(ctx: LearnContext, advertId: number): Promise<void> {
  const evidence: Evidence[] = []
  const takes = taker(ctx, `/adverts/${advertId}`, 'advert', 'title', evidence)
  const titleOf = (length: number) => ctx.title('x'.repeat(length)).slice(0, length)
  const boundary = await findBoundary((length) => takes(titleOf(length)), TITLE_LADDER, {
    low: ctx.title('advert').length,
    step: 1,
    budget: HALVING_BUDGET,
  })
  learnBoundary(ctx, 'inputs.titleMaxLength', boundary, evidence)
}

/** A bound found exactly is learned (with the answers either side); otherwise why not. */
function learnBoundary(ctx: LearnContext, path: string, boundary: Boundary, evidence: Evidence[]): void {
  const around = evidence.slice(-2)
  if (boundary.kind === 'above')
    ctx.observations.cannot(
      path,
      `every value tried was taken, up to ${boundary.largest}: the bound is above it`,
      ...around,
    )
  else if (!boundary.exact)
    ctx.observations.cannot(path, `between ${boundary.largest} (taken) and ${boundary.refused} (refused)`, ...around)
  else {
    const last = evidence.filter((item) => / taken$/.test(item.seen)).at(-1)
    const first = evidence.find((item) => !/ taken$/.test(item.seen) && item.seen.startsWith(String(boundary.refused)))
    ctx.observations.learn(path, boundary.largest, ...[last, first].filter((item) => item !== undefined))
  }
}

/** The document's largest cpm (CampaignInput's `maximum`). */
function documentedCpmMax(ctx: LearnContext): number | undefined {
  const input = documentedSchema(ctx.document, 'CampaignInput')?.properties as Json | undefined
  const campaign = isJson(input?.campaign) ? (input.campaign.properties as Json | undefined) : undefined
  const cpm = isJson(campaign?.cpm) ? campaign.cpm : undefined
  return typeof cpm?.maximum === 'number' ? cpm.maximum : undefined
}
