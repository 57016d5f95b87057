import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { wireMockArgs, writeWireMockStub } from './wiremock.js'

// No Java is started here: these are the pure pieces of the WireMock peer.
const dir = mkdtempSync(join(tmpdir(), 'bench-wiremock-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('the WireMock peer', () => {
  it('writes one stub mapping that answers the list request exactly with the given bytes, status and type', () => {
    const body = Buffer.from('{"data":[{"name":"Été ✓"}],"meta":{"page":1}}')
    const rootDir = join(dir, 'root')
    writeWireMockStub(rootDir, {
      url: '/api/v1/campaigns?per_page=25',
      status: 200,
      contentType: 'application/json; charset=utf-8',
      body,
    })
    expect(readdirSync(join(rootDir, 'mappings'))).toEqual(['list.json'])
    const mapping = JSON.parse(readFileSync(join(rootDir, 'mappings', 'list.json'), 'utf8'))
    expect(mapping.request).toEqual({ method: 'GET', url: '/api/v1/campaigns?per_page=25' })
    expect(mapping.response.status).toBe(200)
    expect(mapping.response.headers).toEqual({ 'Content-Type': 'application/json; charset=utf-8' })
    expect(Buffer.from(mapping.response.base64Body, 'base64').equals(body)).toBe(true)
  })

  it('replaces the mappings a previous run left', () => {
    const rootDir = join(dir, 'again')
    const stub = { url: '/x', status: 200, contentType: 'application/json', body: Buffer.from('1') }
    writeWireMockStub(rootDir, stub)
    writeWireMockStub(rootDir, { ...stub, body: Buffer.from('2') })
    const mapping = JSON.parse(readFileSync(join(rootDir, 'mappings', 'list.json'), 'utf8'))
    expect(Buffer.from(mapping.response.base64Body, 'base64').toString()).toBe('2')
  })

  it('runs WireMock on loopback only, without journal, logging or banner, with a thread per connection', () => {
    const args = wireMockArgs('/jars/wiremock.jar', '/tmp/root', 8123, 50)
    expect(args.slice(0, 2)).toEqual(['-jar', '/jars/wiremock.jar'])
    const value = (flag: string) => args[args.indexOf(flag) + 1]
    expect(value('--bind-address')).toBe('127.0.0.1')
    expect(value('--port')).toBe('8123')
    expect(value('--root-dir')).toBe('/tmp/root')
    expect(value('--use-chunked-encoding')).toBe('never')
    expect(Number(value('--container-threads'))).toBeGreaterThan(50)
    expect(args).toEqual(
      expect.arrayContaining(['--disable-banner', '--no-request-journal', '--disable-request-logging']),
    )
    expect(args).not.toContain('--verbose')
  })

  it('runs WireMock as its docs start it, on loopback, with its journal and logging, gzip off for the same bytes', () => {
    const args = wireMockArgs('/jars/wiremock.jar', '/tmp/root', 8124, 50, { defaults: true })
    const value = (flag: string) => args[args.indexOf(flag) + 1]
    expect(value('--bind-address')).toBe('127.0.0.1')
    expect(value('--port')).toBe('8124')
    expect(args).toContain('--disable-gzip')
    for (const flag of [
      '--no-request-journal',
      '--disable-request-logging',
      '--container-threads',
      '--use-chunked-encoding',
    ])
      expect(args).not.toContain(flag)
  })
})
