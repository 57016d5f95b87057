import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { expect, it } from 'vitest'
import { DEMO_API_KEY } from '../src/store/fixtures.js'
import { runCli, startCli } from './support/cli-process.js'

it('serves the seeded campaigns, prints how to call it, and stops cleanly on SIGTERM', async () => {
  const { baseUrl, output, stop } = await startCli(['--port', '0'])
  expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/)
  expect(output()).toContain(DEMO_API_KEY)
  expect(output()).toContain(`curl -H "Authorization: ${DEMO_API_KEY}" ${baseUrl}/campaigns`)
  expect(output()).toContain(`${baseUrl.replace("/api/v1", "")}/docs`)

  const response = await fetch(`${baseUrl}/campaigns`, { headers: { Authorization: DEMO_API_KEY } })
  expect(response.status).toBe(200)
  const body = await response.json()
  expect(body.data.map((c: { id: number }) => c.id)).toEqual([3, 2, 1])

  expect(await stop('SIGTERM')).toBe(0)
})

it('stops cleanly on SIGINT (Ctrl+C) too, and frees its port', async () => {
  const { baseUrl, output, stop } = await startCli(['--port', '0'])
  expect(await stop('SIGINT')).toBe(0)
  expect(output()).toMatch(/SIGINT received, closing the listener/)
  await expect(fetch(`${baseUrl}/user`)).rejects.toThrow()
})

it.each([
  ['the --host flag', ['--port', '0', '--host', '127.0.0.2'], {}, '127.0.0.2'],
  ['the HOST variable', ['--port', '0'], { HOST: '127.0.0.3' }, '127.0.0.3'],
  ['the flag over the variable', ['--port', '0', '--host', '127.0.0.4'], { HOST: '127.0.0.5' }, '127.0.0.4'],
])('binds the address given by %s', async (_how, args, env, address) => {
  const { baseUrl } = await startCli(args, env)
  expect(new URL(baseUrl).hostname).toBe(address)
  const response = await fetch(`${baseUrl}/user`, { headers: { Authorization: DEMO_API_KEY } })
  expect(response.status).toBe(200)
})

it('lets CORS preflights from another localhost port through, with the Authorization header allowed', async () => {
  const { baseUrl } = await startCli(['--port', '0'])
  const preflight = await fetch(`${baseUrl}/campaigns`, {
    method: 'OPTIONS',
    headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' },
  })
  expect(preflight.status).toBe(204)
  expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
  expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization/)
  expect(preflight.headers.get('access-control-allow-methods')).toMatch(/PATCH/)
})

it('takes the port from PORT and a generated dataset from --generate', async () => {
  const { baseUrl, output } = await startCli(['--generate', '3', '--seed', '5'], { PORT: '0' })
  const key = /Authorization: (\S+)"/.exec(output())![1]!
  expect(key).not.toBe(DEMO_API_KEY)
  const response = await fetch(`${baseUrl}/adverts`, { headers: { Authorization: key } })
  expect((await response.json()).pagination.total_count).toBe(3)
})

/** A fixtures file that parses but does not hold together: an advert of a user it does not have. */
function orphanAdvert(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'cli-')), 'orphan.json')
  const advert = { id: 1, user_id: 9, title: 'x', description: '', target_url: null, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' }
  writeFileSync(file, JSON.stringify({ users: [], adverts: [advert], campaigns: [] }))
  return file
}

it('answers each mistake with one line and the usage hint on stderr, exit 2, and no stack trace', async () => {
  const cases: [string[], string][] = [
    [['--bogus'], 'ad-campaign-mock: unknown option --bogus'],
    [['--port', 'abc'], 'ad-campaign-mock: --port must be a whole number from 0 to 65535, got "abc"'],
    [['--fixtures', 'nope.json'], 'ad-campaign-mock: --fixtures nope.json: no such file'],
    [['--tiers', 'README.md'], 'ad-campaign-mock: --tiers README.md is not valid JSON: Unexpected token \'#\', "# Advertis"... is not valid JSON'],
    [['--fixtures', orphanAdvert()], 'ad-campaign-mock: Invalid dataset: Advert 1: user 9 does not exist'],
    [['--host', '0.0.0.0', '--port', '0'], 'ad-campaign-mock: Refusing to listen on 0.0.0.0 without an admin token: /__admin would let anyone on the network reset or rewrite the mock. Pass an admin token (--admin-token <token>) or bind to 127.0.0.1.'],
  ]
  const runs = await Promise.all(cases.map(([args]) => runCli(args)))
  for (const [index, { code, stdout, stderr }] of runs.entries()) {
    expect(code, cases[index]![0].join(' ')).toBe(2)
    expect(stdout).toBe('')
    expect(stderr.trimEnd().split('\n')).toEqual([cases[index]![1], 'Run ad-campaign-mock --help to see the options.'])
  }
})

it('says so when the port is in use, in one line and exit 2', async () => {
  const holder = createServer()
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve))
  const { port } = holder.address() as AddressInfo
  try {
    const { code, stderr } = await runCli(['--port', String(port)])
    expect(code).toBe(2)
    expect(stderr.trimEnd().split('\n')).toEqual([
      `ad-campaign-mock: port ${port} on 127.0.0.1 is already in use: stop what holds it, or pick another port with --port <n> (0 picks a free one)`,
    ])
  } finally {
    holder.close()
  }
})

it('prints the help and exits 0', async () => {
  const { code, stdout } = await runCli(['--help'])
  expect(code).toBe(0)
  expect(stdout).toMatch(/^Usage: ad-campaign-mock \[options\]/)
  expect(stdout).toContain('--quiet')
})

it('on SIGTERM finishes a request in flight, then exits 0', async () => {
  const { baseUrl, output, stop } = await startCli(['--port', '0', '--quiet'])
  const slow = fetch(`${baseUrl}/user`, { headers: { Authorization: DEMO_API_KEY, Prefer: 'delay=2500' } })
  // A quick answer on another connection after it: by then the server has read the slow request.
  expect((await fetch(`${baseUrl}/user/balance`, { headers: { Authorization: DEMO_API_KEY } })).status).toBe(200)
  await new Promise((resolve) => setTimeout(resolve, 300))
  const exited = stop('SIGTERM')
  const response = await slow
  expect(response.status).toBe(200)
  expect((await response.json()).data.id).toBe(1)
  expect(await exited).toBe(0)
  expect(output()).toContain('SIGTERM received, closing the listener: finishing 1 request in flight (at most 10 s; SIGTERM again to stop at once).')
})

it('logs a line per request by default, JSON lines with --log json, nothing with --quiet; never the key', async () => {
  const runs = [
    { args: [], line: /^\d{4}-\d\d-\d\dT[\d:.]+Z GET \/api\/v1\/campaigns\?key=\[redacted\] 200 [\d.]+ ms user 1$/m },
    { args: ['--log', 'json'], line: /^\{"time":"[^"]+","method":"GET","path":"\/api\/v1\/campaigns\?key=\[redacted\]","status":200,"duration_ms":[\d.]+,"user_id":1\}$/m },
    { args: ['--quiet'], line: undefined },
  ]
  for (const { args, line } of runs) {
    let stdout = ''
    const { baseUrl, child, stop } = await startCli(['--port', '0', ...args])
    child.stdout!.on('data', (chunk) => (stdout += chunk))
    await fetch(`${baseUrl}/campaigns?key=${DEMO_API_KEY}`, { headers: { Authorization: DEMO_API_KEY } })
    await stop('SIGTERM')
    if (line) expect(stdout).toMatch(line)
    else expect(stdout).not.toMatch(/GET \/api\/v1\/campaigns/)
    expect(stdout).not.toContain(DEMO_API_KEY.slice(4))
    if (args.includes('json')) for (const text of stdout.trim().split('\n')) expect(() => JSON.parse(text), text).not.toThrow()
  }
})
