import { expect, it } from 'vitest'
import { ContractDocument } from '../document/document.js'
import { errorEnvelope } from '../document/error-envelope.js'
import { loadContractDocument } from '../document/load-document.js'
import { envelopeProblems, isEnvelope } from './error-envelope-problems.js'

const ours = await loadContractDocument('openapi/openapi.json')

/** A twin's document whose errors are RFC 9457 problem details, without `success`. */
const problems = new ContractDocument({
  openapi: '3.1.0',
  paths: {
    '/things': { get: { responses: { '401': { $ref: '#/components/responses/Unauthorized' } } } },
  },
  components: {
    responses: {
      Unauthorized: {
        description: 'No key',
        content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    },
    schemas: {
      Error: {
        type: 'object',
        properties: {
          type: { type: 'string' },
          title: { type: 'string' },
          status: { type: 'integer' },
          detail: { type: 'string' },
        },
        required: ['type', 'title', 'status', 'detail'],
      },
    },
  },
})

const PROBLEM = { type: 'https://problems.example/unauthorized', title: 'Unauthorized', status: 401, detail: 'No key' }
const OURS = { success: false, error: { code: 'unauthorized', message: 'No key' } }

// Each row: the document, an error body, and what is wrong with it (its title and cause), or nothing.
const ROWS: Array<{
  row: string
  document: ContractDocument
  label: string
  body: unknown
  found: Array<[string, string?]>
}> = [
  { row: 'ours, as documented', document: ours, label: 'GET /user', body: OURS, found: [] },
  {
    row: 'ours without success',
    document: ours,
    label: 'GET /user',
    body: { error: OURS.error },
    found: [['success is missing on a 401', 'error shape']],
  },
  {
    row: 'ours without a message',
    document: ours,
    label: 'GET /user',
    body: { success: false, error: { code: 'unauthorized' } },
    found: [['error.code or error.message is missing', 'members Error missing']],
  },
  {
    row: 'ours as problem details',
    document: ours,
    label: 'GET /user',
    body: PROBLEM,
    found: [['success is missing on a 401', 'error shape']],
  },
  {
    row: 'ours with data',
    document: ours,
    label: 'GET /user',
    body: { ...OURS, data: {} },
    found: [['An error also carries data', 'error shape']],
  },
  {
    row: 'ours as text',
    document: ours,
    label: 'GET /user',
    body: 'No key',
    found: [['Error body is not a JSON object']],
  },
  { row: 'problem details, as documented', document: problems, label: 'GET /things', body: PROBLEM, found: [] },
  {
    row: 'problem details in our envelope',
    document: problems,
    label: 'GET /things',
    body: OURS,
    found: [['success is false on a 401, where none is documented', 'error shape']],
  },
  {
    row: 'problem details without detail',
    document: problems,
    label: 'GET /things',
    body: { ...PROBLEM, detail: undefined },
    found: [['type or detail is missing', 'error shape']],
  },
  {
    row: 'problem details without title',
    document: problems,
    label: 'GET /things',
    body: { ...PROBLEM, title: undefined },
    found: [['The error body lacks title', 'error shape']],
  },
]

it.each(ROWS)('judges $row', ({ document, label, body, found }) => {
  const envelope = errorEnvelope(document, document.get(label), 401)!
  const json = body && typeof body === 'object' ? JSON.parse(JSON.stringify(body)) : body
  expect(envelopeProblems(document, envelope, 401, json).map(({ title, rootCause }) => [title, rootCause])).toEqual(
    found.map(([title, cause]) => [title, cause]),
  )
})

it('takes an error body for the envelope where success is as documented and the object Error describes is there', () => {
  const envelope = (document: ContractDocument, label: string) => errorEnvelope(document, document.get(label), 404)!
  expect(isEnvelope(envelope(ours, 'GET /campaigns/{id}'), OURS)).toBe(true)
  expect(isEnvelope(envelope(ours, 'GET /campaigns/{id}'), { success: false, error: 'not_found' })).toBe(false)
  expect(isEnvelope(envelope(ours, 'GET /campaigns/{id}'), PROBLEM)).toBe(false)
  expect(isEnvelope(envelope(problems, 'GET /things'), PROBLEM)).toBe(true)
  expect(isEnvelope(envelope(problems, 'GET /things'), OURS)).toBe(false)
})
