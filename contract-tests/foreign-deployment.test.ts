import { spawn, type ChildProcess } from 'node:child_process'
import { runScript } from './support/run-script.js'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startListener, type Listener } from '../src/runtimes/express.js'

// The suite against a deployment that is not the mock as far as it can tell: a separate process
// that is only an HTTP proxy, a key the suite did not create, a live run with no control plane.
let listener: Listener
let proxy: ChildProcess
let proxyOrigin: string
let dir: string

async function admin(method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${listener.origin}/__admin${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return (await response.json()).data
}

async function api(key: string, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${listener.baseUrl}${path}`, {
    method,
    headers: { authorization: key, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return response.json()
}

/** Everything an account owns, as the API lists it. */
async function holdings(key: string) {
  return {
    user: (await api(key, 'GET', '/user')).data,
    adverts: (await api(key, 'GET', '/adverts?per_page=100')).data,
    campaigns: (await api(key, 'GET', '/campaigns?per_page=100')).data,
  }
}

beforeAll(async () => {
  listener = await startListener({ port: 0 })
  dir = await mkdtemp(join(tmpdir(), 'contract-foreign-'))
  proxy = spawn(process.execPath, ['--import', 'tsx', 'contract-tests/support/proxy-main.ts', listener.origin], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  proxyOrigin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the proxy did not start within 20 s')), 20_000)
    proxy.stdout?.on('data', (chunk: Buffer) => {
      const match = /PROXY_ORIGIN=(\S+)/.exec(String(chunk))
      if (match?.[1]) {
        clearTimeout(timer)
        resolve(match[1])
      }
    })
  })
}, 30_000)

afterAll(async () => {
  proxy?.kill('SIGTERM')
  await listener?.close()
  if (dir) await rm(dir, { recursive: true, force: true })
})

it('checks a proxied deployment with keys it did not create, reports, and leaves the accounts as they were', async () => {
  // Accounts opened beforehand, one with data of its own that the run must leave alone.
  const owner = await admin('POST', '/users', { tier: 'pro' })
  const other = await admin('POST', '/users', { tier: 'pro' })
  const advert = (await api(owner.api_key, 'POST', '/adverts', { advert: { title: 'Existing advert' } })).data
  await api(owner.api_key, 'POST', '/campaigns', {
    campaign: { advert_id: advert.id, broadcasting_type: 'active_ad', cpm: 0.29, sending_limit: 100 },
  })
  const before = { owner: await holdings(owner.api_key), other: await holdings(other.api_key) }
  const usersBefore = (await admin('GET', '/users')) as unknown[]
  const report = join(dir, 'contract.xml')

  const outcome = await runScript(
    ['contract-tests/run.ts'],
    {
      CONTRACT_BASE_URL: `${proxyOrigin}/api/v1`,
      CONTRACT_API_KEY: owner.api_key,
      CONTRACT_API_KEY_2: other.api_key,
      CONTRACT_REPORT: report,
    },
    90_000,
  )

  // No CONTRACT_PROFILE: a live run defaults to the contract profile (never the mock's own choices).
  expect(outcome.stdout).toContain(`against ${proxyOrigin}/api/v1 (profile contract)`)
  expect(outcome.stdout).toMatch(/PASSED\n/)
  expect(outcome.code).toBe(0)
  expect(outcome.stdout).toContain('e-mail change and key reset skipped')
  // What the options leave out is listed as skipped, with the option, and does not make the run inconclusive.
  expect(outcome.stdout).toMatch(/^Skipped by option\n(  - .+\n)+/m)
  expect(outcome.stdout).toMatch(
    /^ {2}- PATCH \/user \(.*account_lifecycle.*\); POST \/user\/reset_api_key \(.*\): CONTRACT_ALLOW_DESTRUCTIVE is off/m,
  )
  expect(outcome.stdout).toMatch(/^ {2}- GET \/user\/balance \(rate_limit_enforcement\): CONTRACT_RATE_LIMIT is off/m)
  expect(outcome.stdout).toMatch(
    /^PASSED: 0 findings; checks on operations: \d+ passed, 0 failed, 0 not exercised, [1-9]\d* skipped by option/m,
  )
  const xml = await readFile(report, 'utf8')
  expect(xml).toMatch(/<testsuites name="contract \w+ PASSED" tests="\d+" failures="0" errors="0"/)
  expect(xml).toContain('<testcase classname="POST /campaigns" name="negative_data_rejection"')
  // Nothing left behind, nothing changed, no account opened: the key and the e-mail are the same.
  expect(await holdings(owner.api_key)).toEqual(before.owner)
  expect(await holdings(other.api_key)).toEqual(before.other)
  expect(await admin('GET', '/users')).toHaveLength(usersBefore.length)
}, 120_000)
