import { describe, expect, it } from 'vitest'
import { startListener } from '../src/runtimes/express.js'
import { DEMO_API_KEY } from '../src/store/fixtures.js'
import { runCli } from './support/cli-process.js'
import { listenerTransport } from './support/listener-transport.js'

// The admin token: required to listen beyond loopback, and once set, needed by every /__admin request.
describe('the admin token', () => {
  it('is required to listen on anything but loopback', async () => {
    await expect(startListener({ port: 0, host: '0.0.0.0' })).rejects.toThrow(/without an admin token/)
    await expect(startListener({ port: 0, host: '192.168.1.10' })).rejects.toThrow(/--admin-token/)
  })

  it('makes the CLI exit non-zero with the reason on a non-loopback host without one', async () => {
    const { code, stderr } = await runCli(['--host', '0.0.0.0', '--port', '0'])
    expect(code).toBe(2)
    expect(stderr).toContain('Refusing to listen on 0.0.0.0 without an admin token')
  })

  it('guards every /__admin request when set, and a user key never opens it', async () => {
    const t = await listenerTransport({ adminToken: 'let-me-in' })
    try {
      const clock = (headers: Record<string, string>) => t.send({ method: 'GET', path: '/__admin/clock', headers })
      expect((await clock({})).status).toBe(403)
      expect((await clock({})).body.error.code).toBe('admin_forbidden')
      expect((await clock({ authorization: DEMO_API_KEY })).status).toBe(403)
      expect((await clock({ 'x-admin-token': DEMO_API_KEY })).status).toBe(403)
      expect(
        (await t.send({ method: 'POST', path: '/__admin/reset', headers: { authorization: DEMO_API_KEY } })).status,
      ).toBe(403)
      expect((await t.send({ method: 'GET', path: '/__admin/nothing-here' })).status).toBe(403)
      expect((await clock({ 'x-admin-token': 'let-me-in' })).status).toBe(200)
      // The health check too: a harness on another host sends the token.
      expect((await t.send({ method: 'GET', path: '/__admin/health' })).status).toBe(403)
      expect(
        (await t.send({ method: 'GET', path: '/__admin/health', headers: { 'x-admin-token': 'let-me-in' } })).status,
      ).toBe(200)
      // And the token is no API key.
      expect((await t.send({ method: 'GET', path: '/user', headers: { authorization: 'let-me-in' } })).status).toBe(401)
    } finally {
      await t.close()
    }
  })
})
