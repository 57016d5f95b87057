/**
 * Does a request cost the same whatever the size of the store? Times list, read and
 * update requests for one user while the other users' records grow 100-fold, in this
 * one process, and prints medians and the ratio to the smallest store.
 * Run: npm run bench
 */
import { getResponse } from 'msw'
import { createMockApi } from '../src/create-mock-api.js'
import { API_TIERS } from '../src/schemas/user.js'
import { generateDataset } from '../src/store/generate-dataset.js'

const SIZES = [10, 100, 1_000] // users, each with 10 adverts x 10 campaigns
const ROUNDS = 7
const REQUESTS_PER_ROUND = 300

const requests = [
  { name: 'GET /campaigns', method: 'GET', path: '/campaigns' },
  { name: 'GET /campaigns?enabled=true', method: 'GET', path: '/campaigns?enabled=true' },
  { name: 'GET /campaigns/{id}', method: 'GET', path: '/campaigns/{id}' },
  { name: 'POST /campaigns/{id}/toggle', method: 'POST', path: '/campaigns/{id}/toggle' },
] as const

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** Median µs per request of each kind, against a store of `users` users. */
async function measure(users: number): Promise<number[]> {
  const medians: number[] = []
  const dataset = generateDataset({ seed: 1, users, advertsPerUser: 10, campaignsPerAdvert: 10 })
  // Limits out of reach, so every timed request does the whole work instead of a cheap 429.
  const unlimited = { per_minute: 1e9, per_day: 1e9, max_topups: 1e9 }
  const api = await createMockApi({
    fixtures: dataset,
    tiers: Object.fromEntries(API_TIERS.map((tier) => [tier, unlimited])),
  })
  const user = dataset.users[Math.floor(users / 2)]!
  const campaignId = dataset.campaigns.find((c) => dataset.adverts[c.advert_id - 1]!.user_id === user.id)!.id
  for (const { name, method, path } of requests) {
    const url = `http://bench.test/api/v1${path.replace('{id}', String(campaignId))}`
    const send = async () => {
      const response = await getResponse(api.handlers, new Request(url, { method, headers: { Authorization: user.api_key } }))
      if (response?.status !== 200) throw new Error(`${name} answered ${response?.status}`)
    }
    for (let i = 0; i < 50; i++) await send() // warm-up
    const perRequest: number[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const start = performance.now()
      for (let i = 0; i < REQUESTS_PER_ROUND; i++) await send()
      perRequest.push(((performance.now() - start) / REQUESTS_PER_ROUND) * 1000)
    }
    medians.push(median(perRequest))
  }
  return medians
}

await measure(SIZES[0]!) // a whole pass to warm the JIT up; its figures are dropped
const bySize: number[][] = []
for (const users of SIZES) bySize.push(await measure(users))
const results = new Map(requests.map(({ name }, i) => [name, bySize.map((medians) => medians[i]!)]))

console.log(`Median µs per request (in-process, ${ROUNDS} rounds of ${REQUESTS_PER_ROUND}); store sizes in campaigns:`)
console.log(['request', ...SIZES.map((users) => `${users * 100}`), 'largest/smallest'].join('\t'))
for (const [name, medians] of results) {
  const ratio = medians.at(-1)! / medians[0]!
  console.log([name, ...medians.map((m) => m.toFixed(0)), `${ratio.toFixed(2)}x`].join('\t'))
}
