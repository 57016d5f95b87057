import { expect, it } from 'vitest'
import { ContractDocument, type JsonObject } from './document.js'
import { loadContractDocument } from './load-document.js'
import { describeEnvelope, errorEnvelope, memberText, memberValue } from './error-envelope.js'

/** A document whose GET /things answers 401 with this body (as `media`), and whose Error schema is `error`. */
function documentWith(body: JsonObject, error: JsonObject, media = 'application/json'): ContractDocument {
  return new ContractDocument({
    openapi: '3.1.0',
    paths: {
      '/things': {
        get: {
          responses: {
            '200': { description: 'OK' },
            '401': { $ref: '#/components/responses/Unauthorized' },
          },
        },
      },
    },
    components: {
      responses: { Unauthorized: { description: 'No key', content: { [media]: { schema: body } } } },
      schemas: { Error: error },
    },
  })
}

const text = { type: 'string' }
const object = (properties: JsonObject, required = Object.keys(properties)) => ({
  type: 'object',
  properties,
  required,
})
const ERROR = object({ code: text, message: text })

// The shapes of the corpus: where the code and the message sit, whether `success` is there, where Error describes the body.
const SHAPES: Array<{
  shape: string
  document: ContractDocument
  code?: string
  message?: string
  success?: unknown
  errorAt?: string
  documented: string
}> = [
  {
    shape: 'ours, {success: false, error: {code, message}} (Error by $ref, narrowed by allOf)',
    document: documentWith(
      object({
        success: { type: 'boolean', const: false },
        error: { allOf: [{ $ref: '#/components/schemas/Error' }, object({ code: { const: 'unauthorized' } })] },
      }),
      ERROR,
    ),
    code: 'error.code',
    message: 'error.message',
    success: false,
    errorAt: 'error',
    documented: '{"success": false, "error": {"code": string, "message": string}}',
  },
  {
    shape: 'RFC 9457 problem details',
    document: documentWith(
      object({ type: text, title: text, status: { type: 'integer' }, detail: text, instance: text }),
      object({ type: text, title: text, status: { type: 'integer' }, detail: text }),
      'application/problem+json',
    ),
    code: 'type',
    message: 'detail',
    errorAt: '',
    documented:
      'application/problem+json {"type": string, "title": string, "status": integer, "detail": string, "instance": string}',
  },
  {
    shape: 'a JSON:API errors list',
    document: documentWith(
      object({
        success: { type: 'boolean', const: false },
        errors: { type: 'array', minItems: 1, items: { $ref: '#/components/schemas/Error' } },
      }),
      object({ status: text, code: text, title: text, detail: text }),
    ),
    code: 'errors[0].code',
    message: 'errors[0].detail',
    success: false,
    errorAt: 'errors[0]',
    documented: '{"success": false, "errors": [{"code": string, "detail": string}]}',
  },
  {
    shape: "Django REST framework's {detail, code}",
    document: documentWith(
      { $ref: '#/components/schemas/Error' },
      object({ success: { const: false }, detail: text, code: text }),
    ),
    code: 'code',
    message: 'detail',
    success: false,
    errorAt: '',
    documented: '{"success": false, "detail": string, "code": string}',
  },
  {
    shape: "Laravel's {message}: no code",
    document: documentWith(
      { $ref: '#/components/schemas/Error' },
      object({ success: { const: false }, message: text }),
    ),
    message: 'message',
    success: false,
    errorAt: '',
    documented: '{"success": false, "message": string}',
  },
]

it.each(SHAPES)('reads $shape from the schema', ({ document, code, message, success, errorAt, documented }) => {
  const envelope = errorEnvelope(document, document.get('GET /things'), 401)!
  expect(envelope.exact).toBe(true)
  expect(envelope.code && memberText(envelope.code.path)).toBe(code)
  expect(envelope.message && memberText(envelope.message.path)).toBe(message)
  expect(envelope.success?.value).toBe(success)
  expect(envelope.errorAt && memberText(envelope.errorAt)).toBe(errorAt)
  expect(describeEnvelope(document, envelope)).toBe(documented)
})

it('gives a status the operation does not document the body the document gives it elsewhere, else its errors at large', () => {
  const [ours] = SHAPES
  const document = ours!.document
  const elsewhere = errorEnvelope(document, undefined, 401)!
  expect(elsewhere.exact).toBe(false)
  expect(elsewhere.pointer).toBe('#/components/responses/Unauthorized/content/application~1json/schema')
  const atLarge = errorEnvelope(document, document.get('GET /things'), 405)!
  expect(atLarge.exact).toBe(false)
  expect(memberText(atLarge.code!.path)).toBe('error.code')
  expect(errorEnvelope(documentWith({}, {}), undefined, 500)?.code).toBeUndefined()
})

it("reads our own document's error bodies as {success: false, error: {code, message}}, the 422's too", async () => {
  const document = await loadContractDocument('openapi/openapi.json')
  for (const [label, status] of [
    ['POST /campaigns', 422],
    ['GET /campaigns/{id}', 404],
    ['GET /user', 429],
    ['DELETE /adverts/{id}', 405],
  ] as const) {
    const envelope = errorEnvelope(document, document.get(label), status)!
    expect(describeEnvelope(document, envelope), `${label} ${status}`).toBe(
      '{"success": false, "error": {"code": string, "message": string}}',
    )
    expect(envelope.errorAt).toEqual(['error'])
  }
})

it('finds a member by its path, through lists', () => {
  const body = { errors: [{ code: 'unauthorized' }], error: { message: 'No key' } }
  expect(memberValue(body, ['errors', '0', 'code'])).toBe('unauthorized')
  expect(memberValue(body, ['error', 'message'])).toBe('No key')
  expect(memberValue(body, ['error', 'code'])).toBeUndefined()
  expect(memberValue('text', ['error'])).toBeUndefined()
})
