/**
 * npm run bench:memory [-- --per-page 25]
 *
 * Heap after GC with 100,000 campaigns across 100 accounts (the writes section's seeding figure),
 * then with the JSON the mock keeps (issue 33): after every account's every page was listed (each
 * campaign's kept JSON, each page's), and after every campaign was read by id as well (its detail's
 * kept JSON too). Runs itself again under `--expose-gc` when it has to.
 */
import { execFileSync } from 'node:child_process'
import { parseArgs } from 'node:util'
import { fromFetchRequest } from '../src/http/mock-request.js'
import { MockHandler } from '../src/msw/mock-handler.js'
import { answerRequest } from '../src/pipeline/pipeline.js'
import { createMockApi } from '../src/surface/create-mock-api.js'
import { accountsDataset, UNCAPPED, UNLIMITED_TIERS } from './lib/workload.js'

const gc = (globalThis as { gc?: () => void }).gc
if (!gc) {
  execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', ...process.argv.slice(1)], { stdio: 'inherit' })
  process.exit(0)
}
const { values } = parseArgs({ options: { 'per-page': { type: 'string', default: '25' } } })
const perPage = Number(values['per-page'])

const heapMb = () => {
  gc()
  gc()
  return process.memoryUsage().heapUsed / 2 ** 20
}
const dataset = accountsDataset(1_000, 99_000)
const before = heapMb()
const api = await createMockApi({ fixtures: dataset, tiers: UNLIMITED_TIERS, caps: UNCAPPED })
const index = api.handlers.find((handler) => handler instanceof MockHandler)!.index
const ask = async (path: string, key: string) => {
  const request = new Request(`http://bench.test/api/v1${path}`, { headers: { Authorization: key } })
  const answer = await answerRequest(index, fromFetchRequest(request))
  if (answer?.status !== 200) throw new Error(`GET ${path}: ${answer?.status} ${answer?.body}`)
}
const seeded = heapMb()
for (const user of dataset.users) {
  const held = api.db.account(user.id).campaigns.size
  for (let page = 1; (page - 1) * perPage < held; page++)
    await ask(`/campaigns?page=${page}&per_page=${perPage}`, user.api_key)
}
const listed = heapMb()
const owner = new Map(dataset.adverts.map((advert) => [advert.id, advert.user_id]))
const keyOf = new Map(dataset.users.map((user) => [user.id, user.api_key]))
for (const campaign of dataset.campaigns)
  await ask(`/campaigns/${campaign.id}`, keyOf.get(owner.get(campaign.advert_id)!)!)
const read = heapMb()
const mb = (n: number) => `${n.toFixed(1)} MB`
console.log(`${dataset.campaigns.length.toLocaleString('en-US')} campaigns across ${dataset.users.length} accounts`)
console.log(`heap after GC, the dataset alone (generated, not loaded): ${mb(before)}`)
console.log(`heap after GC, the mock seeded: ${mb(seeded)}`)
console.log(`heap after GC, every page listed (${perPage} a page): ${mb(listed)} (+${mb(listed - seeded)})`)
console.log(`heap after GC, every campaign read by id as well: ${mb(read)} (+${mb(read - seeded)})`)
void api
