import { expect, it } from 'vitest'
import { combineBodies } from './combine-errors.js'
import { deriveError } from './derive-error.js'
import type { Json } from '../profile/template.js'

// Error bodies as templates, by example: one answer each of conventions real APIs use.

const request = { method: 'GET', path: '/api/v1/adverts/9' }

it('keeps the mock’s own body as the mock’s own template', () => {
  const derived = deriveError({
    status: 422,
    request: { method: 'POST', path: '/api/v1/adverts' },
    field: 'advert.title',
    body: {
      success: false,
      error: {
        code: 'validation_failed',
        message: 'Invalid request body',
        fields: [{ field: 'advert.title', message: 'Too small' }],
      },
    },
  })
  expect(derived.code).toBe('validation_failed')
  expect(derived.template).toEqual({
    success: false,
    error: {
      code: { $slot: 'code' },
      message: { $slot: 'message' },
      fields: { $each: 'problems', item: { field: { $slot: 'problem.path' }, message: { $slot: 'problem.message' } } },
    },
  })
})

it('reads RFC 9457 problem details: the code in the type URI, the phrase, the status, the path, a trace id', () => {
  const derived = deriveError({
    status: 404,
    request,
    body: {
      type: 'https://api.example.com/problems/not-found',
      title: 'Not Found',
      status: 404,
      detail: 'Advert 9 does not exist',
      instance: '/api/v1/adverts/9',
      trace_id: '2f6c0a9e-1b3d-4e5f-8a7b-9c0d1e2f3a4b',
    },
  })
  expect(derived.code).toBe('not-found')
  expect(derived.template).toEqual({
    type: { $text: 'https://api.example.com/problems/{code}' },
    title: { $slot: 'status_text' },
    status: { $slot: 'status' },
    detail: { $slot: 'message' },
    instance: { $slot: 'path' },
    trace_id: { $slot: 'request_id' },
  })
})

it('reads a JSON:API-like errors array: one item per problem, the status as text, the pointer', () => {
  const derived = deriveError({
    status: 422,
    request: { method: 'PATCH', path: '/api/v1/campaigns/7' },
    field: 'campaign.cpm',
    body: {
      success: false,
      errors: [
        {
          status: '422',
          code: 'invalid_value',
          title: 'Invalid value',
          detail: 'cpm must be positive',
          source: { pointer: '/campaign/cpm' },
        },
      ],
    },
  })
  expect(derived.code).toBe('invalid_value')
  expect(derived.template).toEqual({
    success: false,
    errors: {
      $each: 'problems',
      item: {
        status: { $text: '{status}' },
        code: { $slot: 'code' },
        title: 'Invalid value',
        detail: { $slot: 'problem.message' },
        source: { pointer: { $slot: 'problem.pointer' } },
      },
    },
  })
})

it('keeps members it does not recognize as they came, and writes the code into a URL that names it', () => {
  const derived = deriveError({
    status: 401,
    request,
    body: {
      error: {
        code: 'UNAUTHENTICATED',
        message: 'Send your key',
        docs: 'https://docs.example/errors/UNAUTHENTICATED',
        retryable: false,
      },
    },
  })
  expect(derived.template).toEqual({
    error: {
      code: { $slot: 'code' },
      message: { $slot: 'message' },
      docs: { $text: 'https://docs.example/errors/{code}' },
      retryable: false,
    },
  })
})

it('makes the body most kinds share the general one, with invalid input’s problem list, and keeps a kind’s own where it differs', () => {
  const plain = { success: false, error: { code: { $slot: 'code' }, message: { $slot: 'message' } } }
  const withList = {
    success: false,
    error: { ...plain.error, details: { $each: 'problems', item: { field: { $slot: 'problem.field' } } } },
  }
  const odd = { message: { $slot: 'message' } }
  const { body, bodies } = combineBodies(
    new Map<never, never>([
      ['not_found', plain],
      ['unauthorized', plain],
      ['validation_failed', withList],
      ['invalid_json', odd],
    ] as never),
  )
  expect(body).toEqual(withList)
  expect(bodies).toEqual({ invalid_json: odd })
})

it.each([
  [
    'Rails',
    { error: { code: 'invalid', message: 'Invalid', errors: { cpm: ["can't be blank"] } } },
    { by: 'problem.field' },
  ],
  [
    'Laravel',
    { message: 'The given data was invalid', errors: { 'campaign.cpm': ['The cpm field is required.'] } },
    { by: 'problem.path' },
  ],
  [
    'DRF',
    { detail: 'Invalid input', code: 'invalid', errors: { campaign: { cpm: ['This field is required.'] } } },
    { by: 'problem.path', nested: true },
  ],
])('reads problems held by field, as %s keeps them', (_style, body, keyed) => {
  const { template } = deriveError({
    status: 422,
    request: { method: 'POST', path: '/api/v1/campaigns' },
    field: 'campaign.cpm',
    body,
  })
  const container =
    (template as Record<string, Record<string, unknown>>).error?.errors ?? (template as Record<string, unknown>).errors
  expect(container).toEqual({ $each: 'problems', ...keyed, item: [{ $slot: 'problem.message' }] })
})

// Found by the mixes (contract-tests/twin-mixes.test.ts, e.g. seed 3): no corpus style names a
// field `#/campaign/cpm`, and the learner kept that name as a literal, so every other field's
// problem was written under it.
it.each([
  {
    form: 'a list',
    problems: { details: [{ field: '#/campaign/cpm', issue: 'must be above 0' }] } as Record<string, Json>,
    template: {
      details: {
        $each: 'problems',
        item: { field: { $slot: 'problem.fragment' }, issue: { $slot: 'problem.message' } },
      },
    },
  },
  {
    form: 'the keys of a map',
    problems: { errors: { '#/campaign/cpm': ['must be above 0'] } } as Record<string, Json>,
    template: { errors: { $each: 'problems', by: 'problem.fragment', item: [{ $slot: 'problem.message' }] } },
  },
])('reads problems named as JSON Pointer URI fragments (`#/campaign/cpm`) in $form', ({ problems, template }) => {
  const derived = deriveError({
    status: 422,
    request: { method: 'POST', path: '/api/v1/campaigns' },
    field: 'campaign.cpm',
    body: { success: false, error: { code: 'invalid', message: 'The request is invalid', ...problems } },
  })
  expect(derived.template).toEqual({
    success: false,
    error: { code: { $slot: 'code' }, message: { $slot: 'message' }, ...template },
  })
})
