import { expect, it } from 'vitest'
import { fixtureTwin } from '../../test/support/fixture-twin.js'
import { TWIN_FORMAT } from '../profile/twin-file.js'
import { DEFAULT_FIXTURES } from '../store/fixtures.js'
import { createMockApi } from './create-mock-api.js'
import { parseTwinFile, readTwinFile, twinDataset, TwinFileError } from './twin.js'

/** The committed twin, changed by `change` (a plain JSON copy, as a hand-edited file would be). */
function twinWith(change: (twin: Record<string, any>) => void): unknown {
  const twin = structuredClone(fixtureTwin()) as Record<string, any>
  change(twin)
  return twin
}

const BAD_TWINS: [string, unknown, RegExp][] = [
  ['no object at all', [1, 2], /^is not a twin file: it holds no JSON object$/],
  [
    "a file's text, not parsed",
    '{ "format": "ad-campaign-mock/twin@2" }',
    /^is not a twin file: it holds no JSON object$/,
  ],
  [
    'another format version',
    twinWith((twin) => (twin.format = 'ad-campaign-mock/twin@0')),
    /^is of format "ad-campaign-mock\/twin@0", not ad-campaign-mock\/twin@2: learn it again/,
  ],
  ['no format', twinWith((twin) => delete twin.format), /^is of format null, not /],
  [
    'a profile out of shape',
    twinWith((twin) => (twin.profile.lists.defaultPerPage = 0)),
    /^is not a valid twin file: profile\.lists\.defaultPerPage /,
  ],
  ['no captured account', twinWith((twin) => delete twin.account), /^is not a valid twin file: account /],
  [
    'a captured record its own profile refuses',
    twinWith((twin) => (twin.account.campaigns[2].broadcasting_type = 'banner_ad')),
    /^is inconsistent: account\.campaigns\.2\.broadcasting_type does not fit its profile: /,
  ],
  [
    'a captured user on a tier its profile lacks',
    twinWith((twin) => (twin.account.user.api_tier = 'gold')),
    /^is inconsistent: account\.user\.api_tier does not fit its profile: /,
  ],
  [
    'a campaign on an advert its account lacks',
    twinWith((twin) => (twin.account.campaigns[0].advert_id = 99)),
    /^is inconsistent: campaign 4 is on advert 99, which its account does not hold$/,
  ],
]

it.each(BAD_TWINS)(
  'createMockApi({ twin }) rejects %s with a TwinFileError, in one line',
  async (_what, value, message) => {
    const refused = createMockApi({ twin: value as never })
    await expect(refused).rejects.toThrow(TwinFileError)
    await expect(refused).rejects.toThrow(message)
    await expect(refused).rejects.toThrow(/^[^\n]+$/)
    expect(() => parseTwinFile(value)).toThrow(message)
  },
)

it('readTwinFile says in one line that a text is not JSON, and reads a twin file that is', () => {
  expect(() => readTwinFile('{ "format": ')).toThrow(TwinFileError)
  expect(() => readTwinFile('# a README')).toThrow(/^is not JSON: /)
  expect(readTwinFile(JSON.stringify(fixtureTwin())).format).toBe(TWIN_FORMAT)
})

it('refuses a twin given with fixtures, generate or a profile: a twin brings its own', async () => {
  const twin = fixtureTwin()
  for (const extra of [{ fixtures: DEFAULT_FIXTURES }, { generate: { users: 1 } }, { profile: twin.profile }])
    await expect(createMockApi({ twin, ...extra })).rejects.toThrow(
      /^createMockApi: a twin brings its own profile and data/,
    )
})

it("starts from the captured account: its user with the twin's key, its records with their extra fields, no API-only fields", () => {
  const twin = fixtureTwin()
  const dataset = twinDataset(twin)
  expect(dataset.users).toEqual([
    expect.objectContaining({ id: 1, api_key: twin.account.user.api_key, locale: 'en-US', topups_count: 0 }),
  ])
  expect(dataset.users[0]).not.toHaveProperty('api_tier_limits')
  expect(dataset.adverts.map((advert) => [advert.id, advert.user_id, (advert as { status?: string }).status])).toEqual([
    [1, 1, 'active'],
    [2, 1, 'active'],
    [3, 1, 'active'],
  ])
  expect(dataset.campaigns.map((campaign) => [campaign.id, campaign.advert_id])).toEqual([
    [4, 1],
    [5, 1],
    [6, 2],
  ])
  for (const campaign of dataset.campaigns) expect(campaign).not.toHaveProperty('advert_title')
})
