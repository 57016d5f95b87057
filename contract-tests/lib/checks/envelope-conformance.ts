import { isJsonMediaType } from '../document/document.js'
import { describeEnvelope, errorEnvelope } from '../document/error-envelope.js'
import { describeResponse, everyOperation, isSuccess, operationOf, specOperations, type Check } from './check.js'
import { causeKey } from './causes.js'
import { envelopeProblems } from './error-envelope-problems.js'

/**
 * Every JSON answer is the envelope: `success: true` with `data` on a 2xx (spec section 2.1); an
 * error, the body the document gives its status (error-envelope.ts: ours is `{success: false,
 * error: {code, message}}`; a twin's document may give problem details or an `errors` list), in
 * a media type the document gives it.
 */
export const envelopeConformance: Check = {
  kind: 'response',
  description:
    "2xx: {success: true, data}; 4xx/5xx: the document's error body for the status ({success: false, error: {code, message}}).",
  claims: { spec: specOperations, contract: everyOperation },
  run(ctx, exchange) {
    const { status, json } = exchange.response
    const body =
      json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : undefined
    const fail = (profile: 'spec' | 'contract', title: string, documented: string) =>
      ctx.fail(title, { received: describeResponse(exchange), documented, profile })
    // An answer to HEAD has no body by definition (head_options_conformance judges those).
    if (exchange.request.method === 'HEAD') return false
    if (isSuccess(status)) {
      // A 204 has no body, so there is no envelope to judge: a run, and nothing broken.
      if (status === 204) return
      if (!ctx.asserts('spec')) return false
      const documented = '{"success": true, "data": …} (spec section 2.1)'
      if (!body) return fail('spec', 'Success body is not a JSON object', documented)
      if (body.success !== true)
        return fail('spec', `success is ${JSON.stringify(body.success) ?? 'missing'} on a ${status}`, documented)
      if (!('data' in body) || body.data === null || typeof body.data !== 'object')
        return fail('spec', 'data is missing or not an object/array', documented)
      return
    }
    if (status < 400 || !ctx.asserts('contract') || exchange.response.text === '') return false
    // Whatever shape it gives, the document's error body is the deployment's one choice for every error.
    const envelope = errorEnvelope(ctx.document, operationOf(ctx, exchange), status)
    if (!envelope) return false
    const documented = describeEnvelope(ctx.document, envelope)
    for (const { title, rootCause } of envelopeProblems(ctx.document, envelope, status, json))
      ctx.fail(title, {
        received: describeResponse(exchange),
        documented,
        profile: 'contract',
        ...(rootCause ? { rootCause } : {}),
      })
    // A status the operation documents has its media type judged by content_type_conformance; another, here.
    const received = exchange.response.headers['content-type']?.split(';')[0]?.trim().toLowerCase() ?? '(none)'
    if (
      !envelope.exact &&
      envelope.mediaTypes.length > 0 &&
      !envelope.mediaTypes.some((type) => type.toLowerCase() === received)
    )
      ctx.fail(`Undocumented media type ${received}`, {
        received: `Content-Type ${exchange.response.headers['content-type'] ?? '(none)'}; ${describeResponse(exchange)}`,
        documented: `${envelope.mediaTypes.join(', ')} (the error body the document gives a ${status})`,
        profile: 'contract',
        ...(isJsonMediaType(received) ? { rootCause: causeKey.errorShape } : {}),
      })
  },
}
