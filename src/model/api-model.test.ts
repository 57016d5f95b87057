import { expect, it } from 'vitest'
import { ERROR_CODE_NAMES, type Profile } from '../profile/profile.js'
import { OTHER_PROFILE } from '../../test/support/other-profile.js'
import { DEFAULT_MODEL, modelOf } from './api-model.js'
import { renderTemplate } from './render-template.js'

// The model of a profile: what it answers is what it documents. For every error code, the body it
// renders passes the schema it documents for that code; so does every list envelope it renders.

/** A profile in RFC 9457's style: problem details, its own media type, a type URI with the code. */
const PROBLEM_DETAILS: Profile = {
  ...OTHER_PROFILE,
  errors: {
    ...OTHER_PROFILE.errors,
    contentType: 'application/problem+json',
    body: {
      type: { $text: 'https://errors.example.com/{code}' },
      title: { $slot: 'status_text' },
      status: { $slot: 'status' },
      detail: { $slot: 'message' },
      instance: { $slot: 'path' },
      trace_id: { $slot: 'request_id' },
      invalid_params: {
        $each: 'problems',
        item: { name: { $slot: 'problem.field' }, reason: { $slot: 'problem.message' } },
      },
    },
    bodies: {},
  },
  lists: {
    ...OTHER_PROFILE.lists,
    envelope: {
      success: true,
      data: { $slot: 'items' },
      meta: { current_page: { $slot: 'page' }, last_page: { $slot: 'pages' }, total: { $slot: 'total' } },
      links: {
        next: { $link: 'next', href: '{base}{path}?page={page}&per_page={per_page}' },
        prev: { $link: 'prev', href: '{base}{path}?page={page}' },
      },
    },
  },
}

it.each([
  ['the mock', DEFAULT_MODEL],
  ['another profile', modelOf(OTHER_PROFILE)],
  ['problem details', modelOf(PROBLEM_DETAILS)],
])('renders, for %s, every error code as the schema it documents for that code says', (_name, model) => {
  for (const code of model.errors.codes) {
    const problems = code === 'validation_failed' ? [{ field: 'campaign.cpm', message: 'must be positive' }] : undefined
    const body = model.errors.body(
      { code, message: `Failed: ${code}`, problems, request: { method: 'GET', path: '/api/v1/adverts/9' } },
      0,
    )
    expect(model.errors.envelope(code).safeParse(body).error?.issues, code).toBeUndefined()
    // Another code's schema refuses it: each is narrowed to its own code.
    const other = code === 'not_found' ? 'unauthorized' : 'not_found'
    if (model.errors.wireName(other) !== model.errors.wireName(code) && model.errors.codes.includes(other))
      expect(model.errors.envelope(other).safeParse(body).success, `${code} as ${other}`).toBe(false)
  }
})

it('renders problem details with the slots filled: the status, its phrase, the code in the type, the path, an id of its own', () => {
  const model = modelOf(PROBLEM_DETAILS)
  const body = model.errors.body(
    { code: 'not_found', message: 'No advert 9', request: { method: 'GET', path: '/api/v1/adverts/9' } },
    0,
  )
  expect(body).toMatchObject({
    type: 'https://errors.example.com/resource_not_found',
    title: 'Not Found',
    status: 404,
    detail: 'No advert 9',
    instance: '/api/v1/adverts/9',
  })
  expect(body).not.toHaveProperty('invalid_params')
  expect((body as { trace_id: string }).trace_id).toMatch(/^[0-9a-f-]{36}$/)
  const invalid = model.errors.body(
    { code: 'validation_failed', message: 'Invalid', problems: [{ field: 'campaign.cpm', message: 'too big' }] },
    0,
  )
  expect(invalid).toMatchObject({ status: 400, invalid_params: [{ name: 'cpm', reason: 'too big' }] })
  expect(model.errors.contentType).toBe('application/problem+json')
})

it('renders a list envelope with its figures and links, and documents it', () => {
  const model = modelOf(PROBLEM_DETAILS)
  const page = model.lists.envelope([{ id: 1 }, { id: 2 }], { page: 2, per_page: 2, total: 5 }, () => ({
    base: 'http://h/api/v1',
    path: '/adverts',
  }))
  expect(page).toEqual({
    success: true,
    data: [{ id: 1 }, { id: 2 }],
    meta: { current_page: 2, last_page: 3, total: 5 },
    links: { next: 'http://h/api/v1/adverts?page=3&per_page=2', prev: 'http://h/api/v1/adverts?page=1' },
  })
  const last = model.lists.envelope([], { page: 3, per_page: 2, total: 5 }, () => ({ base: '', path: '/adverts' }))
  expect(last).toMatchObject({ links: { next: null } })
  expect(model.lists.slotPaths).toMatchObject({
    page: 'meta.current_page',
    total: 'meta.total',
    'link.next': 'links.next',
  })
})

it('renders every slot node: a text, a list of problems, a value left out when its slot has none', () => {
  expect(
    renderTemplate({ a: { $text: 'x-{code}-y' }, b: { $slot: 'missing' }, c: [1, { $slot: 'code' }] }, { code: 'c1' }),
  ).toEqual({
    a: 'x-c1-y',
    c: [1, 'c1'],
  })
})

it('answers each code with the status its profile gives it, and another account’s resource as the profile says', () => {
  const model = modelOf(OTHER_PROFILE)
  expect(model.errors.status('validation_failed')).toBe(400)
  expect(model.errors.status('advert_in_use')).toBe(409)
  expect(model.errors.foreign).toBe('forbidden')
  const getAdvert = model.operations.get('getAdvert')!
  expect(model.errorCodes(getAdvert)).toEqual(expect.arrayContaining(['not_found', 'forbidden']))
  expect(DEFAULT_MODEL.errorCodes(DEFAULT_MODEL.operations.get('getAdvert')!)).not.toContain('forbidden')
  expect(ERROR_CODE_NAMES.every((code) => typeof DEFAULT_MODEL.errors.status(code) === 'number')).toBe(true)
})
