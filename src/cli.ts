#!/usr/bin/env node
import { readFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { startListener } from './adapters/express.js'
import { DEMO_API_KEY } from './store/fixtures.js'
import { generateDataset } from './store/generate-dataset.js'

const USAGE = `Usage: ad-campaign-mock [options]

  --port <n>          port to listen on (env PORT; default 4010; 0 picks a free one)
  --host <addr>       address to bind (env HOST; default 127.0.0.1)
  --fixtures <file>   start from this dataset (JSON) instead of fixtures/default.json
  --generate <users>  start from a generated dataset of this many users (faker)
  --seed <n>          faker seed for --generate (default 1)
  --admin-token <t>   require this token (X-Admin-Token header) on /__admin
  -h, --help          show this help`

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    fixtures: { type: 'string' },
    generate: { type: 'string' },
    seed: { type: 'string' },
    'admin-token': { type: 'string' },
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
    ? generateDataset({ users: integerOption('generate', values.generate, 10), seed: integerOption('seed', values.seed, 1) })
    : undefined

const listener = await startListener({ port, host, fixtures, adminToken: values['admin-token'] })
const apiKey = fixtures ? fixtures.users[0]?.api_key : DEMO_API_KEY

console.log(`Advertising Campaign Service mock listening on ${listener.baseUrl}

  API key (demo user): ${apiKey ?? '(the dataset has no users)'}
  Try it:              curl -H "Authorization: ${apiKey}" ${listener.baseUrl}/campaigns
  Control plane:       ${listener.origin}/__admin (POST /__admin/users, POST /__admin/reset)

Press Ctrl+C to stop.`)

async function shutdown(signal: string): Promise<void> {
  console.log(`\n${signal} received, closing the listener.`)
  await listener.close()
  process.exit(0)
}
process.once('SIGINT', () => void shutdown('SIGINT'))
process.once('SIGTERM', () => void shutdown('SIGTERM'))
