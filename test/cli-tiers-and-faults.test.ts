import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEMO_API_KEY } from '../src/store/fixtures.js'
import { runCli, startCli } from './support/cli-process.js'

// The command's flags that set up the control plane's state at start: tiers, forced errors, journal size.
describe('the CLI flags for tiers, faults and the journal', () => {
  const dir = mkdtempSync(join(tmpdir(), 'acs-cli-'))
  const file = (name: string, json: unknown) => {
    const path = join(dir, name)
    writeFileSync(path, JSON.stringify(json))
    return path
  }
  it('starts with the tiers of --tiers and the forced errors of --error-*', async () => {
    const cli = await startCli([
      '--port',
      '0',
      '--tiers',
      file('tiers.json', { free: { per_minute: 2, per_day: 9, max_topups: 1 } }),
      '--error-rate',
      '1',
      '--error-status',
      '503',
      '--error-route',
      'GET /user/balance',
      '--journal-size',
      '2',
    ])
    try {
      const origin = new URL(cli.baseUrl).origin
      const tiers = await (await fetch(`${origin}/__admin/tiers`)).json()
      expect(tiers.data.free).toEqual({ per_minute: 2, per_day: 9, max_topups: 1 })
      const headers = { authorization: DEMO_API_KEY }
      expect((await fetch(`${origin}/api/v1/user/balance`, { headers })).status).toBe(503)
      expect((await fetch(`${origin}/api/v1/user`, { headers })).status).toBe(200)
      for (let i = 0; i < 3; i++) await fetch(`${origin}/api/v1/user`, { headers })
      expect((await (await fetch(`${origin}/__admin/requests`)).json()).data).toHaveLength(2)
    } finally {
      await cli.stop('SIGTERM')
    }
  })

  it('exits 2 naming the field when a tiers file is invalid', async () => {
    const { code, stderr } = await runCli([
      '--port',
      '0',
      '--tiers',
      file('bad-tiers.json', { free: { per_minute: 0, per_day: 9, max_topups: 1 } }),
    ])
    expect(code).toBe(2)
    expect(stderr).toContain('free.per_minute')
  })
})
