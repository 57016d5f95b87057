import { describeResponse, everyOperation, isSuccess, operationOf, specOperations, type Check } from './check.js'
import { causeKey } from './causes.js'
import { membersCauseAt } from './schema-findings.js'

/**
 * Every JSON answer is the envelope: `success: true` with `data` on a 2xx (spec section 2.1),
 * `success: false` with an `error` object carrying `code` and `message` on an error (our document).
 */
export const envelopeConformance: Check = {
  kind: 'response',
  description: '2xx: {success: true, data}; 4xx/5xx: {success: false, error: {code, message}}.',
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
    const documented = '{"success": false, "error": {"code": string, "message": string}}'
    // An error body of another shape (problem details, an `errors` array) is the deployment's one choice for
    // every error: the members of the documented error body, whichever check sees them.
    const operation = operationOf(ctx, exchange)
    const pointer = operation ? ctx.document.response(operation, status)?.schemaPointer : undefined
    const shape = (title: string, member?: string) =>
      ctx.fail(title, {
        received: describeResponse(exchange),
        documented,
        profile: 'contract',
        // The envelope itself is the error body's shape; its error object's members that Error schema's.
        rootCause: member
          ? pointer
            ? membersCauseAt(ctx.document, pointer, member)
            : causeKey.errorShape
          : causeKey.errorShape,
      })
    if (!body) return fail('contract', 'Error body is not a JSON object', documented)
    if (body.success !== false) return shape(`success is ${JSON.stringify(body.success) ?? 'missing'} on a ${status}`)
    const error = body.error as Record<string, unknown> | undefined
    if (!error || typeof error.code !== 'string' || typeof error.message !== 'string')
      return shape('error.code or error.message is missing', error ? 'error' : undefined)
    if ('data' in body) shape('An error also carries data')
  },
}
