import { spawnSync } from 'node:child_process'
import { startProcess, stopProcess, type Pinning } from '../lib/processes.js'
import type { StartupRow } from '../lib/results.js'
import { median } from '../lib/stats.js'

const COMMANDS = [
  { label: 'npm start -- --port 0', file: 'npm', args: ['start', '--', '--port', '0'] },
  { label: 'node dist/src/cli.js --port 0', file: process.execPath, args: ['dist/src/cli.js', '--port', '0'] },
]

/**
 * Process start to the first 200 of `GET /campaigns` with the key the CLI prints, for
 * `npm start` and the built bin (built first), run in turns.
 */
export async function benchStartup(runs: number, pinning: Pinning, log: (line: string) => void): Promise<StartupRow[]> {
  log('  npm run build…')
  const build = spawnSync('npm', ['run', 'build'], { encoding: 'utf8' })
  if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}${build.stderr}`)
  const times = new Map(COMMANDS.map(({ label }) => [label, [] as number[]]))
  for (let run = 0; run < runs; run++) {
    for (const { label, file, args } of COMMANDS) {
      const ms = await timeToFirst200(file, args, pinning.serverCpu)
      times.get(label)!.push(ms)
      log(`  ${label}: ${Math.round(ms)} ms`)
    }
  }
  return COMMANDS.map(({ label }) => ({
    command: label,
    runsMs: times.get(label)!,
    medianMs: median(times.get(label)!),
  }))
}

async function timeToFirst200(file: string, args: string[], cpu: number | undefined): Promise<number> {
  const started = performance.now()
  let output = ''
  let announced: () => void = () => undefined
  const ready = new Promise<void>((resolve) => (announced = resolve))
  const child = startProcess(file, args, {
    cpu,
    detached: true,
    onOutput: (text) => {
      output += text
      if (/listening on \S+\/api\/v1/.test(output) && /API key: +\S+/.test(output)) announced()
    },
  })
  try {
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code) => reject(new Error(`${file} ${args.join(' ')} exited (${code}):\n${output}`))),
    )
    exited.catch(() => undefined) // stopping it below is no failure
    await Promise.race([ready, exited])
    const baseUrl = /listening on (\S+\/api\/v1)/.exec(output)![1]!
    const apiKey = /API key: +(\S+)/.exec(output)![1]!
    for (;;) {
      const response = await Promise.race([
        fetch(`${baseUrl}/campaigns`, { headers: { Authorization: apiKey } }),
        exited,
      ])
      await response.arrayBuffer()
      if (response.status === 200) return performance.now() - started
      if (performance.now() - started > 60_000)
        throw new Error(`${file} ${args.join(' ')} answered ${response.status}, never 200`)
    }
  } finally {
    await stopProcess(child, { group: true })
  }
}
