import { expect, it } from 'vitest'
import { DEFAULT_PROFILE, type Profile } from '../profile/profile.js'
import { OTHER_PROFILE } from '../../test/support/other-profile.js'
import { buildOpenApi } from './build-openapi.js'

// A document's words are the model's: every operation's description and the API's description say
// the profile's choice where one is made (its order, how a new campaign starts, another account's
// answer, a page past the end, its stamps), never the mock's own under another profile's document.

/** Every operation's description in a document, by `METHOD path`. */
function descriptions(profile: Profile): Record<string, string> {
  const document = buildOpenApi({ profile }) as unknown as { paths: Record<string, Record<string, { description?: string }>> }
  return Object.fromEntries(
    Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => [`${method.toUpperCase()} ${path}`, operation.description ?? '']),
    ),
  )
}

it.each([DEFAULT_PROFILE, OTHER_PROFILE])('fills every choice into the words of the operations (profile %#)', (profile) => {
  for (const [operation, text] of Object.entries(descriptions(profile))) expect(text, operation).not.toMatch(/\{\w+(:\w+)?\}/)
})

it("says the mock's own choices in its own document", () => {
  const words = descriptions(DEFAULT_PROFILE)
  expect(words['GET /campaigns']).toContain('newest first')
  expect(words['POST /campaigns']).toContain('It starts enabled')
  expect(words['GET /campaigns/{id}']).toBe("One of the caller's campaigns with its advert. Another account's campaign is a 404.")
  expect(words['POST /adverts']).toContain('one more is a 422 resource_limit_reached')
})

it("says another profile's choices in its document, and none of the mock's", () => {
  const words = descriptions(OTHER_PROFILE)
  const { info } = buildOpenApi({ profile: OTHER_PROFILE }) as { info: { description: string } }
  expect(words['GET /campaigns']).toContain('oldest first')
  expect(words['POST /campaigns']).toContain('It starts disabled')
  expect(words['GET /campaigns/{id}']).toBe("One of the caller's campaigns. Another account's campaign is a 403 `forbidden`.")
  expect(words['GET /adverts/{id}']).toBe("One of the caller's adverts. Another account's advert is a 403 `forbidden`.")
  expect(words['DELETE /campaigns/{id}']).toBe('Deletes the campaign; answers 204, with no body.')
  expect(info.description).toContain('a page past the end is a 404')
  expect(info.description).toContain('less than 1 counts as the default')
  expect(Object.values(words).join('\n')).not.toMatch(/newest first|starts enabled|is a 404/)
})
