import { isJsonMediaType } from '../document/document.js'
import { causeKey } from './causes.js'
import { describeResponse, everyOperation, operationOf, specOperations, type Check } from './check.js'

/** A body comes as JSON (spec section 4) and with a media type the document lists for that response. */
export const contentTypeConformance: Check = {
  kind: 'response',
  description: 'Bodies are JSON, with a documented media type.',
  claims: { spec: specOperations, contract: everyOperation },
  run(ctx, exchange) {
    const { response } = exchange
    if (response.text === '') return
    const received = response.headers['content-type'] ?? '(no Content-Type)'
    if (ctx.asserts('spec') && !isJsonMediaType(received)) {
      const documented = 'application/json (spec section 4: response bodies are JSON)'
      return ctx.fail('Body is not declared as JSON', {
        received: `Content-Type ${received}; ${describeResponse(exchange)}`,
        documented,
        profile: 'spec',
      })
    }
    const operation = operationOf(ctx, exchange)
    const documented = operation ? ctx.document.response(operation, response.status) : undefined
    if (!ctx.asserts('contract') || !documented) return
    const essence = received.split(';')[0]?.trim().toLowerCase()
    if (documented.contentTypes.length === 0) {
      return ctx.fail('Body where none is documented', {
        received: describeResponse(exchange),
        documented: `${documented.key} has no content`,
        profile: 'contract',
      })
    }
    if (!documented.contentTypes.some((type) => type.toLowerCase() === essence)) {
      ctx.fail(`Undocumented media type ${essence}`, {
        received: `Content-Type ${received}`,
        documented: documented.contentTypes.join(', '),
        profile: 'contract',
        // Another JSON type for errors (application/problem+json) comes with their other shape: one choice.
        ...(response.status >= 400 && isJsonMediaType(received) ? { rootCause: causeKey.errorShape } : {}),
      })
    }
  },
}
