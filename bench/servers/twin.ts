/**
 * Our listener serving a twin, as the bench runs it: the committed twin's profile (the independent
 * server's: IETF headers only, oldest first, extra fields …) with limits out of reach, its captured
 * account the one the default listener's reads act as (bench/servers/listener.ts), then given the
 * same 10,000 campaigns across 100 accounts as that listener holds (with the twin's extra fields),
 * so both heaps hold as much. Reports its port and that account.
 */
import { startListener } from '../../src/runtimes/express.js'
import { readBenchTwin, twinOfAccount, withExtraFields } from '../lib/twin-workload.js'
import { spreadDataset, subjectOf, UNCAPPED } from '../lib/workload.js'

const campaigns = Number(process.argv[2] ?? 10_000)
const dataset = spreadDataset(campaigns)
const middle = dataset.users.length >> 1
const twin = twinOfAccount(readBenchTwin(), dataset, middle)
const listener = await startListener({ port: 0, twin, caps: UNCAPPED })
const { campaigns: held } = await listener.api.reset(withExtraFields(twin.profile, dataset))
process.send!({
  port: Number(new URL(listener.origin).port),
  subject: subjectOf(dataset, middle),
  campaigns: held,
  accountCampaigns: twin.account.campaigns.length,
})
