import { describeResponse, failureFor, operationOf, specOperationsOrAll, type Check } from '../check.js'
import { isJsonMediaType } from '../document.js'

/** A body comes as JSON (spec section 4) and with a media type the document lists for that response. */
export const contentTypeConformance: Check = {
  name: 'content_type_conformance',
  profiles: ['spec', 'contract'],
  kind: 'response',
  description: 'Bodies are JSON, with a documented media type.',
  promises: specOperationsOrAll,
  run(ctx, exchange) {
    const { response } = exchange
    if (response.text === '') return
    const received = response.headers['content-type'] ?? '(no Content-Type)'
    if (ctx.profiles.has('spec') && !isJsonMediaType(received)) {
      throw failureFor('content_type_conformance', 'spec', exchange, 'Body is not declared as JSON', `Content-Type ${received}; ${describeResponse(exchange)}`, 'application/json (spec section 4: response bodies are JSON)')
    }
    const operation = operationOf(ctx, exchange)
    const documented = operation ? ctx.document.response(operation, response.status) : undefined
    if (!ctx.profiles.has('contract') || !documented) return
    const essence = received.split(';')[0]?.trim().toLowerCase()
    if (documented.contentTypes.length === 0) {
      throw failureFor('content_type_conformance', 'contract', exchange, 'Body where none is documented', describeResponse(exchange), `${documented.key} has no content`)
    }
    if (!documented.contentTypes.some((type) => type.toLowerCase() === essence)) {
      throw failureFor('content_type_conformance', 'contract', exchange, `Undocumented media type ${essence}`, `Content-Type ${received}`, documented.contentTypes.join(', '))
    }
  },
}
