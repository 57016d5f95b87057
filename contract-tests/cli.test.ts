import { runScript } from './support/run-script.js'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startListener, type Listener } from '../src/runtimes/express.js'

// npm run test:contract as a user runs it: a child process, configured by CONTRACT_* variables.
let dir: string
let listener: Listener

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'contract-cli-'))
  listener = await startListener({ port: 0 })
})

afterAll(async () => {
  await listener?.close()
  if (dir) await rm(dir, { recursive: true, force: true })
})

it('starts the standalone mock on a free port and checks it with every profile when no deployment is named', async () => {
  const outcome = await runSuite({})
  expect(outcome.stdout).toMatch(/against http:\/\/127\.0\.0\.1:\d+\/api\/v1 \(profile all\)/)
  expect(outcome.stdout).toMatch(/PASSED\n$/)
  expect(outcome.code).toBe(0)
}, 120_000)

it('exits 1 with the violation in the report when the deployment disagrees with the document (CONTRACT_OPENAPI)', async () => {
  // A document that promises 200 where the deployment answers 201: the deployment is "wrong".
  const document = JSON.parse(await readFile('openapi/openapi.json', 'utf8'))
  const responses = document.paths['/adverts'].post.responses
  responses['200'] = responses['201']
  delete responses['201']
  const path = join(dir, 'other-openapi.json')
  await writeFile(path, JSON.stringify(document))
  const key = (await (await fetch(`${listener.origin}/__admin/users`, { method: 'POST' })).json()).data.api_key
  const report = join(dir, 'report.xml')
  const outcome = await runSuite({
    CONTRACT_BASE_URL: listener.baseUrl,
    CONTRACT_API_KEY: key,
    CONTRACT_OPENAPI: path,
    CONTRACT_REPORT: report,
    CONTRACT_CHECKS: 'status_code_conformance',
  })
  expect(outcome.code).toBe(1)
  expect(outcome.stdout).toMatch(/^FAILED: 1 finding \(in \d+ responses\)/m)
  expect(outcome.stdout).toContain('1) status_code_conformance [contract]: Undocumented status 201\n   Seen in')
  expect(outcome.stdout).toMatch(/operations?: POST \/adverts\n/)
  expect(outcome.stdout).toMatch(/Received: 201 .+\n {3}Documented: 200, 400, 401, 413, 415, 422, 429/)
  expect(outcome.stdout).toMatch(/FAILED\n/)
  const xml = await readFile(report, 'utf8')
  expect(xml).toMatch(/<testsuites name="contract \w+ FAILED" tests="\d+" failures="1" /)
  expect(xml).toContain('<failure type="status_code_conformance" message="[contract] Undocumented status 201">')
}, 120_000)

it('exits 2 and says why when the variables are unusable', async () => {
  const outcome = await runSuite({ CONTRACT_BASE_URL: 'http://127.0.0.1:9/api/v1' })
  expect(outcome.code).toBe(2)
  expect(outcome.stderr).toContain('CONTRACT_BASE_URL needs CONTRACT_API_KEY')
})

it('lists every variable and exit code with --help, exit 0, and refuses any other argument, exit 2', async () => {
  const help = await runScript(['contract-tests/run.ts', '--help'], {})
  expect(help.code).toBe(0)
  expect(help.stdout).toMatch(/^Usage: \[CONTRACT_… variables\] npm run test:contract\n/)
  for (const variable of (await readFile('README.md', 'utf8')).match(/^\| `CONTRACT_[A-Z_0-9]+/gm)!)
    expect(help.stdout).toContain(variable.slice(3))
  expect(help.stdout).toMatch(/Exit codes: 0 PASSED .*\s1 FAILED .*\s2 the run could not start .*\s3 INCONCLUSIVE/s)
  const wrong = await runScript(['contract-tests/run.ts', '--profile', 'spec'], {})
  expect(wrong.code).toBe(2)
  expect(wrong.stderr.trim()).toBe(
    'npm run test:contract: unexpected argument --profile: the run is configured by CONTRACT_* variables (npm run test:contract --help lists them)',
  )
})

/** Runs `npm run test:contract`'s script with these variables. */
function runSuite(env: Record<string, string>) {
  return runScript(['contract-tests/run.ts'], env)
}
