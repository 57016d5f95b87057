import type { Exchange } from '../../contract-tests/lib/client/exchange.js'
import type { LearnedCode } from './choice-catalogue.js'
import { errorOf, errorSeen, isJson, type Json, type LearnContext } from './learn-context.js'
import { campaignBody } from './probe-resources.js'

// Errors, by provoking them: no key and a wrong key (401), an id no account has and a path no
// operation has (404), PUT where there is none, a body that is not JSON, invalid input (twice),
// and, with a second key, the learner's advert read by another account. From their bodies: the
// codes, the statuses the spec leaves open, the problem list's names, and the fields beyond code
// and message. Nothing here is accepted by a deployment that refuses what it should.

/** An id no account should have, within the document's bounds. */
const UNKNOWN_ID = 2_000_000_001

/** Provokes each error once (invalid input twice) and learns from the answers. */
export async function probeErrors(ctx: LearnContext): Promise<void> {
  const answers: Exchange[] = []
  const send = async (request: Parameters<LearnContext['send']>[0]) => {
    const exchange = await ctx.send(request)
    answers.push(exchange)
    return exchange
  }
  for (const credentials of ['none', { authorization: `twin-probe-${Date.now()}`, label: 'bad' }] as const)
    learnCode(
      ctx,
      'unauthorized',
      401,
      await send({ method: 'GET', path: '/user', credentials, purpose: 'refused key' }),
    )
  learnCode(ctx, 'not_found', 404, await send({ method: 'GET', path: `/adverts/${UNKNOWN_ID}`, purpose: 'unknown id' }))
  learnCode(
    ctx,
    'route_not_found',
    404,
    await send({ method: 'GET', path: '/twin-probe-no-such-path', purpose: 'unknown path' }),
  )
  learnUnsupportedMethod(ctx, await send({ method: 'PUT', path: '/campaigns', purpose: 'unsupported method' }))
  const broken = { method: 'POST', path: '/adverts', rawBody: '{"advert":', contentType: 'application/json' } as const
  learnCode(ctx, 'invalid_json', 400, await send({ ...broken, purpose: 'invalid JSON' }))
  const problemsKey = learnValidation(
    ctx,
    await send({ method: 'POST', path: '/adverts', body: { advert: { title: '' } }, purpose: 'invalid input' }),
    'title',
  )
  const campaign = ctx.own?.campaign?.id
  if (campaign !== undefined) {
    const body = campaignBody(ctx.own?.advert.id ?? 0, { cpm: -1 })
    learnValidation(
      ctx,
      await send({ method: 'PATCH', path: `/campaigns/${campaign}`, body, purpose: 'invalid input' }),
      'cpm',
    )
  }
  await probeForeign(ctx, send)
  learnExtraFields(ctx, answers, problemsKey)
}

/** The wire name of a mock code, from an answer with the status the mock gives it. */
function learnCode(ctx: LearnContext, code: LearnedCode, status: number, exchange: Exchange): void {
  const wire = errorOf(exchange)?.code
  if (exchange.response.status === status && typeof wire === 'string')
    ctx.observations.learn(`errors.codes.${code}`, wire, ctx.evidence(exchange, errorSeen(exchange)))
  else
    ctx.observations.cannot(
      `errors.codes.${code}`,
      `answered ${errorSeen(exchange)} where the mock answers ${status} with a code`,
      ctx.evidence(exchange, errorSeen(exchange)),
    )
}

/** The statuses the spec leaves two ways: what is asked, the usual answer (404) and the other, with their codes. */
const TWO_WAY = {
  unsupportedMethod: {
    path: 'errors.unsupportedMethodStatus',
    asked: 'PUT',
    answers: { usual: [404, 'route_not_found'], other: [405, 'method_not_allowed'] },
    reasonForUsual: 'an unsupported method is a 404, like an unknown path',
  },
  foreign: {
    path: 'errors.foreignStatus',
    asked: "another account's advert",
    answers: { usual: [404, 'not_found'], other: [403, 'forbidden'] },
    reasonForUsual: "another account's resource is a 404, like a missing one",
  },
} as const satisfies Record<string, TwoWayChoice>

/** PUT where no operation has it: a 404 like an unknown path, or a 405. */
function learnUnsupportedMethod(ctx: LearnContext, exchange: Exchange): void {
  learnTwoWayStatus(ctx, exchange, TWO_WAY.unsupportedMethod)
}

/** A status the spec leaves two ways, as TWO_WAY lists them. */
interface TwoWayChoice {
  path: 'errors.unsupportedMethodStatus' | 'errors.foreignStatus'
  asked: string
  /** The usual answer (404, like a missing thing) and the other, each a status and its code. */
  answers: { usual: readonly [404, LearnedCode]; other: readonly [403 | 405, LearnedCode] }
  reasonForUsual: string
}

/**
 * A status the spec leaves two ways (404 or 405, 404 or 403): which one the deployment answers,
 * and the code that goes with it; the other's code is then not learned, with the reason.
 */
function learnTwoWayStatus(ctx: LearnContext, exchange: Exchange, choice: TwoWayChoice): void {
  const { status } = exchange.response
  const seen = errorSeen(exchange)
  const [usualStatus, usualCode] = choice.answers.usual
  const [otherStatus, otherCode] = choice.answers.other
  if (status !== usualStatus && status !== otherStatus) {
    const reason = `${choice.asked} answered ${seen}, neither ${usualStatus} nor ${otherStatus}`
    ctx.observations.cannot(choice.path, reason, ctx.evidence(exchange, seen))
    return
  }
  ctx.observations.learn(choice.path, status, ctx.evidence(exchange, seen))
  if (status === otherStatus) learnCode(ctx, otherCode, otherStatus, exchange)
  else {
    learnCode(ctx, usualCode, usualStatus, exchange)
    ctx.observations.cannot(`errors.codes.${otherCode}`, choice.reasonForUsual)
  }
}

/** Invalid input: its status, its code, and the problem list naming `field`. Answers the list's key. */
function learnValidation(ctx: LearnContext, exchange: Exchange, field: string): string | undefined {
  const { status } = exchange.response
  const error = errorOf(exchange)
  if (status !== 422 && status !== 400) {
    const reason = `invalid input answered ${errorSeen(exchange)}, neither 422 nor 400`
    for (const path of ['errors.validationStatus', 'errors.codes.validation_failed', 'errors.problems'])
      ctx.observations.cannot(path, reason, ctx.evidence(exchange, errorSeen(exchange)))
    return undefined
  }
  ctx.observations.learn('errors.validationStatus', status, ctx.evidence(exchange, errorSeen(exchange)))
  learnCode(ctx, 'validation_failed', status, exchange)
  const list = Object.entries(error ?? {}).find(([, value]) => Array.isArray(value) && value.some(isJson))
  const items = ((list?.[1] as unknown[] | undefined) ?? []).filter(isJson)
  const names = (item: Json) =>
    Object.entries(item).filter(([, value]) => typeof value === 'string') as [string, string][]
  const item = items.find((one) => names(one).some(([, value]) => value.endsWith(field))) ?? items[0]
  const strings = item ? names(item) : []
  const named = strings.find(([, value]) => value.endsWith(field))
  const others = strings.filter(([key]) => key !== named?.[0])
  const message = others.find(([key]) => /message|detail/i.test(key)) ?? others[0]
  if (!list || !named || !message) {
    ctx.observations.cannot(
      'errors.problems',
      `no list of problems naming ${field}`,
      ctx.evidence(exchange, clipJson(error)),
    )
    return list?.[0]
  }
  const seen = `${list[0]}: [${JSON.stringify(item)}]`
  ctx.observations.learn(
    'errors.problems',
    { key: list[0], field: named[0], message: message[0] },
    ctx.evidence(exchange, seen),
  )
  const path = named[1]
  if (path.includes('.') || path === field)
    ctx.observations.learn(
      'errors.problemPathWrapped',
      path !== field,
      ctx.evidence(exchange, `names the field ${path}`),
    )
  else ctx.observations.cannot('errors.problemPathWrapped', `names the field as ${path}`, ctx.evidence(exchange, path))
  return list[0]
}

/** The learner's advert read with the second key: a 404 like a missing one, or a 403. */
async function probeForeign(
  ctx: LearnContext,
  send: (request: Parameters<LearnContext['send']>[0]) => Promise<Exchange>,
) {
  const advert = ctx.own?.advert.id
  if (!ctx.hasSecondKey || advert === undefined) {
    const reason = "needs a second account's key (--key2)"
    ctx.observations.cannot('errors.foreignStatus', reason)
    ctx.observations.cannot('errors.codes.forbidden', reason)
    return
  }
  const exchange = await send({ method: 'GET', path: `/adverts/${advert}`, credentials: 'second', purpose: 'foreign' })
  learnTwoWayStatus(ctx, exchange, TWO_WAY.foreign)
}

/**
 * Fields beyond code, message and the problem list, the code in a value written `{code}`; and the
 * statuses whose errors all leave them out, when others have them.
 */
function learnExtraFields(ctx: LearnContext, answers: readonly Exchange[], problemsKey: string | undefined): void {
  const errors = answers.flatMap((exchange) => {
    const error = errorOf(exchange)
    if (exchange.response.status < 400 || !error) return []
    const code = typeof error.code === 'string' ? error.code : undefined
    const extra = Object.entries(error)
      .filter(([key]) => !['code', 'message', problemsKey].includes(key))
      .map(([key, value]) => [key, code && typeof value === 'string' ? value.replaceAll(code, '{code}') : value])
    return [{ exchange, extra: Object.fromEntries(extra) as Record<string, unknown> }]
  })
  const withExtra = errors.filter(({ extra }) => Object.keys(extra).length > 0)
  const seen = (extra: Record<string, unknown>) =>
    Object.keys(extra).length ? JSON.stringify(extra) : 'code and message only'
  if (withExtra.length === 0) {
    const evidence = errors.slice(0, 2).map(({ exchange, extra }) => ctx.evidence(exchange, seen(extra)))
    ctx.observations.learn('errors.extraFields', {}, ...evidence)
    ctx.observations.learn('errors.extraFieldsExcept', [], ...evidence)
    return
  }
  for (const { exchange, extra } of withExtra)
    ctx.observations.learn('errors.extraFields', extra, ctx.evidence(exchange, seen(extra)))
  const statuses = [...new Set(errors.map(({ exchange }) => exchange.response.status))]
  const without = statuses.filter((status) => !withExtra.some(({ exchange }) => exchange.response.status === status))
  const evidence = without.flatMap((status) => {
    const example = errors.find(({ exchange }) => exchange.response.status === status)
    return example ? [ctx.evidence(example.exchange, `${status}: ${seen(example.extra)}`)] : []
  })
  ctx.observations.learn(
    'errors.extraFieldsExcept',
    without.sort((a, b) => a - b),
    ...evidence,
  )
}

function clipJson(value: unknown): string {
  return (JSON.stringify(value) ?? 'no error object').slice(0, 160)
}
