import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_PROFILE, type Profile } from '../src/profile/profile.js'
import type { IndependentChoices } from './independent-server/second-set.js'
import { SECOND_DIFFERENCES } from './independent-server/second-differences.js'
import { compare, formatComparison, type Comparison } from './support/differential/compare.js'
import { runBattery } from './support/differential/run-battery.js'
import { learnFrom, startBaseline, startDeployment, startTwin, type Target } from './support/differential/targets.js'

// The twin, what must be shown (issue 24). For each set of choices of the independent server (a
// deployment someone else built): learn its twin, serve it, and send the deployment, the twin and
// the default mock loaded with the same captured account (the baseline) the same battery
// (support/differential/battery.ts). The twin answers as the deployment does on at least 95% of the
// points compared (statuses, header names, body shapes, error codes and problems, data with ids by
// name, list lengths, order and pages, embedding, deletes, ids and stamps as relations); the
// baseline clearly less. Each difference left is one no Profile can express, and says why.

/** Differences a twin cannot help: what the deployment does there is no choice of a Profile. */
const KNOWN_GAPS: Record<IndependentChoices, { step: RegExp; why: string }[]> = {
  first: [
    {
      step: /^DELETE \/(adverts|campaigns)\/\{new (advert|campaign)\}/,
      why: 'the first set deletes an advert with its campaigns; no profile choice holds that, so its twin refuses the delete (422, the default kept) and the two deletes after it differ too',
    },
    {
      step: /^(PUT \/campaigns|DELETE \/user|POST \/adverts\/\{advert A1\})$/,
      why: 'the first set reads the key before the path, so a method a path does not have is a 404 counted against the quota (with its rate-limit headers); the mock answers it before the key, without them',
    },
  ],
  second: [],
}

const learned: Partial<Record<IndependentChoices, Profile>> = {}

describe.each(['first', 'second'] as const)('the %s set of choices', (set) => {
  const started: Target[] = []
  let deployment: Target
  let twin: Target
  let baseline: Target

  beforeAll(async () => {
    deployment = await startDeployment(set)
    started.push(deployment)
    const file = await learnFrom(deployment)
    learned[set] = file.profile
    twin = await startTwin(file, deployment)
    started.push(twin)
    baseline = await startBaseline(file, deployment)
    started.push(baseline)
  }, 30_000)

  afterAll(async () => {
    for (const target of started) await target.close()
  })

  it('its twin answers the battery as the deployment does on at least 95% of the points, the default mock clearly less', async () => {
    const atDeployment = await runBattery(deployment)
    const atTwin = await runBattery(twin)
    const atBaseline = await runBattery(baseline)
    const withTwin = compare(atDeployment, atTwin, [deployment.name, twin.name])
    const withBaseline = compare(atDeployment, atBaseline, [deployment.name, baseline.name])
    console.log(`${formatComparison(withTwin)}\n${baselineSummary(withBaseline)}`)
    expect(withTwin.compared).toBeGreaterThan(400)
    expect(withTwin.percent).toBeGreaterThanOrEqual(95)
    expect(withBaseline.compared).toBeGreaterThan(400)
    expect(withBaseline.percent).toBeLessThanOrEqual(withTwin.percent - 25)
    const unexplained = withTwin.differences.filter(
      (line) => !KNOWN_GAPS[set].some(({ step }) => step.test(line.split(' · ')[0] ?? '')),
    )
    expect(unexplained).toEqual([])
  }, 30_000)
})

it("the second set differs from the mock's document and from the first set on at least twelve choices of the Profile, as its twin learned them", () => {
  const [first, second] = [learned.first, learned.second]
  if (!first || !second) throw new Error('both sets are learned above, in this file')
  const paths = SECOND_DIFFERENCES.filter((row) => row.learnable).flatMap((row) => Object.keys(row.choices))
  const differing = paths.filter((path) => {
    const [own, byDefault, byFirst] = [second, DEFAULT_PROFILE, first].map((profile) =>
      JSON.stringify(valueAt(profile, path)),
    )
    return own !== byDefault && own !== byFirst
  })
  console.log(
    `the second set differs from both on ${differing.length} of ${paths.length} choices: ${differing.join(', ')}`,
  )
  expect(differing.length).toBeGreaterThanOrEqual(12)
})

/** The value of a choice in a profile; a code the profile does not rename is the mock's own name. */
function valueAt(profile: Profile, path: string): unknown {
  const code = /^errors\.codes\.(\w+)$/.exec(path)?.[1]
  if (code) return profile.errors.codes[code] ?? code
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], profile)
}

/** The baseline's figure, and how many points of each kind differ (its every difference would be hundreds of lines). */
function baselineSummary(comparison: Comparison): string {
  const byPoint = new Map<string, number>()
  for (const line of comparison.differences) {
    const point = line.split(' · ')[1]?.split(':')[0] ?? '?'
    byPoint.set(point, (byPoint.get(point) ?? 0) + 1)
  }
  const kinds = [...byPoint].sort(([, a], [, b]) => b - a).map(([point, count]) => `${point} ${count}`)
  const { title, compared, same, percent, differences } = comparison
  return `${title}: ${same} of ${compared} points the same (${percent}%), ${differences.length} differ; by point: ${kinds.join(', ')}`
}
