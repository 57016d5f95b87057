import { spawn } from 'node:child_process'

/** What a finished script printed and how it exited. */
export interface ScriptOutcome {
  code: number | null
  stdout: string
  stderr: string
}

/**
 * Runs a TypeScript script with tsx in a child process, without any CONTRACT_* variable of
 * this process leaking in, and kills it after `timeoutMs` so a test can never hang.
 * @example await runScript(['contract-tests/run.ts'], { CONTRACT_PROFILE: 'spec' })
 */
export function runScript(command: string[], env: Record<string, string>, timeoutMs = 60_000): Promise<ScriptOutcome> {
  return new Promise((resolve) => {
    const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('CONTRACT_')))
    const child = spawn(process.execPath, ['--import', 'tsx', ...command], {
      env: { ...clean, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
  })
}
