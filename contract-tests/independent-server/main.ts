import { parseArgs } from 'node:util'
import { independentChoices } from './second-set.js'
import { startIndependentServer } from './server.js'

// The independent server as its own process, the way a deployment runs:
//   node --import tsx contract-tests/independent-server/main.ts --keys KEY1,KEY2 [--per-minute N] [--advert-create-status 200] [--choices second] [--hide-deleted]
// Prints `INDEPENDENT_SERVER_URL=<base URL>` once listening on a free loopback port; SIGTERM,
// SIGINT or the end of stdin stops it. `--choices` (or INDEPENDENT_CHOICES) picks the set of choices.
const { values } = parseArgs({
  options: {
    keys: { type: 'string' },
    'per-minute': { type: 'string' },
    'advert-create-status': { type: 'string', default: '201' },
    choices: { type: 'string' },
    'hide-deleted': { type: 'boolean', default: false },
  },
})
const keys = (values.keys ?? '').split(',').filter(Boolean)
// Unset, each set has its own: 600 a minute for the first, the growth tier's 900 for the second.
const perMinute = values['per-minute'] === undefined ? undefined : Number(values['per-minute'])
const advertCreateStatus = Number(values['advert-create-status'])
const choices = (() => {
  try {
    return independentChoices(values.choices)
  } catch {
    return undefined
  }
})()
if (
  keys.length === 0 ||
  !(perMinute === undefined || (Number.isInteger(perMinute) && perMinute > 0)) ||
  (advertCreateStatus !== 200 && advertCreateStatus !== 201) ||
  choices === undefined
) {
  console.error(
    'usage: main.ts --keys KEY1[,KEY2] [--per-minute N] [--advert-create-status 200|201] [--choices first|second] [--hide-deleted]',
  )
  process.exit(2)
}
const listsDeleted = !values['hide-deleted']
const server = await startIndependentServer({ keys, perMinute, advertCreateStatus, choices, listsDeleted })
console.log(`INDEPENDENT_SERVER_URL=${server.baseUrl}`)
const stop = async () => {
  await server.close()
  process.exit(0)
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
// If the parent dies without a signal, stdin ends: do not outlive it.
process.stdin.on('end', stop).resume()
