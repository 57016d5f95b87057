import { expect, it } from 'vitest'
import { formatReport } from './lib/report/format-report.js'
import { toJUnitXml } from './lib/report/junit.js'
import type { ContractSuiteResult } from './lib/run/run-suite.js'
import { withJson, type Rewriter } from './support/rewriters.js'
import { useSuiteAgainstMock } from './support/use-suite-against-mock.js'

// One finding per root cause: a difference that shows in many answers, or brings other
// differences with it, is one finding, named after its cause.
const { runAgainst } = useSuiteAgainstMock({ maxRequests: 800 })

const titles = (result: ContractSuiteResult) => result.findings.map((finding) => `${finding.check}: ${finding.title}`)

/** Every advert, wherever it is answered (alone, in a list, embedded in a campaign), with fields added. */
const advertsWith = (extra: (advert: Record<string, unknown>) => Record<string, unknown>): Rewriter =>
  async function (request, next) {
    const add = (item: any) =>
      item && typeof item === 'object' && 'title' in item ? Object.assign(item, extra(item)) : item
    return withJson(await next(request), (body) => {
      for (const item of Array.isArray(body?.data) ? body.data : [body?.data]) {
        add(item)
        if (item && typeof item === 'object') add(item.advert)
      }
      return body
    })
  }

it('reports the undocumented properties of one schema as one finding that names each, with the operations it showed on', async () => {
  const result = await runAgainst(advertsWith(() => ({ status: 'active', archived: false })))
  expect(titles(result), formatReport(result)).toEqual([
    'response_schema_conformance: Undocumented properties of Advert: status, archived',
  ])
  const [finding] = result.findings
  expect(finding!.facets.map((facet) => facet.name)).toEqual(['status', 'archived'])
  expect(finding!.facets[0]!.operations).toEqual(expect.arrayContaining(['GET /adverts', 'POST /adverts']))
  expect(formatReport(result)).toMatch(/^ {3}- status: GET \/adverts, POST \/adverts, /m)
})

it("attaches a toggle's change of an undocumented field to that field's finding, not to toggle_conformance", async () => {
  // Campaigns carry `status`, which follows `enabled`: the toggle changes it.
  const statusOf: Rewriter = async (request, next) =>
    withJson(await next(request), (body) => {
      for (const item of Array.isArray(body?.data) ? body.data : [body?.data])
        if (item && typeof item === 'object' && 'advert_title' in item)
          item.status = item.enabled ? 'running' : 'paused'
      return body
    })
  const result = await runAgainst(statusOf)
  expect(titles(result), formatReport(result)).toEqual(['response_schema_conformance: Undocumented property status'])
  expect(result.findings[0]!.facets[0]!.knockOns).toEqual(['POST /campaigns/{id}/toggle changes it'])
  expect(result.coverage.find((row) => row.check === 'toggle_conformance')?.state).toBe('passed')
})

it("heads an error code of the deployment's own with the code of its status, and groups it by status and code", async () => {
  // Every 422 says `invalid_input` and names no fields: on the creates it breaks the limit's branch in fewer ways.
  const ownCode: Rewriter = async (request, next) => {
    const response = await next(request)
    if (response.status !== 422) return response
    return withJson(response, (body) => ({
      success: false,
      error: { code: 'invalid_input', message: body.error.message },
    }))
  }
  const result = await runAgainst(ownCode)
  const codes = result.findings.filter((finding) => finding.title.startsWith('error.code'))
  expect(
    codes.map((finding) => finding.title),
    formatReport(result),
  ).toEqual(['error.code must be "validation_failed"'])
  expect(codes[0]!.operations).toEqual(expect.arrayContaining(['POST /adverts', 'POST /campaigns', 'GET /campaigns']))
  expect(codes[0]!.example.received).toBe('error.code: "invalid_input" on a 422')
  expect(formatReport(result)).not.toContain('resource_limit_reached"')
  // The rest of the body is judged against the branch of that code: it names no fields.
  expect(titles(result)).toContain('response_schema_conformance: Required property fields is missing')
})

it('writes JUnit whose counts agree with the console: one failing testcase per finding, skipped ones for what did not run', async () => {
  const result = await runAgainst(advertsWith(() => ({ status: 'active' })))
  const console = formatReport(result)
  const xml = toJUnitXml(result)
  const [, findings, passed, failed, notExercised, skipped, errors] =
    /^\w+: (\d+) findings?.*?: (\d+) passed, (\d+) failed, (\d+) not exercised, (\d+) skipped by option; (\d+) errors?$/m
      .exec(console)!
      .map(Number)
  expect(findings).toBeGreaterThan(0)
  expect((xml.match(/<failure /g) ?? []).length).toBe(findings)
  expect(xml).toContain(`failures="${findings}" errors="${errors}" skipped="${notExercised! + skipped!}"`)
  const passedCases = xml.match(/<testcase classname="[A-Z]+ \/[^"]*" name="\w+" assertions="\d+"><\/testcase>/g) ?? []
  expect(passedCases.length).toBe(passed)
  expect(failed).toBeGreaterThan(0)
})
