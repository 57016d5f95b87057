import { readFile } from 'node:fs/promises'
import { afterEach, expect, it, vi } from 'vitest'
import { SECOND_DIFFERENCES } from './independent-server/second-differences.js'
import { formatReport } from './lib/report/format-report.js'
import { runContractSuite } from './lib/run/run-suite.js'
import { startIndependentServer, type IndependentServer } from './independent-server/server.js'
import { startServerProcess, type ServerProcess } from './support/independent-server-process.js'

// The independent server's second set of choices, as itself: how it is chosen (the option, the
// INDEPENDENT_CHOICES variable, main.ts's --choices), its 429 (the one row a twin never learns),
// and its table, which lists exactly the differences it exports.
const KEYS = ['sk_second_set_first_0123456789', 'sk_second_set_second_0123456789']
const running: Array<IndependentServer | ServerProcess> = []

afterEach(async () => {
  for (const server of running.splice(0)) await ('close' in server ? server.close() : server.stop())
})

const userOf = async (baseUrl: string) => {
  const response = await fetch(`${baseUrl}/user`, { headers: { authorization: KEYS[0]! } })
  return { response, body: (await response.json()) as { data: { api_tier: string; created_at: string } } }
}

it('is chosen by the option, by INDEPENDENT_CHOICES and by main.ts --choices; the first set stays the default', async () => {
  const byOption = await startIndependentServer({ keys: KEYS, choices: 'second' })
  running.push(byOption)
  expect((await userOf(byOption.baseUrl)).body.data).toMatchObject({ api_tier: 'growth' })
  vi.stubEnv('INDEPENDENT_CHOICES', 'second')
  const byVariable = await startIndependentServer({ keys: KEYS })
  running.push(byVariable)
  expect((await userOf(byVariable.baseUrl)).body.data.created_at).toMatch(/:\d{2}Z$/)
  vi.stubEnv('INDEPENDENT_CHOICES', 'third')
  await expect(startIndependentServer({ keys: KEYS })).rejects.toThrow(
    /choices must be one of first, second, got "third"/,
  )
  vi.unstubAllEnvs()
  const byDefault = await startIndependentServer({ keys: KEYS })
  running.push(byDefault)
  expect((await userOf(byDefault.baseUrl)).body.data).toMatchObject({ api_tier: 'starter' })
  const process = await startServerProcess(['--keys', KEYS.join(','), '--choices', 'second'])
  running.push(process)
  const { response, body } = await userOf(process.baseUrl)
  expect(body.data).toMatchObject({ api_tier: 'growth' })
  expect(response.headers.get('x-ratelimit-limit')).toBe('900')
}, 30_000)

it('answers a spent minute with 429 RATE_LIMITED, Retry-After and X-RateLimit-Remaining 0', async () => {
  const server = await startIndependentServer({ keys: KEYS, choices: 'second', perMinute: 2 })
  running.push(server)
  const answers = []
  for (let index = 0; index < 3; index++) answers.push(await userOf(server.baseUrl))
  expect(answers.map(({ response }) => response.status)).toEqual([200, 200, 429])
  const { response: refused, body } = answers[2]!
  expect(body).toMatchObject({ success: false, error: { code: 'RATE_LIMITED' } })
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
  expect(refused.headers.get('x-ratelimit-remaining')).toBe('0')
  expect(Number(refused.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000)
})

it('lists in its header table exactly the differences it exports', async () => {
  const source = await readFile('contract-tests/independent-server/second-differences.ts', 'utf8')
  const cells = (line: string) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim())
  const rows = source
    .split('\n')
    .filter((line) => /^ \* \| [a-z0-9-]+ +\|/.test(line) && !line.startsWith(' * | id '))
    .map(cells)
  expect(rows).toEqual(
    SECOND_DIFFERENCES.map((row) => [
      row.id,
      row.open,
      row.document,
      row.first,
      row.server,
      [...new Set(row.reportedAs.map(({ check }) => check))].join(', ') || '-',
    ]),
  )
})

it('reports each of its differences a check sees as one finding, with two keys and consent: one cause, one finding, whichever checks saw it', async () => {
  const server = await startIndependentServer({ keys: KEYS, choices: 'second' })
  running.push(server)
  const result = await runContractSuite({
    baseUrl: server.baseUrl,
    apiKey: KEYS[0],
    secondApiKey: KEYS[1],
    allowDestructive: true,
    profile: 'contract',
  })
  const report = formatReport(result)
  const seen = SECOND_DIFFERENCES.filter((row) => row.reportedAs.length > 0 && row.needs === undefined)
  const rowsOf = (finding: { check: string; title: string }) =>
    seen.filter((row) =>
      row.reportedAs.some(({ check, title }) => check === finding.check && title.test(finding.title)),
    )
  // One row per cause: every finding exactly one row's (its default page of 50 too: its paging is
  // under `meta`, which the suite reads), every row exactly one finding's, as many findings as rows.
  expect(
    result.findings
      .filter((finding) => rowsOf(finding).length !== 1)
      .map((finding) => `${finding.check}: ${finding.title}: rows ${rowsOf(finding).map((row) => row.id)}`),
    report,
  ).toEqual([])
  expect(
    seen
      .filter((row) => result.findings.filter((finding) => rowsOf(finding).includes(row)).length !== 1)
      .map((row) => row.id),
    report,
  ).toEqual([])
  expect(result.findings).toHaveLength(seen.length)
  // Validation answered 400: one cause (negative_data_rejection's example), its 400s elsewhere and their code knock-ons.
  const validation = result.findings.find((finding) => finding.rootCause === 'error 400 VALIDATION_ERROR')!
  expect(validation.check).toBe('negative_data_rejection')
  expect(validation.knockOns.join('\n')).toMatch(/status_code_conformance: Undocumented status 400/)
  // Its 409 for an advert in use: one finding, the undocumented status its knock-on.
  const inUse = result.findings.find((finding) => finding.check === 'in_use_deletion_refused')!
  expect(inUse.knockOns).toEqual(['status_code_conformance: Undocumented status 409 (DELETE /adverts/{id})'])
  // Its paging under meta: the paging one by one is judged there, no knock-on reported as a defect.
  expect(result.findings.filter((finding) => finding.kind === 'defect')).toEqual([])
  expect(report.split('\n')[1]).toMatch(
    /^FAILED: \d+ findings \(in \d+ responses\): 0 spec violations, \d+ differences from the document, 0 defects of consistency \(state, rules, limits\);/,
  )
  expect(report).toContain('Next step: every finding is a difference from the document')
}, 90_000)
