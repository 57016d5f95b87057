import { afterEach, expect, it, vi } from 'vitest'
import type { Conventions } from './independent-server/house-conventions.js'
import { formatDifferences } from './independent-server/house-differences.js'
import { STYLE_NAMES, STYLES } from './independent-server/house-styles.js'
import { startIndependentServer, type IndependentServer } from './independent-server/server.js'
import { CORPUS_KEYS } from './support/differential/corpus-client.js'
import { startDeployment, type Target } from './support/differential/targets.js'
import { startServerProcess, type ServerProcess } from './support/independent-server-process.js'

// The corpus as a whole: the styles are mutually distinct (every pair differs on at least five
// declared conventions), each declaration is coherent (its table's rows unique, one defect at
// most and marked as such, its seed holding what a learner would never probe in at least two
// styles), and a style is chosen by the option, by INDEPENDENT_STYLE and by main.ts --style.

/** Conventions compared one by one: each top-level choice, and each member of the grouped ones. */
function conventionEntries(conventions: Conventions): Map<string, string> {
  const entries = new Map<string, string>()
  for (const [key, value] of Object.entries(conventions)) {
    if (['statuses', 'bounds', 'pageSize', 'ids', 'rateLimit', 'order'].includes(key))
      for (const [member, inner] of Object.entries(value as object))
        entries.set(`${key}.${member}`, JSON.stringify(inner))
    else entries.set(key, JSON.stringify(value))
  }
  return entries
}

it('makes every pair of styles differ on at least five declared conventions', () => {
  const pairs: string[] = []
  for (const [index, a] of STYLE_NAMES.entries())
    for (const b of STYLE_NAMES.slice(index + 1)) {
      const [left, right] = [conventionEntries(STYLES[a].conventions), conventionEntries(STYLES[b].conventions)]
      const differing = [...new Set([...left.keys(), ...right.keys()])].filter(
        (key) => left.get(key) !== right.get(key),
      )
      pairs.push(`${a} / ${b}: ${differing.length}`)
      expect(differing.length, `${a} / ${b} differ on ${differing.join(', ')}`).toBeGreaterThanOrEqual(5)
    }
  console.log(`conventions differing, by pair: ${pairs.join('; ')}`)
  expect(pairs).toHaveLength((STYLE_NAMES.length * (STYLE_NAMES.length - 1)) / 2)
})

it('covers the conventions the corpus must hold, across its styles', () => {
  const all = STYLE_NAMES.map((name) => STYLES[name].conventions)
  const values = (pick: (c: Conventions) => unknown) => new Set(all.map((c) => JSON.stringify(pick(c))))
  expect(STYLE_NAMES.length).toBeGreaterThanOrEqual(6)
  expect(values((c) => c.errors.kind)).toEqual(
    new Set(
      ['problem-details', 'json-api', 'error-object', 'message-map', 'drf', 'github'].map((k) => JSON.stringify(k)),
    ),
  )
  for (const kind of ['rails', 'django', 'laravel'])
    expect(values((c) => c.paging.kind)).toContain(JSON.stringify(kind))
  for (const family of ['github', 'ietf-fields', 'ietf-structured'])
    expect(values((c) => c.rateLimit.family)).toContain(JSON.stringify(family))
  const deletes = new Set(all.flatMap((c) => [c.deletes.campaign, c.deletes.advert]).map((d) => JSON.stringify(d)))
  for (const answer of [{ status: 202, body: 'receipt' }, { status: 204 }, { status: 200, body: 'record' }])
    expect(deletes).toContain(JSON.stringify(answer))
  for (const stamps of ['s-z', 'us-z', 's-offset', 'ms-z'])
    expect(values((c) => c.stamps)).toContain(JSON.stringify(stamps))
  for (const order of [
    { key: 'updated_at', direction: 'desc' },
    { key: 'id', direction: 'asc' },
    { key: 'created_at', direction: 'desc' },
  ])
    expect(values((c) => c.order)).toContain(JSON.stringify(order))
  expect(all.some((c) => c.ids.start !== 1 && c.ids.step !== 1)).toBe(true)
  for (const pick of [
    (c: Conventions) => c.statuses.foreign,
    (c: Conventions) => c.statuses.invalid,
    (c: Conventions) => c.statuses.inUse,
    (c: Conventions) => c.statuses.wrongMethod,
    (c: Conventions) => c.unknownFields,
    (c: Conventions) => c.pageSize.above,
    (c: Conventions) => c.newCampaignsEnabled,
    (c: Conventions) => c.bounds.cpm.beyond,
  ])
    expect(values(pick).size, String(pick)).toBe(2)
})

it.each(STYLE_NAMES)(
  'declares the %s style coherently: unique rows, at most one defect and the conventions say it',
  (name) => {
    const { conventions, differences, seed, follows } = STYLES[name]
    expect(STYLES[name].name).toBe(name)
    expect(follows.length).toBeGreaterThan(10)
    expect(new Set(differences.map((row) => row.id)).size).toBe(differences.length)
    const defects = differences.filter((row) => row.kind === 'defect')
    expect(defects.length).toBeLessThanOrEqual(1)
    expect(defects.map((row) => row.id)).toEqual(conventions.defect ? [conventions.defect] : [])
    expect(seed.adverts.length).toBeGreaterThanOrEqual(2)
    expect(seed.campaigns.length).toBeGreaterThanOrEqual(1)
    expect(formatDifferences(STYLES[name]).split('\n')).toHaveLength(differences.length + 4)
  },
)

it("seeds in at least two styles a value no learner probes: a broadcasting type of the style's own and a cpm finer than cents", () => {
  const surprising = STYLE_NAMES.filter((name) =>
    STYLES[name].seed.campaigns.some(
      (c) => c.broadcasting_type !== 'active_ad' && c.broadcasting_type !== 'passive_ad',
    ),
  ).filter((name) => STYLES[name].seed.campaigns.some((c) => Math.round(c.cpm * 100) !== c.cpm * 100))
  expect(surprising.length).toBeGreaterThanOrEqual(2)
})

const running: Array<IndependentServer | ServerProcess | Target> = []
afterEach(async () => {
  for (const server of running.splice(0)) await ('stop' in server ? server.stop() : server.close())
})

it('is chosen by the style option, by INDEPENDENT_STYLE (unless a set of choices is named) and by main.ts --style; an unknown name is refused by name', async () => {
  const tierOf = async (baseUrl: string) =>
    ((await (await fetch(`${baseUrl}/user`, { headers: { authorization: CORPUS_KEYS[0] } })).json()) as any).data
      ?.api_tier
  const byOption = await startIndependentServer({ keys: CORPUS_KEYS, style: 'laravel' })
  running.push(byOption)
  expect(await tierOf(byOption.baseUrl)).toBe(STYLES.laravel.conventions.tier.name)
  vi.stubEnv('INDEPENDENT_STYLE', 'django')
  const byVariable = await startIndependentServer({ keys: CORPUS_KEYS })
  running.push(byVariable)
  expect(await tierOf(byVariable.baseUrl)).toBe(STYLES.django.conventions.tier.name)
  // A set of choices asked for by name is that set, whatever the variable says.
  const second = await startIndependentServer({ keys: CORPUS_KEYS, choices: 'second' })
  running.push(second)
  expect(await tierOf(second.baseUrl)).toBe('growth')
  vi.stubEnv('INDEPENDENT_STYLE', 'soap')
  await expect(startIndependentServer({ keys: CORPUS_KEYS })).rejects.toThrow(
    /style must be one of problem-details, .*, got "soap"/,
  )
  vi.unstubAllEnvs()
  const process = await startServerProcess(['--keys', CORPUS_KEYS.join(','), '--style', 'github', '--no-seed'])
  running.push(process)
  expect(await tierOf(process.baseUrl)).toBe(STYLES.github.conventions.tier.name)
  const adverts = await fetch(`${process.baseUrl}/adverts`, { headers: { authorization: CORPUS_KEYS[0] } })
  expect(((await adverts.json()) as any).data).toEqual([])
}, 30_000)

it('starts any style as a differential target, its seeded records named A1, A2 and C1', async () => {
  const target = await startDeployment('stripe')
  running.push(target)
  const { start, step } = STYLES.stripe.conventions.ids
  expect(target.name).toBe('the stripe style')
  expect(target.records).toMatchObject({ 'advert A1': start, 'advert A2': start + step, 'campaign C1': start })
  const foreign = await fetch(`${target.baseUrl}/adverts/${target.records['foreign advert']}`, {
    headers: { authorization: target.key2 },
  })
  expect(foreign.status).toBe(200)
})
