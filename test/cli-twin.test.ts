import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'yaml'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { runCli, startCli, type CliProcess } from './support/cli-process.js'
import { FIXTURE_TWIN_PATH, fixtureTwin } from './support/fixture-twin.js'

// `ad-campaign-mock --twin <file>` through the built bin, as a frontend team starts it: a file it
// cannot serve stops it before anything listens; the banner names the deployment; the other flags
// apply; the document served is the twin's; the control plane's reset and --state work on it.

const twin = fixtureTwin()
const KEY = twin.account.user.api_key
let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-twin-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

/** The committed twin, changed, written to a file of its own. */
async function twinFileWith(name: string, change: (twin: Record<string, any>) => void): Promise<string> {
  const changed = structuredClone(twin) as Record<string, any>
  change(changed)
  const file = join(dir, name)
  await writeFile(file, JSON.stringify(changed))
  return file
}

const api = (cli: CliProcess, path: string, init: RequestInit = {}) =>
  fetch(`${cli.baseUrl}${path}`, {
    ...init,
    headers: { Authorization: KEY, 'Content-Type': 'application/json', ...init.headers },
  })
const HINT = '. Run ad-campaign-mock --help to see the options.'

it('refuses a twin file it cannot serve with one line and exit 2, before it touches the port', async () => {
  const notJson = join(dir, 'not-json.twin.json')
  await writeFile(notJson, '{ "format": "ad-campaign-mock/twin@1",\n  "profile": ')
  const cases: [string[], string][] = [
    [['--twin', notJson], `--twin ${notJson} is not valid JSON: `],
    [
      ['--twin', await twinFileWith('v1.json', (file) => (file.format = 'ad-campaign-mock/twin@1'))],
      'is of format "ad-campaign-mock/twin@1", not ad-campaign-mock/twin@2: learn it again with this version',
    ],
    [
      ['--twin', await twinFileWith('stray.json', (file) => (file.account.campaigns[1].advert_id = 42))],
      'is inconsistent: campaign 5 is on advert 42, which its account does not hold',
    ],
    [
      ['--twin', await twinFileWith('tier.json', (file) => (file.account.user.api_tier = 'gold'))],
      'is inconsistent: account.user.api_tier does not fit its profile: ',
    ],
    [['--twin', join(dir, 'missing.json')], 'missing.json: no such file'],
    [['--twin', FIXTURE_TWIN_PATH, '--fixtures', 'fixtures/default.json'], '--twin brings its own data'],
    [['--twin', FIXTURE_TWIN_PATH, '--generate', '3'], '--twin brings its own data'],
  ]
  // A port held by someone else: a start that got as far as listening would say the port is in use.
  const holder = createServer()
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve))
  const { port } = holder.address() as AddressInfo
  try {
    for (const [args, message] of cases) {
      const { code, stdout, stderr } = await runCli([...args, '--port', String(port)])
      expect(code, args.join(' ')).toBe(2)
      expect(stdout).toBe('')
      const lines = stderr.trimEnd().split('\n')
      expect(lines, args.join(' ')).toHaveLength(1)
      expect(lines[0]).toMatch(/^ad-campaign-mock: --twin /)
      expect(lines[0]).toContain(message)
      expect(lines[0]).not.toContain('in use')
      expect(lines[0]!.endsWith(HINT)).toBe(true)
    }
  } finally {
    holder.close()
  }
}, 120_000) // seven starts, one after another

it('names the deployment it is a twin of and when it was learned; --log json, --admin-token and --tiers still apply', async () => {
  // --tiers in the twin's own tier names: its captured user is on `starter`.
  const tiers = join(dir, 'starter-tiers.json')
  await writeFile(tiers, JSON.stringify({ starter: { per_minute: 7 } }))
  const args = ['--twin', FIXTURE_TWIN_PATH, '--tiers', tiers, '--port', '0', '--log', 'json', '--admin-token', 'tok']
  const cli = await startCli(args)
  let stdout = ''
  cli.child.stdout!.on('data', (chunk) => (stdout += chunk))
  const banner = cli.output()
  expect(banner).toContain(`  Twin of:             ${twin.source.base_url}, learned at ${twin.source.learned_at}\n`)
  expect(banner).toContain('  Data:                the captured account: 1 user, 3 adverts, 3 campaigns\n')
  expect(banner).toContain(
    `  API key:             ${KEY} (user1@example.com, the twin's own key for the captured user)\n`,
  )
  const campaigns = await api(cli, '/campaigns')
  expect(campaigns.headers.get('x-ratelimit-limit')).toBeNull()
  expect(campaigns.headers.get('ratelimit-policy')).toMatch(/^"minute";q=7;/)
  expect((await campaigns.json()).data.map(({ id }: { id: number }) => id)).toEqual([4, 5, 6])
  // The control plane wants the token; the request log is JSON lines on standard output.
  const health = `${new URL(cli.baseUrl).origin}/__admin/health`
  expect((await fetch(health)).status).toBe(403)
  expect((await fetch(health, { headers: { 'X-Admin-Token': 'tok' } })).status).toBe(200)
  expect(await cli.stop()).toBe(0)
  expect(stdout).toMatch(
    /^\{"time":"[^"]+","method":"GET","path":"\/api\/v1\/campaigns","status":200,.*"user_id":1\}$/m,
  )
})

it("serves the twin's own document at /api/v1/openapi.json and .yaml, and the docs page lists it", async () => {
  const cli = await startCli(['--twin', FIXTURE_TWIN_PATH, '--port', '0', '--quiet'])
  const origin = new URL(cli.baseUrl).origin
  const document = await (await fetch(`${cli.baseUrl}/openapi.json`)).json()
  const servers = (twin.document.servers as unknown[] | undefined) ?? []
  expect(document).toEqual({ ...twin.document, servers: [{ url: cli.baseUrl, description: 'This twin' }, ...servers] })
  // What makes it the deployment's: deletes answer 204, list pages hold 20.
  expect(Object.keys(document.paths['/campaigns/{id}'].delete.responses)).toContain('204')
  expect(JSON.stringify(document.components)).toContain('resource_not_found')
  expect(parse(await (await fetch(`${cli.baseUrl}/openapi.yaml`)).text())).toEqual(document)
  const page = await fetch(`${origin}/docs`)
  expect(page.status).toBe(200)
  const settings = await (await fetch(`${origin}/docs/init.js`)).text()
  expect(settings).toContain('{"url":"/api/v1/openapi.json","name":"Advertising Campaign Service API"}')
  expect(settings).toContain(`preauthorizeApiKey("ApiKeyAuth", "${KEY}")`)
  expect(await cli.stop()).toBe(0)
})

it('POST /__admin/reset restores the captured account', async () => {
  const cli = await startCli(['--twin', FIXTURE_TWIN_PATH, '--port', '0', '--quiet'])
  const made = await api(cli, '/adverts', { method: 'POST', body: JSON.stringify({ advert: { title: 'Gone soon' } }) })
  expect(made.status).toBe(201)
  expect((await api(cli, '/campaigns/4', { method: 'DELETE' })).status).toBe(204)
  const reset = await fetch(`${new URL(cli.baseUrl).origin}/__admin/reset`, { method: 'POST' })
  expect((await reset.json()).data).toEqual({ users: 1, adverts: 3, campaigns: 3 })
  expect((await (await api(cli, '/adverts')).json()).data).toEqual(twin.account.adverts)
  expect((await (await api(cli, '/campaigns')).json()).data).toEqual(twin.account.campaigns)
  expect(await cli.stop()).toBe(0)
})

it("keeps the twin's writes in its --state file across restarts, and a reset there restores the captured account", async () => {
  const state = join(dir, 'twin-state.json')
  const start = () => startCli(['--twin', FIXTURE_TWIN_PATH, '--state', state, '--port', '0', '--quiet'])
  let cli = await start()
  expect(cli.output()).toContain(`  State file:          created ${state}; every write is saved there\n`)
  const body = JSON.stringify({ advert: { title: 'Kept across restarts' } })
  const advert = (await (await api(cli, '/adverts', { method: 'POST', body })).json()).data
  // Ids go on from where the deployment's counters stood when the twin was learned.
  expect(advert).toMatchObject({ id: twin.profile.stamps.counters?.adverts, status: 'active' })
  expect(await cli.stop()).toBe(0)

  cli = await start()
  expect(cli.output()).toContain('  Data:                loaded from the state file: 1 user, 4 adverts, 3 campaigns\n')
  expect(cli.output()).toContain(`  State file:          loaded ${state}; every write is saved there\n`)
  expect((await (await api(cli, `/adverts/${advert.id}`)).json()).data).toEqual(advert)
  // Still the twin's rules: a new campaign starts disabled.
  const campaign = { advert_id: advert.id, broadcasting_type: 'active_ad', cpm: 1.5, sending_limit: 10 }
  const created = await api(cli, '/campaigns', { method: 'POST', body: JSON.stringify({ campaign }) })
  // One sequence for both kinds, as the deployment's (stamps.idSequence: shared), kept across the restart.
  expect(twin.profile.stamps.idSequence).toBe('shared')
  expect((await created.json()).data).toMatchObject({ id: advert.id + twin.profile.stamps.idStep, enabled: false })
  await fetch(`${new URL(cli.baseUrl).origin}/__admin/reset`, { method: 'POST' })
  expect(await cli.stop()).toBe(0)

  cli = await start()
  expect(cli.output()).toContain('  Data:                loaded from the state file: 1 user, 3 adverts, 3 campaigns\n')
  expect((await (await api(cli, '/campaigns')).json()).data).toEqual(twin.account.campaigns)
  expect(JSON.parse(await readFile(state, 'utf8')).state.dataset.users[0]).toMatchObject({ api_tier: 'starter' })
  expect(await cli.stop()).toBe(0)
}, 120_000) // three starts and stops
