import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { promisify } from 'node:util'
import { beforeAll, expect, it } from 'vitest'

const run = promisify(execFile)
const pkg = JSON.parse(readFileSync('package.json', 'utf8'))

beforeAll(async () => {
  await run('npx', ['tsc', '-p', 'tsconfig.build.json'])
}, 120_000)

it('points every export at a built module with its types', () => {
  for (const [subpath, target] of Object.entries<Record<string, string> | string>(pkg.exports)) {
    if (typeof target === 'string') continue
    expect(existsSync(target.default!), `${subpath} -> ${target.default}`).toBe(true)
    expect(existsSync(target.types!), `${subpath} -> ${target.types}`).toBe(true)
  }
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
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script])
  expect(JSON.parse(stdout.trim())).toEqual([200, 200, true])
})

it('marks the Node-only entries as unusable in a browser bundle', () => {
  expect(pkg.exports['./node'].browser).toBeNull()
  expect(pkg.exports['./express'].browser).toBeNull()
})
