import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { DIFFERENCES, type Difference } from './independent-server/differences.js'
import { startServerProcess, type ServerProcess } from './support/independent-server-process.js'
import { runScript } from './support/run-script.js'

// The suite as a QA engineer runs it (`npm run test:contract`'s script, a child process) against
// a deployment someone else built: the independent server, a process of its own that keeps to
// the interface spec and chooses otherwise than our document wherever the spec is silent.
const KEYS = ['ik_first_account_0123456789', 'ik_second_account_0123456789']
let dir: string
const servers: ServerProcess[] = []

async function server(...args: string[]): Promise<ServerProcess> {
  const started = await startServerProcess(['--keys', KEYS.join(','), ...args])
  servers.push(started)
  return started
}

function suite(baseUrl: string, env: Record<string, string> = {}) {
  return runScript(
    ['contract-tests/run.ts'],
    { CONTRACT_BASE_URL: baseUrl, CONTRACT_API_KEY: KEYS[0]!, ...env },
    90_000,
  )
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'contract-independent-'))
})

afterAll(async () => {
  for (const started of servers) started.stop()
  if (dir) await rm(dir, { recursive: true, force: true })
})

/** The (check, title) of each finding in the console summary. */
function consoleFindings(stdout: string): Array<{ check: string; title: string }> {
  return [...stdout.matchAll(/^\d+\) (\w+) \[\w+\]: (.+)$/gm)].map(([, check = '', title = '']) => ({ check, title }))
}

/** The (check, title) of each finding in the JUnit report: the failing testcases. */
function junitFindings(xml: string): Array<{ check: string; title: string }> {
  return [...xml.matchAll(/<testcase classname="(\w+)" name="\d+\) ([^"]+)"><failure /g)].map(
    ([, check = '', title = '']) => ({ check, title: title.replace(/&quot;/g, '"') }),
  )
}

const matches = (difference: Difference, finding: { check: string; title: string }) =>
  finding.check === difference.reportedAs.check && difference.reportedAs.title.test(finding.title)

// Spec sections 4.2, 4.3 and 5, statement by statement: the checks on the operations that exercise each.
const SPEC_STATEMENTS: Array<[statement: string, operations: 'every' | string[], checks: string[]]> = [
  [
    '4.2 PATCH /user answers 200 with the envelope and a User, with the e-mail sent',
    ['PATCH /user'],
    [
      'status_code_conformance',
      'envelope_conformance',
      'response_schema_conformance',
      'read_back_conformance',
      'account_lifecycle',
    ],
  ],
  ['4.2 PATCH /user answers 422 to invalid input', ['PATCH /user'], ['negative_data_rejection']],
  [
    '4.3 POST /campaigns answers 201 with the envelope and a Campaign, as sent',
    ['POST /campaigns'],
    [
      'status_code_conformance',
      'envelope_conformance',
      'response_schema_conformance',
      'read_back_conformance',
      'campaign_lifecycle',
    ],
  ],
  ['4.3 POST /campaigns answers 422 to invalid input', ['POST /campaigns'], ['negative_data_rejection']],
  [
    '4.2, 4.3, 5.1-5.3: every operation answers 401 without acceptable credentials (none, wrong, altered, "Bearer <key>")',
    'every',
    ['ignored_auth'],
  ],
  [
    '5.4 the key is replaced by Reset API key: the old one is refused, the new one works',
    ['POST /user/reset_api_key'],
    ['account_lifecycle'],
  ],
]

it('passes the spec profile, exercising every statement of spec 4.2, 4.3 and 5 (with CONTRACT_ALLOW_DESTRUCTIVE=1 and CONTRACT_RATE_LIMIT=1)', async () => {
  const { baseUrl } = await server()
  const report = join(dir, 'spec.xml')
  const outcome = await suite(baseUrl, {
    CONTRACT_PROFILE: 'spec',
    CONTRACT_ALLOW_DESTRUCTIVE: '1',
    CONTRACT_RATE_LIMIT: '1',
    CONTRACT_REPORT: report,
  })
  expect(outcome.stdout).toMatch(
    /^PASSED: 0 findings; checks on operations: \d+ passed, 0 failed, 0 not exercised, 0 skipped by option; 0 errors$/m,
  )
  expect(outcome.stdout).not.toMatch(/^(Not exercised|Skipped by option)$/m)
  expect(outcome.code).toBe(0)
  const xml = await readFile(report, 'utf8')
  const passed = new Set(
    [...xml.matchAll(/<testcase classname="([^"]+)" name="(\w+)" assertions="[1-9]\d*"><\/testcase>/g)].map(
      ([, operation, check]) => `${operation} ${check}`,
    ),
  )
  const operations = [
    ...new Set([...xml.matchAll(/<testcase classname="([A-Z]+ \/[^"]*)"/g)].map(([, operation]) => operation!)),
  ]
  expect(operations).toHaveLength(15)
  for (const [statement, where, checks] of SPEC_STATEMENTS) {
    for (const operation of where === 'every' ? operations : where) {
      for (const check of checks)
        expect(passed.has(`${operation} ${check}`), `${statement}: ${operation} ${check}`).toBe(true)
    }
  }
  expect(xml).not.toContain('<skipped')
}, 150_000)

it('reports each built-in difference of the independent server as exactly one finding, and nothing else, in the console and in JUnit alike', async () => {
  // Small enough a quota that the rate-limit flow spends it (a token bucket: Retry-After is 1 s).
  const { baseUrl } = await server('--per-minute', '300')
  const report = join(dir, 'contract.xml')
  const outcome = await suite(baseUrl, {
    CONTRACT_API_KEY_2: KEYS[1]!,
    CONTRACT_RATE_LIMIT: '1',
    CONTRACT_ALLOW_DESTRUCTIVE: '1',
    CONTRACT_REPORT: report,
  })
  expect(outcome.stdout).toContain(`(profile contract)`)
  expect(outcome.code).toBe(1)
  const shown = consoleFindings(outcome.stdout)
  // One row per cause: every finding exactly one row's, every row exactly one finding's, as many findings as rows.
  const rowsOf = (finding: { check: string; title: string }) =>
    DIFFERENCES.filter((difference) => matches(difference, finding))
  expect(
    shown.filter((finding) => rowsOf(finding).length !== 1).map((finding) => `${finding.check}: ${finding.title}`),
    outcome.stdout,
  ).toEqual([])
  for (const difference of DIFFERENCES)
    expect(
      shown.filter((finding) => matches(difference, finding)),
      difference.id,
    ).toHaveLength(1)
  expect(shown).toHaveLength(DIFFERENCES.length)
  expect(outcome.stdout).toMatch(new RegExp(`^FAILED: ${DIFFERENCES.length} findings \\(in \\d+ responses\\)`, 'm'))
  // The same findings, with the same count and numbers, in the JUnit file (there in the headline's three parts).
  const xml = await readFile(report, 'utf8')
  expect(junitFindings(xml)).toEqual(expect.arrayContaining(shown))
  expect(junitFindings(xml)).toHaveLength(shown.length)
  expect(xml).toMatch(
    new RegExp(`<testsuites name="contract \\w+ FAILED" tests="\\d+" failures="${DIFFERENCES.length}" errors="0"`),
  )
  // The rate-limit flow ran to its 429 and recovered; the new key is handed back on stderr.
  expect(outcome.stdout).not.toContain('rate_limit_enforcement did not spend')
  expect(outcome.stderr).toMatch(/The new key: ik_[0-9a-f]{32}/)
  // Correct but different: stamps to the second raise no finding, and every write the flows build on was judged at that precision.
  for (const operation of [
    'PATCH /campaigns/{id}',
    'POST /campaigns/{id}/toggle',
    'PATCH /adverts/{id}',
    'PATCH /user',
  ])
    expect(xml, operation).toMatch(
      new RegExp(
        `<testcase classname="${operation.replace(/[{}/]/g, '\\$&')}" name="write_stamp_progression" assertions="[1-9]\\d*"></testcase>`,
      ),
    )
  // Nothing is left unexercised for the refused passive_ad: the flow made its second campaign with active_ad;
  // what is, says which finding kept it from being judged.
  const section = (title: string) =>
    (outcome.stdout.split(`\n${title}\n`)[1] ?? '').split('\n\n')[0]!.split('\n').filter(Boolean)
  const [headers, ...rest] = section('Not exercised').map((line) => line.replace(/^ {2}- [^:]*?\): /, ''))
  expect(headers).toMatch(
    /^because of finding \d+ \(Missing headers X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset\): the answers carry no X-RateLimit-\* to compare \(15 in all\)$/,
  )
  expect(rest).toEqual(['nothing to judge: every success answered with no body (204) (8 in all)'])
  // A live account's own data: mass assignment of balance_usd or api_tier is not even tried on an account the run did not open.
  expect(section('Skipped by option')).toEqual([
    '  - PATCH /user (read_only_fields_unwritten): not sent to an account the run did not open: a deployment that wrote balance_usd or api_tier would change it for good',
  ])
  // The headline in three parts: no spec violation, its choices, and the one defect (a deleted resource still listed).
  expect(outcome.stdout).toMatch(
    new RegExp(
      `^FAILED: ${DIFFERENCES.length} findings \\(in \\d+ responses\\): 0 spec violations, ${DIFFERENCES.length - 1} differences from the document, 1 defect of consistency \\(state, rules, limits\\); `,
      'm',
    ),
  )
}, 150_000)

it('reports as many findings as its options reach rows of differences.ts: without a second key or the quota, those that need none', async () => {
  const { baseUrl } = await server()
  const outcome = await suite(baseUrl)
  expect(outcome.code).toBe(1)
  const reachable = DIFFERENCES.filter((difference) => difference.needs === undefined)
  const shown = consoleFindings(outcome.stdout)
  for (const difference of reachable)
    expect(
      shown.filter((finding) => matches(difference, finding)),
      difference.id,
    ).toHaveLength(1)
  expect(shown, outcome.stdout).toHaveLength(reachable.length)
  // Within the default budget of 800 requests (375 on this server), never stopped by it.
  expect(Number(/^(\d+) requests in /m.exec(outcome.stdout)?.[1])).toBeLessThan(800)
  expect(outcome.stdout).not.toContain('budget')
  expect(outcome.stdout).toMatch(new RegExp(`^FAILED: ${reachable.length} findings \\(in \\d+ responses\\)`, 'm'))
}, 150_000)

it('ends INCONCLUSIVE (exit 3), not PASSED, when advert creation answers 200, and names what it could not check', async () => {
  const { baseUrl } = await server('--advert-create-status', '200')
  const outcome = await suite(baseUrl, { CONTRACT_PROFILE: 'spec' })
  expect(outcome.code).toBe(3)
  expect(outcome.stdout).toMatch(/^INCONCLUSIVE: 0 findings; .* [1-9]\d* not exercised/m)
  expect(outcome.stdout).toMatch(/\nINCONCLUSIVE\n/)
  const line = outcome.stdout.split('\n').find((text) => text.startsWith('  - POST /campaigns ('))
  expect(line).toContain('negative_data_rejection')
  expect(line).toContain('response_schema_conformance')
  expect(line).toContain(
    'campaign_lifecycle needs an advert, and POST /adverts answered 200 where the document states 201, which the selected profile does not judge',
  )
  expect(outcome.stdout).not.toMatch(/^PASSED/m)
}, 150_000)

/**
 * How soon a run that cannot start must have ended, Node's and tsx's start included: it gives up
 * after one preflight request (4 s at most) and never retries. Such a run took 4.2 s beside another
 * test run on a 2-core machine, nearly all of it starting the process, and up to 15 s with two full
 * `npm test` runs of three workers each beside it; a run that retried, or waited out a rate-limit
 * window (65 s), would take far longer.
 */
const PROMPT_EXIT_S = 30

it('says in one line, within seconds, exit 2, that the key was refused', async () => {
  const { baseUrl } = await server()
  const started = Date.now()
  const outcome = await suite(baseUrl, { CONTRACT_API_KEY: 'ik_not_a_key_of_this_server_00' })
  const seconds = (Date.now() - started) / 1000
  expect(outcome.code).toBe(2)
  expect(outcome.stdout).toBe('')
  expect(outcome.stderr.trim().split('\n')).toEqual([
    `contract suite: The key in CONTRACT_API_KEY was refused: GET ${baseUrl}/user answered 401`,
  ])
  expect(seconds).toBeLessThan(PROMPT_EXIT_S)
}, 60_000)

it('says in one line, within seconds, exit 2, that nothing listens at the base URL', async () => {
  // A port that was free a moment ago: connection refused.
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as { port: number }
      probe.close(() => resolve(free))
    })
  })
  const started = Date.now()
  const outcome = await suite(`http://127.0.0.1:${port}/api/v1`)
  const seconds = (Date.now() - started) / 1000
  expect(outcome.code).toBe(2)
  expect(outcome.stdout).toBe('')
  expect(outcome.stderr.trim().split('\n')).toEqual([
    `contract suite: Cannot reach http://127.0.0.1:${port}/api/v1/user: connection refused (ECONNREFUSED): nothing listens there`,
  ])
  expect(seconds).toBeLessThan(PROMPT_EXIT_S)
}, 60_000)

it('lists in its header table exactly the differences it exports', async () => {
  const source = await readFile('contract-tests/independent-server/differences.ts', 'utf8')
  const rows = [...source.matchAll(/^ \* \| ([a-z0-9-]+) +\| (.+?) +\| (.+?) +\| (.+?) +\| (\w+) +\|$/gm)].map(
    ([, id, open, document, server, check]) => ({ id, open, document, server, check }),
  )
  expect(rows).toEqual(
    DIFFERENCES.map(({ id, open, document, server, reportedAs }) => ({
      id,
      open,
      document,
      server,
      check: reportedAs.check,
    })),
  )
})

it("is someone else's code: imports only Node built-ins and its own files, nothing from src/ or contract-tests/lib", async () => {
  const files = (await readdir('contract-tests/independent-server')).filter((file) => file.endsWith('.ts'))
  expect(files.length).toBeGreaterThan(3)
  for (const file of files) {
    const source = await readFile(join('contract-tests/independent-server', file), 'utf8')
    const imports = [...source.matchAll(/^\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]/gm)].map(
      ([, name]) => name!,
    )
    expect(
      imports.filter((name) => !name.startsWith('node:') && !/^\.\/[\w-]+\.js$/.test(name)),
      file,
    ).toEqual([])
  }
})
