import type { Exchange } from '../../contract-tests/lib/client/exchange.js'
import type { ErrorCode } from '../profile/profile.js'
import type { Json } from '../profile/template.js'
import { combineBodies } from './combine-errors.js'
import { deriveError } from './derive-error.js'
import { errorSeen, type LearnContext } from './learn-context.js'

// Answers kept as examples of their kinds of error (the probes provoke them), and the profile's
// error bodies made from them once every probe has run: each kind's status and code, its body as
// a template (derive-error.ts), and the general body with the kinds' own (combine-errors.ts).

/**
 * An answer as an example of a kind of error: its status and its code are learned, its body kept
 * for the template. An answer that is no error (a 2xx) is no example: why is said.
 */
export function example(ctx: LearnContext, code: ErrorCode, exchange: Exchange, field?: string): void {
  const { status } = exchange.response
  const seen = errorSeen(exchange)
  if (status < 400) {
    ctx.observations.cannot(`errors.statuses.${code}`, `answered ${status}, no error`, ctx.evidence(exchange, seen))
    return
  }
  const body = exchange.response.json as Json | undefined
  const request = new URL(exchange.request.url)
  const media = exchange.response.headers['content-type'] ?? ''
  const page = body === undefined ? pageTemplate(exchange.response.text, exchange.request.method, request) : undefined
  const derived = page
    ? { template: page, code: undefined }
    : deriveError({
        status,
        body: body === undefined ? null : body,
        request: { method: exchange.request.method, path: request.pathname },
        ...(field ? { field } : {}),
      })
  ctx.observations.learn(`errors.statuses.${code}`, status, ctx.evidence(exchange, seen))
  if (derived.code !== undefined)
    ctx.observations.learn(`errors.codes.${code}`, derived.code, ctx.evidence(exchange, seen))
  else
    ctx.observations.cannot(
      `errors.codes.${code}`,
      'the body carries no code',
      ctx.evidence(exchange, clip(exchange.response.text)),
    )
  const list = ctx.errorExamples.get(code) ?? []
  list.push({ exchange, template: derived.template, contentType: media, page: page !== undefined })
  ctx.errorExamples.set(code, list)
}

/**
 * A body that is no JSON (a framework's HTML page, `Cannot GET /x`) as a text template, the
 * request's method and path as its slots; none where it is empty or holds braces of its own.
 */
function pageTemplate(text: string, method: string, url: URL): Json | undefined {
  if (text.trim() === '' || /[{}]/.test(text)) return undefined
  const path = url.pathname + url.search
  const slotted = text.includes(path)
    ? text.replaceAll(`${method} ${path}`, '{method} {path}').replaceAll(path, '{path}')
    : text.replaceAll(`${method} ${url.pathname}`, '{method} {path}').replaceAll(url.pathname, '{path}')
  return { $text: slotted }
}

/**
 * The profile's error bodies, from every example kept: each kind's template, combined into the
 * general body and the kinds' own (combine-errors.ts); and the media type errors come with.
 */
export function learnErrorBodies(ctx: LearnContext): void {
  const templates = new Map<ErrorCode, Json>()
  for (const [code, [first] = []] of ctx.errorExamples) if (first) templates.set(code, first.template)
  if (templates.size === 0) {
    ctx.observations.cannot('errors.body', 'no error was provoked')
    return
  }
  const { body, bodies } = combineBodies(templates)
  const evidence = [...ctx.errorExamples.values()].flatMap((list) => list.slice(0, 1))
  const shared = evidence.filter(({ template }) => JSON.stringify(template) === JSON.stringify(body))
  ctx.observations.learn(
    'errors.body',
    body,
    ...(shared.length > 0 ? shared : evidence)
      .slice(0, 3)
      .map(({ exchange }) => ctx.evidence(exchange, clip(exchange.response.text))),
  )
  // Each kind's body: the general one, or its own; a kind answered in two shapes (a 401 without a key
  // and with a wrong one) shows both, and keeps the general body.
  for (const [code, examples] of ctx.errorExamples)
    for (const { exchange, template } of examples) {
      const own = JSON.stringify(template) === JSON.stringify(bodies[code] ?? template) && bodies[code] !== undefined
      ctx.observations.learn(
        `errors.bodies.${code}`,
        own ? template : body,
        ctx.evidence(exchange, own ? clip(exchange.response.text) : 'the error body'),
      )
    }
  // A page of its own (HTML, text) comes in its media type; the JSON bodies in the errors' one.
  const pages = evidence.filter(({ page }) => page)
  ctx.observations.learn(
    'errors.media',
    Object.fromEntries(
      [...ctx.errorExamples].flatMap(([code, examples]) =>
        examples[0]?.page ? [[code, examples[0].contentType] as const] : [],
      ),
    ),
    ...(pages.length > 0 ? pages : evidence)
      .slice(0, 2)
      .map(({ exchange, page }) =>
        ctx.evidence(exchange, page ? `a page: ${exchange.response.headers['content-type'] ?? ''}` : 'a JSON body'),
      ),
  )
  const types = evidence
    .filter(({ page }) => !page)
    .map(({ contentType, exchange }) => ({ type: contentType.split(';')[0]!.trim(), exchange }))
  const [main] = types
  if (main && main.type) {
    const value = main.type === 'application/json' ? 'application/json; charset=utf-8' : main.type
    ctx.observations.learn(
      'errors.contentType',
      value,
      ...types.slice(0, 2).map(({ exchange, type }) => ctx.evidence(exchange, type)),
    )
  }
}

function clip(text: string): string {
  return text.length <= 160 ? text : `${text.slice(0, 159)}…`
}
