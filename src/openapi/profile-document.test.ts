import { expect, it } from 'vitest'
import { DEFAULT_PROFILE } from '../profile/profile.js'
import { buildOpenApi } from './build-openapi.js'

type Json = Record<string, any>

/** The codes a response's JSON body may carry, by the branches of its schema. */
function codesOf(document: Json, response: Json): string[] {
  const own = response.$ref ? document.components.responses[response.$ref.split('/').pop()] : response
  const schema = own.content['application/json'].schema
  return (schema.anyOf ?? [schema]).map((branch: Json) =>
    branch.properties.error.$ref?.endsWith('/ValidationError')
      ? 'validation_failed'
      : branch.properties.error.allOf[1].properties.code.const,
  )
}

it('documents invalid JSON and invalid input together where a profile answers both with a 400', () => {
  const profile = { ...DEFAULT_PROFILE, errors: { ...DEFAULT_PROFILE.errors, validationStatus: 400 as const } }
  const document: Json = buildOpenApi({ profile })
  const patchUser = document.paths['/user'].patch.responses
  expect(patchUser['422']).toBeUndefined()
  expect(codesOf(document, patchUser['400'])).toEqual(['invalid_json', 'bad_request', 'validation_failed'])
  expect(patchUser['400'].description).toMatch(/^400 `invalid_json`: .* Or 400 `validation_failed`: /)
  // Only the headers both answers have: invalid JSON's 400 may come before the rate limit.
  expect(patchUser['400'].headers).toBeUndefined()
  // A list had no 400: it gets the validation error's, as it was.
  expect(document.paths['/campaigns'].get.responses['400']).toEqual({ $ref: '#/components/responses/ValidationError' })
  // POST /adverts keeps its other 422 (the account's cap) where it was.
  const postAdverts = document.paths['/adverts'].post.responses
  expect(codesOf(document, postAdverts['400'])).toEqual(['invalid_json', 'bad_request', 'validation_failed'])
  expect(codesOf(document, postAdverts['422'])).toEqual(['resource_limit_reached'])
})

it("leaves the default profile's document as it is", () => {
  const document: Json = buildOpenApi()
  expect(codesOf(document, document.paths['/user'].patch.responses['400'])).toEqual(['invalid_json', 'bad_request'])
  expect(codesOf(document, document.paths['/user'].patch.responses['422'])).toEqual(['validation_failed'])
})

it('states no facts about the body of a delete that answers 204 without one', () => {
  const deletes = { campaign: { status: 204 as const }, advert: { status: 200 as const } }
  const document: Json = buildOpenApi({ profile: { ...DEFAULT_PROFILE, resources: { ...DEFAULT_PROFILE.resources, deletes } } })
  const [campaign, advert] = [document.paths['/campaigns/{id}'].delete, document.paths['/adverts/{id}'].delete]
  expect(Object.keys(campaign.responses)).toContain('204')
  expect(campaign['x-consistency']).toBeUndefined()
  const byDefault: Json = buildOpenApi()
  expect(advert['x-consistency']).toEqual(byDefault.paths['/adverts/{id}'].delete['x-consistency'])
})

it('states the agreement of the two rate-limit header families only where both are sent', () => {
  const withHeaders = (headers: 'ietf' | 'x-ratelimit' | 'both'): Json =>
    buildOpenApi({ profile: { ...DEFAULT_PROFILE, rateLimits: { ...DEFAULT_PROFILE.rateLimits, headers } } })
  expect(withHeaders('ietf').components.headers.RateLimit['x-consistency']).toBeUndefined()
  expect(withHeaders('ietf').components.headers['X-RateLimit-Limit']).toBeUndefined()
  expect(withHeaders('x-ratelimit').components.headers.RateLimit).toBeUndefined()
  expect(withHeaders('both').components.headers.RateLimit['x-consistency']).toEqual({
    agrees: ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'],
  })
})
