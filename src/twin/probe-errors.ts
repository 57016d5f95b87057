import type { Exchange } from '../../contract-tests/lib/client/exchange.js'
import type { ErrorCode } from '../profile/profile.js'
import { example } from './error-examples.js'
import { errorSeen, type LearnContext } from './learn-context.js'
import { campaignBody } from './probe-resources.js'

// Errors, by provoking them: no key and a wrong key (401), an id no account has and a path no
// operation has (404), PUT where there is none, a body that is not JSON, invalid input (twice),
// and, with a second key, the learner's advert read by another account. Each answer is kept as an
// example of its kind (learnErrorBodies turns the examples into the profile's error bodies, once
// every probe has run): its status, its code, and its body as a template. Nothing here is accepted
// by a deployment that refuses what it should.

/** An id no account should have, within the document's bounds. */
const UNKNOWN_ID = 2_000_000_001

/** Provokes each error once (invalid input twice) and keeps the answers as examples of their kinds. */
export async function probeErrors(ctx: LearnContext): Promise<void> {
  for (const credentials of ['none', { authorization: `twin-probe-${Date.now()}`, label: 'bad' }] as const)
    example(ctx, 'unauthorized', await ctx.send({ method: 'GET', path: '/user', credentials, purpose: 'refused key' }))
  example(ctx, 'not_found', await ctx.send({ method: 'GET', path: `/adverts/${UNKNOWN_ID}`, purpose: 'unknown id' }))
  const unknownPath = await ctx.send({ method: 'GET', path: '/twin-probe-no-such-path', purpose: 'unknown path' })
  example(ctx, 'route_not_found', unknownPath)
  const keyless = await ctx.send({
    method: 'GET',
    path: '/twin-probe-no-such-path',
    credentials: 'none',
    purpose: 'unknown path',
  })
  if (keyless.response.status === 401 || keyless.response.status === unknownPath.response.status)
    ctx.observations.learn(
      'errors.authenticateUnknownRoutes',
      keyless.response.status === 401,
      ctx.evidence(keyless, `${errorSeen(keyless)} without a key, ${errorSeen(unknownPath)} with one`),
    )
  else
    ctx.observations.cannot(
      'errors.authenticateUnknownRoutes',
      `answered ${errorSeen(keyless)} without a key`,
      ctx.evidence(keyless, errorSeen(keyless)),
    )
  const put = await ctx.send({ method: 'PUT', path: '/campaigns', purpose: 'unsupported method' })
  const keylessPut = await ctx.send({
    method: 'PUT',
    path: '/campaigns',
    credentials: 'none',
    purpose: 'unsupported method',
  })
  ctx.observations.learn(
    'errors.authenticateUnsupportedMethods',
    keylessPut.response.status === 401 && put.response.status !== 401,
    ctx.evidence(keylessPut, `${errorSeen(keylessPut)} without a key, ${errorSeen(put)} with one`),
  )
  learnTwoWay(ctx, put, unknownPath, 'unsupportedMethod', ['route_not_found', 'method_not_allowed'], 'an unknown path')
  const broken = { method: 'POST', path: '/adverts', rawBody: '{"advert":', contentType: 'application/json' } as const
  example(ctx, 'invalid_json', await ctx.send({ ...broken, purpose: 'invalid JSON' }))
  const title = await ctx.send({
    method: 'POST',
    path: '/adverts',
    body: { advert: { title: '' } },
    purpose: 'invalid input',
  })
  example(ctx, 'validation_failed', title, 'advert.title')
  const campaign = ctx.own?.campaign?.id
  if (campaign !== undefined) {
    const body = campaignBody(ctx.own?.advert.id ?? 0, { cpm: -1 })
    const cpm = await ctx.send({ method: 'PATCH', path: `/campaigns/${campaign}`, body, purpose: 'invalid input' })
    example(ctx, 'validation_failed', cpm, 'campaign.cpm')
  }
  await probeForeign(ctx)
}

/**
 * A kind the spec leaves two ways, answered either as its usual kin (a PUT as an unknown path,
 * another account's advert as a missing one) or as a kind of its own (405, 403): which one, from
 * its status and its code beside the kin's. Learned under `path`, with the example kept.
 */
function learnTwoWay(
  ctx: LearnContext,
  exchange: Exchange,
  kin: Exchange,
  path: 'unsupportedMethod' | 'foreign',
  [usual, own]: readonly [ErrorCode, ErrorCode],
  kinWords: string,
): void {
  const seen = errorSeen(exchange)
  const same = exchange.response.status === kin.response.status && errorSeen(exchange) === errorSeen(kin)
  if (exchange.response.status < 400) {
    ctx.observations.cannot(
      `errors.${path}`,
      `answered ${exchange.response.status}, no error`,
      ctx.evidence(exchange, seen),
    )
    return
  }
  ctx.observations.learn(
    `errors.${path}`,
    same ? usual : own,
    ctx.evidence(
      exchange,
      same ? `${seen}, as ${kinWords} (${errorSeen(kin)})` : `${seen}, not as ${kinWords} (${errorSeen(kin)})`,
    ),
  )
  if (same)
    for (const choice of ['statuses', 'codes', 'bodies'])
      ctx.observations.cannot(`errors.${choice}.${own}`, `answered as ${kinWords}`, ctx.evidence(exchange, seen))
  example(ctx, same ? usual : own, exchange)
}

/** The learner's advert read with the second key: answered as a missing one, or as a kind of its own (403). */
async function probeForeign(ctx: LearnContext) {
  const advert = ctx.own?.advert.id
  if (!ctx.hasSecondKey || advert === undefined) {
    const reason = "needs a second account's key (--key2)"
    for (const path of ['errors.foreign', 'errors.statuses.forbidden', 'errors.codes.forbidden'])
      ctx.observations.cannot(path, reason)
    return
  }
  const missing = await ctx.send({ method: 'GET', path: `/adverts/${UNKNOWN_ID}`, purpose: 'unknown id' })
  const foreign = await ctx.send({
    method: 'GET',
    path: `/adverts/${advert}`,
    credentials: 'second',
    purpose: 'foreign',
  })
  learnTwoWay(ctx, foreign, missing, 'foreign', ['not_found', 'forbidden'], 'a missing one')
}
