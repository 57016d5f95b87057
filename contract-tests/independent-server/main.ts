import { parseArgs } from 'node:util'
import { houseStyle, STYLE_NAMES } from './house-styles.js'
import { independentChoices } from './second-set.js'
import { startIndependentServer } from './server.js'

// The independent server as its own process, the way a deployment runs:
//   node --import tsx contract-tests/independent-server/main.ts --keys KEY1,KEY2 [--per-minute N] [--advert-create-status 200] [--choices second] [--hide-deleted] [--style NAME] [--no-seed]
// Prints `INDEPENDENT_SERVER_URL=<base URL>` once listening on a free loopback port; SIGTERM,
// SIGINT or the end of stdin stops it. `--choices` (or INDEPENDENT_CHOICES) picks the set of
// choices; `--style` (or INDEPENDENT_STYLE) a house style of the corpus instead (house-styles.ts).
const { values } = parseArgs({
  options: {
    keys: { type: 'string' },
    'per-minute': { type: 'string' },
    'advert-create-status': { type: 'string', default: '201' },
    choices: { type: 'string' },
    'hide-deleted': { type: 'boolean', default: false },
    style: { type: 'string' },
    'no-seed': { type: 'boolean', default: false },
  },
})
const keys = (values.keys ?? '').split(',').filter(Boolean)
// Unset, each set and style has its own: 600 a minute for the first, the growth tier's 900 for the second, a style its tier's.
const perMinute = values['per-minute'] === undefined ? undefined : Number(values['per-minute'])
const advertCreateStatus = Number(values['advert-create-status'])
const choices = chosen(() => independentChoices(values.choices))
const style = chosen(() => houseStyle(values.style, { environment: values.choices === undefined }))
if (
  keys.length === 0 ||
  !(perMinute === undefined || (Number.isInteger(perMinute) && perMinute > 0)) ||
  (advertCreateStatus !== 200 && advertCreateStatus !== 201) ||
  choices === 'invalid' ||
  style === 'invalid'
) {
  console.error(
    `usage: main.ts --keys KEY1[,KEY2] [--per-minute N] [--advert-create-status 200|201] [--choices first|second] [--hide-deleted] [--style ${STYLE_NAMES.join('|')}] [--no-seed]`,
  )
  process.exit(2)
}
const listsDeleted = !values['hide-deleted']
const seed = !values['no-seed']
const server = await startIndependentServer({ keys, perMinute, advertCreateStatus, choices, listsDeleted, style, seed })
console.log(`INDEPENDENT_SERVER_URL=${server.baseUrl}`)
const stop = async () => {
  await server.close()
  process.exit(0)
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
// If the parent dies without a signal, stdin ends: do not outlive it.
process.stdin.on('end', stop).resume()

/** What a choosing function answers, or `invalid` where it refuses the name it was given. */
function chosen<T>(choose: () => T): T | 'invalid' {
  try {
    return choose()
  } catch {
    return 'invalid'
  }
}
