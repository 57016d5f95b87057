#!/usr/bin/env node
import { readFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { startListener } from './adapters/express.js'
import { faultFlags } from './fault-flags.js'
import { demoApiKey } from './store/fixtures.js'

const USAGE = `Usage: ad-campaign-mock [options]

  --port <n>          port to listen on (env PORT; default 4010; 0 picks a free one)
  --host <addr>       address to bind (env HOST; default 127.0.0.1)
  --fixtures <file>   start from this dataset (JSON) instead of fixtures/default.json
  --generate <users>  start from a generated dataset of this many users (faker)
  --seed <n>          faker seed for --generate (default 1)
  --admin-token <t>   require this token (X-Admin-Token header) on /__admin;
                      required when --host is not a loopback address
  --tiers <file>      JSON of tier limits to override, e.g. {"free":{"per_minute":5,"per_day":100,"max_topups":1}}
  --faults <file>     JSON fault settings (see docs/control-plane.md)
  --latency <ms>      add latency to every API response: fixed (200) or a range (100-500)
  --error-rate <r>    fail this share (0..1) of API requests with --error-status
  --error-status <s>  status of forced errors (default 500)
  --error-route <r>   only force errors on this route, e.g. "POST /campaigns" or "/campaigns/*"
  --fault-seed <n>    seed of the random latency and errors (default 1)
  --journal-size <n>  how many requests GET /__admin/requests keeps (default 1000)
  -h, --help          show this help`

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    fixtures: { type: 'string' },
    generate: { type: 'string' },
    seed: { type: 'string' },
    'admin-token': { type: 'string' },
    tiers: { type: 'string' },
    faults: { type: 'string' },
    latency: { type: 'string' },
    'error-rate': { type: 'string' },
    'error-status': { type: 'string' },
    'error-route': { type: 'string' },
    'fault-seed': { type: 'string' },
    'journal-size': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
})

if (values.help) {
  console.log(USAGE)
  process.exit(0)
}

function integerOption(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0) {
    console.error(`--${name} must be a whole number, got "${raw}"\n\n${USAGE}`)
    process.exit(2)
  }
  return value
}

const port = integerOption('port', values.port ?? process.env.PORT, 4010)
const host = values.host ?? process.env.HOST ?? '127.0.0.1'
const fixtures = values.fixtures
  ? JSON.parse(await readFile(values.fixtures, 'utf8'))
  : values.generate
    ? // faker is loaded only when a dataset is generated: start-up does not pay for it.
      (await import('./store/generate-dataset.js')).generateDataset({ users: integerOption('generate', values.generate, 10), seed: integerOption('seed', values.seed, 1) })
    : undefined

const tiers = values.tiers ? JSON.parse(await readFile(values.tiers, 'utf8')) : undefined
const faults = faultFlags({
  file: values.faults ? JSON.parse(await readFile(values.faults, 'utf8')) : undefined,
  latency: values.latency,
  errorRate: values['error-rate'],
  errorStatus: values['error-status'],
  errorRoute: values['error-route'],
  seed: values['fault-seed'],
})
const journalSize = values['journal-size'] === undefined ? undefined : integerOption('journal-size', values['journal-size'], 1000)

const listener = await startListener({ port, host, fixtures, adminToken: values['admin-token'], tiers, faults, journalSize }).catch(
  (error: Error & { fields?: { field: string; message: string }[] }) => {
    // Bad flags (refused host, invalid tiers or faults) end here: say why, exit non-zero.
    const fields = error.fields?.map(({ field, message }) => `${field} ${message}`).join('; ')
    console.error(`ad-campaign-mock: ${error.message}${fields ? ` (${fields})` : ''}`)
    process.exit(2)
  },
)
const apiKey = demoApiKey(listener.api.context.fixtures)

console.log(`Advertising Campaign Service mock listening on ${listener.baseUrl}

  API key (demo user): ${apiKey ?? '(the dataset has no users)'}
  Try it:              curl -H "Authorization: ${apiKey}" ${listener.baseUrl}/campaigns
  Docs (Swagger UI):   ${listener.origin}/docs
  Control plane:       ${listener.origin}/__admin (users, topups, deliveries, clock, faults, requests, state: see docs/control-plane.md)

Press Ctrl+C to stop.`)

async function shutdown(signal: string): Promise<void> {
  console.log(`\n${signal} received, closing the listener.`)
  await listener.close()
  process.exit(0)
}
process.once('SIGINT', () => void shutdown('SIGINT'))
process.once('SIGTERM', () => void shutdown('SIGTERM'))
