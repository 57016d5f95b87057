import { spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { join } from 'node:path'
import { startProcess } from './processes.js'

/** The newest Prism whose engines accept Node 20. */
export const PRISM_VERSION = '5.14.2'

/**
 * Installs Prism into `cacheDir` on first use (npm, outside the project's node_modules, so
 * `npm ci` stays lean) and answers the path of its CLI script.
 */
export function ensurePrism(cacheDir: string, log: (line: string) => void): string {
  const cli = join(cacheDir, 'node_modules/@stoplight/prism-cli/dist/index.js')
  const manifest = join(cacheDir, 'node_modules/@stoplight/prism-cli/package.json')
  if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).version === PRISM_VERSION) return cli
  log(`Installing @stoplight/prism-cli@${PRISM_VERSION} into ${cacheDir} (first use only)…`)
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  const result = spawnSync(
    npm,
    ['install', '--prefix', cacheDir, '--no-audit', '--no-fund', `@stoplight/prism-cli@${PRISM_VERSION}`],
    { encoding: 'utf8' },
  )
  if (result.status !== 0) throw new Error(`Could not install Prism: ${result.stderr}`)
  return cli
}

/**
 * Writes a copy of our document whose only example for `GET /campaigns` 200 is `body`, so
 * Prism answers the same bytes as the listener for the same request.
 */
export function writePrismDocument(source: string, target: string, body: unknown): void {
  const document = JSON.parse(readFileSync(source, 'utf8'))
  const content = document.paths?.['/campaigns']?.get?.responses?.['200']?.content?.['application/json']
  if (!content) throw new Error(`${source} has no application/json 200 for GET /campaigns`)
  content.examples = { bench: { summary: "The listener's own answer", value: body } }
  writeFileSync(target, JSON.stringify(document))
}

/** A port no one listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** Starts `prism mock` on loopback for a document; the caller waits for it to answer. */
export function startPrism(cli: string, document: string, port: number, cpu: number | undefined): ChildProcess {
  return startProcess(process.execPath, [cli, 'mock', '-h', '127.0.0.1', '-p', String(port), document], { cpu })
}
