import type { KeptBody, MockAnswer, MockRequest } from '../http/mock-request.js'
import type { ApiModel } from '../model/api-model.js'
import type { ListRequest } from '../model/list-model.js'
import { compileTemplate, type SlotValues, type TemplateWriter } from '../model/render-template.js'
import { ApiError } from '../errors/api-error.js'
import { MESSAGES } from '../errors/messages.js'
import { BASE_MARK, type Json } from '../profile/template.js'
import { JsonText, KeptBy } from '../store/kept-json.js'
import { basePath } from './base-path.js'
import type { MockContext } from './mock-context.js'
import type { OperationRoute, Resolved } from './route.js'

// An operation's success answer, written from what its resolver gave: the envelope around a
// record's kept JSON (kept itself while that JSON is, for a read), a list's page in the profile's
// envelope, a DELETE's body template, each compiled once. The pipeline's last step before the headers.

/** The Content-Type of every answer the mock makes itself. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8'

/** An answer whose JSON is written already (`kept`: from kept JSON, unchanged since). */
function jsonText(status: number, body: string, kept?: KeptBody): MockAnswer {
  return { status, headers: { 'content-type': JSON_CONTENT_TYPE }, body, kept }
}

/** The success envelope around `data`, compiled once: a record's kept JSON goes in as it is. */
const writeEnvelope = compileTemplate({ success: true, data: { $slot: 'data' } })

/** The envelope around a record's kept JSON, kept as long as that JSON is (the record unchanged), 10,000 at most. */
const envelopes = new KeptBy<JsonText, KeptBody>(10_000)

/**
 * The success envelope around `data`: around a record's kept JSON that a read answers, written once
 * and kept with it (a write's answer is a record just written, not asked for again as it is).
 */
function envelopeAnswer(status: number, data: unknown, read: boolean): MockAnswer {
  if (!(read && data instanceof JsonText && data.kept))
    return jsonText(status, writeEnvelope({ data: data as SlotValues[string] }))
  let kept = envelopes.get(data)
  if (!kept) envelopes.set(data, (kept = { text: writeEnvelope({ data }) }))
  return jsonText(status, kept.text, kept)
}

/**
 * The success answer, with the operation's status: the envelope around `data`; a list's page in
 * the profile's envelope (its links below this request's base); a DELETE's body as its template
 * says; no body where the operation answers none. Data kept as JSON (JsonText) was written in the
 * profile's field order already, and goes in as it is.
 */
export function success(
  model: ApiModel,
  { plane, operation, ctx }: OperationRoute,
  request: MockRequest,
  { data, page }: Resolved,
): MockAnswer {
  const { status, body } = operation.response
  if (status === 204 || body === null) return { status, headers: {}, body: null }
  if (model.order && plane === 'api') data = model.order(data, operation.response.data)
  if (body !== undefined) {
    const id = (data as { id?: number } | undefined)?.id
    return jsonText(status, compiledBody(body)({ record: data as Json, id }))
  }
  if (!page) return envelopeAnswer(status, data, operation.method === 'get')
  const lists = plane === 'api' ? model.lists : model.adminLists
  // A page past the last, where the profile answers it 404 (as Django's paginator does); page 1 is there even empty.
  if (lists.choices.beyondLastPage === 'not_found' && page.page > 1 && (page.page - 1) * page.per_page >= page.total)
    throw new ApiError('not_found', MESSAGES.not_found.page(page.page, Math.ceil(page.total / page.per_page)))
  const base = plane === 'api' ? ctx.apiBase : ctx.adminBase
  const written = lists.write(data as Json[], page, () => listRequest(request, base))
  return jsonText(status, written.text, written.kept ? written : undefined)
}

/** Each success body template (a DELETE's), compiled the first time it answers. */
const compiledBodies = new WeakMap<object, TemplateWriter>()
function compiledBody(body: Json): TemplateWriter {
  if (body === null || typeof body !== 'object') return compileTemplate(body)
  let writer = compiledBodies.get(body)
  if (!writer) compiledBodies.set(body, (writer = compileTemplate(body)))
  return writer
}

/** An answer in JSON, a field written from the API's base URL (a twin's `url`) given this request's. */
export function answerWithBase(answer: MockAnswer, request: MockRequest, ctx: MockContext): MockAnswer {
  if (!answer.body?.includes(BASE_MARK)) return answer
  // Another body than the one kept: nothing is kept of it.
  return { ...answer, body: answer.body.replaceAll(BASE_MARK, listRequest(request, ctx.apiBase).base), kept: undefined }
}

/** The base URL and path a list's links are written below: this request's origin and the mock's base path. */
function listRequest(request: MockRequest, base: string): ListRequest {
  const { origin, pathname } = request.url
  const prefix = basePath(base)
  return { base: origin + prefix, path: pathname.slice(prefix.length) }
}
