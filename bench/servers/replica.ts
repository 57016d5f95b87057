/**
 * A replica of the sandbox as the bench runs it: the listener's dataset and limits (bench/servers/
 * listener.ts), its state shared in the Redis named on the command line. Reports its port and whom to act as.
 */
import { startListener } from '../../src/runtimes/express.js'
import { spreadDataset, subjectOf, UNCAPPED, UNLIMITED_TIERS } from '../lib/workload.js'

const [campaigns = '10000', store = ''] = process.argv.slice(2)
const dataset = spreadDataset(Number(campaigns))
const listener = await startListener({ port: 0, fixtures: dataset, tiers: UNLIMITED_TIERS, caps: UNCAPPED, store })
process.send!({ port: Number(new URL(listener.origin).port), subject: subjectOf(dataset, dataset.users.length >> 1) })
