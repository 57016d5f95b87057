import { parseArgs } from 'node:util'
import { startIndependentServer } from './server.js'

// The independent server as its own process, the way a deployment runs:
//   node --import tsx contract-tests/independent-server/main.ts --keys KEY1,KEY2 [--per-minute N] [--advert-create-status 200]
// Prints `INDEPENDENT_SERVER_URL=<base URL>` once listening on a free loopback port; SIGTERM,
// SIGINT or the end of stdin stops it.
const { values } = parseArgs({
  options: {
    keys: { type: 'string' },
    'per-minute': { type: 'string', default: '600' },
    'advert-create-status': { type: 'string', default: '201' },
  },
})
const keys = (values.keys ?? '').split(',').filter(Boolean)
const perMinute = Number(values['per-minute'])
const advertCreateStatus = Number(values['advert-create-status'])
if (
  keys.length === 0 ||
  !(Number.isInteger(perMinute) && perMinute > 0) ||
  (advertCreateStatus !== 200 && advertCreateStatus !== 201)
) {
  console.error('usage: main.ts --keys KEY1[,KEY2] [--per-minute N] [--advert-create-status 200|201]')
  process.exit(2)
}
const server = await startIndependentServer({ keys, perMinute, advertCreateStatus })
console.log(`INDEPENDENT_SERVER_URL=${server.baseUrl}`)
const stop = async () => {
  await server.close()
  process.exit(0)
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
// If the parent dies without a signal, stdin ends: do not outlive it.
process.stdin.on('end', stop).resume()
