/**
 * Our listener as the bench runs it: 10,000 campaigns across 100 users, authentication, rate-limit
 * accounting and the journal on, limits out of reach. Reports its port and whom to act as.
 */
import { startListener } from '../../src/runtimes/express.js'
import { isProfileOrder, obeyProfileOrder } from '../lib/profile-on-demand.js'
import { spreadDataset, subjectOf, UNCAPPED, UNLIMITED_TIERS } from '../lib/workload.js'

const campaigns = Number(process.argv[2] ?? 10_000)
const dataset = spreadDataset(campaigns)
const listener = await startListener({ port: 0, fixtures: dataset, tiers: UNLIMITED_TIERS, caps: UNCAPPED })
const middle = dataset.users.length >> 1
process.send!({
  port: Number(new URL(listener.origin).port),
  users: dataset.users.length,
  // Reads act as one user, creates and updates as two others, so writes never change what the reads return.
  subjects: {
    read: subjectOf(dataset, middle),
    create: subjectOf(dataset, (middle + 1) % dataset.users.length),
    update: subjectOf(dataset, (middle + 2) % dataset.users.length),
  },
})

// npm run bench:profile asks for a CPU profile of the load alone.
process.on('message', (message) => {
  if (!isProfileOrder(message)) return
  obeyProfileOrder(message).then(
    (reply) => process.send!(reply),
    (error: Error) => process.send!({ error: error.message }),
  )
})
