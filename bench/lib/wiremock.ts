import { spawnSync, type ChildProcess } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { startProcess, stopProcess, waitForStatus } from './processes.js'

/** How to get Java on Debian or Ubuntu, said where WireMock is left out for want of it. */
export const JAVA_HINT = 'apt-get install default-jre-headless'

/** The WireMock jar of the npm package `wiremock` and the Java that runs it, or why there are none. */
export type WireMockSetup = { jar: string; description: string } | { missing: string }

/**
 * Finds `java` on PATH and the standalone jar the npm package `wiremock` ships (a devDependency).
 * @example const setup = findWireMock(); if ('missing' in setup) log(setup.missing)
 */
export function findWireMock(): WireMockSetup {
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' })
  if (java.error || java.status !== 0) return { missing: `no java on PATH (${JAVA_HINT})` }
  // `java -version` writes to stderr: `openjdk version "17.0.15" 2025-04-15`.
  const javaVersion = /version "([^"]+)"/.exec(java.stderr)?.[1] ?? 'unknown'
  let manifest: string
  try {
    manifest = createRequire(import.meta.url).resolve('wiremock/package.json')
  } catch {
    return { missing: 'the npm package wiremock is not installed (npm ci)' }
  }
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }
  const build = join(dirname(manifest), 'build')
  const jar = readdirSync(build).find((file) => file.endsWith('.jar'))
  if (!jar) return { missing: `no jar in ${build} (npm ci)` }
  return { jar: join(build, jar), description: `WireMock ${version} on Java ${javaVersion}` }
}

/**
 * Writes WireMock's root directory: one stub mapping that answers `GET url` (path and query,
 * matched exactly) with `body` byte for byte, the status and content type given. The body is
 * inline (base64), so WireMock holds it in memory instead of reading a file per request.
 */
export function writeWireMockStub(
  rootDir: string,
  { url, status, contentType, body }: { url: string; status: number; contentType: string; body: Buffer },
): void {
  rmSync(rootDir, { recursive: true, force: true })
  mkdirSync(join(rootDir, 'mappings'), { recursive: true })
  mkdirSync(join(rootDir, '__files'))
  const mapping = {
    request: { method: 'GET', url },
    response: { status, headers: { 'Content-Type': contentType }, base64Body: body.toString('base64') },
  }
  writeFileSync(join(rootDir, 'mappings', 'list.json'), JSON.stringify(mapping, null, 2))
}

/**
 * WireMock at its best for a throughput run, on loopback only: no request journal, no request
 * logging, no banner, no templating, no extension scanning, no gzip, a Content-Length instead of
 * chunks (as the other targets answer), and more container threads than the load has connections.
 * With `defaults`, WireMock as its docs start it (journal and request logging on, its own threads),
 * gzip off only so that it answers the same bytes.
 */
export function wireMockArgs(
  jar: string,
  rootDir: string,
  port: number,
  connections: number,
  { defaults = false } = {},
): string[] {
  if (defaults)
    return ['-jar', jar, '--bind-address', '127.0.0.1', '--port', String(port), '--root-dir', rootDir, '--disable-gzip']
  return [
    '-jar',
    jar,
    '--bind-address',
    '127.0.0.1',
    '--port',
    String(port),
    '--root-dir',
    rootDir,
    '--disable-banner',
    '--no-request-journal',
    '--disable-request-logging',
    '--disable-response-templating',
    '--disable-extensions-scanning',
    '--disable-gzip',
    '--use-chunked-encoding',
    'never',
    '--container-threads',
    String(Math.max(25, connections + 10)),
  ]
}

/**
 * Starts WireMock (`java -jar`, pinned to `cpu`) and waits until `url` answers 200; a JVM that
 * exits first fails with what it printed.
 */
export async function startWireMock(
  args: string[],
  url: string,
  cpu: number | undefined,
): Promise<{ child: ChildProcess }> {
  let output = ''
  const child = startProcess('java', args, { cpu, onOutput: (text) => (output = (output + text).slice(-4000)) })
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`WireMock exited (code ${code}) before it answered:\n${output}`))),
  )
  exited.catch(() => undefined)
  try {
    await Promise.race([waitForStatus(url, { timeoutMs: 120_000, intervalMs: 200 }), exited])
  } catch (error) {
    await stopProcess(child)
    throw error
  }
  return { child }
}
