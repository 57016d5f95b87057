import { execFile } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { promisify } from 'node:util'
import { beforeAll, expect, it } from 'vitest'
import pkg from '../package.json' with { type: 'json' }

// Each entry is reached by the package's own name, as a user's code reaches it (Node resolves a
// package's self-reference through its `exports`), from the built dist/: nothing here reads the
// exports map back.

const run = promisify(execFile)
const node = (script: string, conditions: string[] = []) =>
  run(process.execPath, [...conditions.map((condition) => `--conditions=${condition}`), '--input-type=module', '-e', script])

/** Each public entry and a function it must export. */
const ENTRIES = {
  '': ['createMockApi', 'generateDataset'],
  '/node': ['startNodeMock'],
  '/express': ['startListener', 'createExpressApp', 'toFetchRequest'],
  '/contract': ['runContractSuite', 'loadContractDocument', 'SchemaValidator'],
} as const

beforeAll(async () => {
  await run('npx', ['tsc', '-p', 'tsconfig.build.json'])
}, 120_000)

it('resolves every entry by package name to a module that exports what it promises', async () => {
  const script = `
    const found = {}
    for (const [entry, names] of Object.entries(${JSON.stringify(ENTRIES)})) {
      const module = await import('${pkg.name}' + entry)
      found[entry] = names.filter((name) => typeof module[name] === 'function')
    }
    console.log(JSON.stringify(found))
  `
  const { stdout } = await node(script)
  expect(JSON.parse(stdout.trim())).toEqual(ENTRIES)
})

it('runs the in-process mock, the listener and the contract suite when imported by package name, as a user would', async () => {
  const script = `
    const { createMockApi, DEMO_API_KEY } = await import('${pkg.name}')
    const { startNodeMock } = await import('${pkg.name}/node')
    const { startListener } = await import('${pkg.name}/express')
    if (typeof createMockApi !== 'function') throw new Error('no createMockApi')
    const mock = await startNodeMock()
    const inProcess = await fetch(mock.baseUrl + '/user', { headers: { Authorization: DEMO_API_KEY } })
    mock.close()
    const { runContractSuite } = await import('${pkg.name}/contract')
    const listener = await startListener({ port: 0 })
    const overHttp = await fetch(listener.baseUrl + '/user', { headers: { Authorization: DEMO_API_KEY } })
    const contract = await runContractSuite({
      baseUrl: listener.baseUrl,
      document: 'openapi/openapi.json',
      controlPlane: { url: listener.origin + '/__admin' },
      checks: ['status_code_conformance', 'envelope_conformance'],
    })
    await listener.close()
    console.log(JSON.stringify([inProcess.status, overHttp.status, contract.ok]))
  `
  const { stdout } = await node(script)
  expect(JSON.parse(stdout.trim())).toEqual([200, 200, true])
})

it('refuses the Node-only entries to a browser resolver, and resolves the main one', async () => {
  const script = `
    const outcome = (entry) => { try { import.meta.resolve('${pkg.name}' + entry); return 'resolved' } catch (error) { return error.code } }
    console.log(JSON.stringify(['', '/node', '/express', '/contract'].map(outcome)))
  `
  const { stdout } = await node(script, ['browser'])
  expect(JSON.parse(stdout.trim())).toEqual(['resolved', 'ERR_PACKAGE_PATH_NOT_EXPORTED', 'ERR_PACKAGE_PATH_NOT_EXPORTED', 'ERR_PACKAGE_PATH_NOT_EXPORTED'])
})

it('gives every entry its types by package name: a consumer typechecks against dist/', async () => {
  // Inside the package (so its name resolves to itself), but not below dist/, which TypeScript will not self-resolve from.
  const dir = 'node_modules/.cache/ad-campaign-mock-exports'
  mkdirSync(dir, { recursive: true })
  writeFileSync(
    `${dir}/consumer.ts`,
    `import { createMockApi, type MockApi } from '${pkg.name}'
import { startNodeMock, type NodeMock } from '${pkg.name}/node'
import { startListener, type Listener, type ListenerOptions } from '${pkg.name}/express'
import { runContractSuite, type ContractSuiteResult } from '${pkg.name}/contract'
export const api: Promise<MockApi> = createMockApi()
export const mock: Promise<NodeMock> = startNodeMock()
export const options: ListenerOptions = { port: 0 }
export const listener: (options: ListenerOptions) => Promise<Listener> = startListener
export const suite: typeof runContractSuite = runContractSuite
export type Result = ContractSuiteResult['ok']
// @ts-expect-error a listener has no apiKey: the types are the real ones, not any
export const wrong: Promise<string> = startListener().then((started) => started.apiKey)
`,
  )
  const args = ['tsc', '--noEmit', '--strict', '--skipLibCheck', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--types', 'node', `${dir}/consumer.ts`]
  const result = await run('npx', args).then(
    () => 'ok',
    (error: { stdout: string }) => error.stdout,
  )
  rmSync(dir, { recursive: true, force: true })
  expect(result).toBe('ok')
}, 60_000)
