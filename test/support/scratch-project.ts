import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { runToEnd, type Ended } from './run-to-end.js'

const run = promisify(execFile)

/** An app's own project in a temporary directory, with this package installed from its packed tarball. */
export interface ScratchProject {
  readonly dir: string
  /** The package.json of the tarball as installed. */
  readonly manifest: Record<string, any>
  /** What `npm install` printed (its warnings included). */
  readonly installOutput: string
  /** Writes a file under the project (directories made as needed). */
  write(path: string, text: string): string
  /** Runs a command in the project; rejects with its output when it exits non-zero. */
  exec(
    command: string,
    args: string[],
    options?: { env?: NodeJS.ProcessEnv },
  ): Promise<{ stdout: string; stderr: string }>
  /** Runs a command in the project to its end (killed after `timeoutMs`) and answers its exit code and outputs. */
  run(command: string, args: string[], options?: { env?: NodeJS.ProcessEnv; timeoutMs?: number }): Promise<Ended>
}

/**
 * Packs this repository (`npm pack`, of the dist/ that test/support/build-once.ts built before any
 * test ran: packing does not build again under the feet of the tests running the built bin), then
 * installs the tarball with `also` (the app's own dependencies, e.g. its msw) into a new project:
 * only the npm registry is reached.
 */
export async function packAndInstall(also: string[]): Promise<ScratchProject> {
  const dir = mkdtempSync(join(tmpdir(), 'acs-consumer-'))
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], {
    maxBuffer: 32 * 1024 * 1024,
  })
  const tarball = join(dir, (JSON.parse(stdout.slice(stdout.indexOf('['))) as { filename: string }[])[0]!.filename)
  // The app approves its own msw's postinstall (it updates the worker script): any install-script
  // warning left is about what this package brought in.
  const app = { name: 'consumer-app', private: true, type: 'module', allowScripts: { msw: true } }
  writeFileSync(join(dir, 'package.json'), JSON.stringify(app))
  const installed = await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball, ...also], {
    cwd: dir,
    maxBuffer: 32 * 1024 * 1024,
  })
  return {
    dir,
    installOutput: `${installed.stdout}\n${installed.stderr}`,
    manifest: JSON.parse(readFileSync(join(dir, 'node_modules/ad-campaign-mock/package.json'), 'utf8')),
    write(path, text) {
      const file = join(dir, path)
      mkdirSync(dirname(file), { recursive: true })
      writeFileSync(file, text)
      return file
    },
    async exec(command, args, { env } = {}) {
      try {
        return await run(command, args, { cwd: dir, env: env ?? process.env, maxBuffer: 32 * 1024 * 1024 })
      } catch (error) {
        const { stdout = '', stderr = '', message } = error as { stdout?: string; stderr?: string; message: string }
        throw new Error(`${message}\n${stdout}\n${stderr}`)
      }
    },
    run(command, args, { env, timeoutMs = 120_000 } = {}) {
      return runToEnd(command, args, { cwd: dir, env: env ?? process.env, timeoutMs })
    },
  }
}
