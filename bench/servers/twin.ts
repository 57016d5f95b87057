/**
 * Our listener serving a twin, as the bench runs it: the committed twin's profile (the independent
 * server's: IETF headers only, oldest first, extra fields …) with limits out of reach, its captured
 * account the one the default listener's reads act as (bench/servers/listener.ts). Reports its port
 * and that account.
 */
import { startListener } from '../../src/runtimes/express.js'
import { readBenchTwin, twinOfAccount } from '../lib/twin-workload.js'
import { spreadDataset, subjectOf, UNCAPPED } from '../lib/workload.js'

const campaigns = Number(process.argv[2] ?? 10_000)
const dataset = spreadDataset(campaigns)
const middle = dataset.users.length >> 1
const twin = twinOfAccount(readBenchTwin(), dataset, middle)
const listener = await startListener({ port: 0, twin, caps: UNCAPPED })
process.send!({
  port: Number(new URL(listener.origin).port),
  subject: subjectOf(dataset, middle),
  campaigns: twin.account.campaigns.length,
})
