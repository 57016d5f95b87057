import { readFileSync } from 'node:fs'
import type { TwinFile } from '../../src/profile/twin-file.js'
import { readTwinFile } from '../../src/surface/twin.js'

// The committed twin (fixtures/independent.twin.json): learned from contract-tests/independent-server
// with `ad-campaign-mock twin --key … --key2 …` after its first account was given 3 adverts and 3
// campaigns. Its choices are the independent server's differences table: codes such as
// resource_not_found and invalid_request, documentation_url on errors but 422s, the IETF rate-limit
// headers only, 20 a page oldest first, 204 deletes, campaigns that start disabled, unknown fields
// ignored, titles up to 200 characters, any cpm precision, and the extra fields locale, status, currency.

/** Where the committed twin file is, from the repository's root. */
export const FIXTURE_TWIN_PATH = 'fixtures/independent.twin.json'

/** The committed twin file, read and checked: a new copy each call, so a test may change it. */
export function fixtureTwin(): TwinFile {
  return readTwinFile(readFileSync(FIXTURE_TWIN_PATH, 'utf8'))
}
