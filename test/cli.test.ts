import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { afterEach, expect, it } from 'vitest'
import { DEMO_API_KEY } from '../src/store/fixtures.js'

let child: ChildProcess | undefined
afterEach(() => {
  child?.kill('SIGKILL')
  child = undefined
})

/** Starts `npm start`'s command and waits for the line with the base URL. */
async function startCli(args: string[], env: Record<string, string> = {}): Promise<{ baseUrl: string; output: () => string }> {
  child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const deadline = Date.now() + 15_000
  while (Date.now() < deadline) {
    const match = /listening on (http:\/\/\S+\/api\/v1)/.exec(output)
    if (match) return { baseUrl: match[1]!, output: () => output }
    if (child.exitCode !== null) break
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`The CLI did not start:\n${output}`)
}

it('serves the seeded campaigns, prints how to call it, and stops cleanly on SIGTERM', async () => {
  const { baseUrl, output } = await startCli(['--port', '0'])
  expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/)
  expect(output()).toContain(DEMO_API_KEY)
  expect(output()).toContain(`curl -H "Authorization: ${DEMO_API_KEY}" ${baseUrl}/campaigns`)
  expect(output()).toContain(`${baseUrl.replace("/api/v1", "")}/docs`)

  const response = await fetch(`${baseUrl}/campaigns`, { headers: { Authorization: DEMO_API_KEY } })
  expect(response.status).toBe(200)
  const body = await response.json()
  expect(body.data.map((c: { id: number }) => c.id)).toEqual([3, 2, 1])

  child!.kill('SIGTERM')
  const [code] = await once(child!, 'exit')
  expect(code).toBe(0)
})

it('stops cleanly on SIGINT (Ctrl+C) too, and frees its port', async () => {
  const { baseUrl, output } = await startCli(['--port', '0'])
  child!.kill('SIGINT')
  const [code] = await once(child!, 'exit')
  expect(code).toBe(0)
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

it('refuses a port that is not a number with a usage message', async () => {
  child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', '--port', 'abc'], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stderr!.on('data', (chunk) => (output += chunk))
  const [code] = await once(child, 'exit')
  expect(code).toBe(2)
  expect(output).toMatch(/--port must be a whole number/)
})
