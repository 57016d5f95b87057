import { spawn } from 'node:child_process'
import { once } from 'node:events'

/** How a command ended: its exit code (null when a signal, such as the timeout's, ended it) and both outputs. */
export interface Ended {
  code: number | null
  stdout: string
  stderr: string
}

/** Runs a command to its end, killed after `timeoutMs`, and answers its exit code and both outputs. */
export async function runToEnd(
  command: string,
  args: readonly string[],
  { cwd, env, timeoutMs }: { cwd?: string; env: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<Ended> {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => (stdout += chunk))
  child.stderr.on('data', (chunk) => (stderr += chunk))
  const [code] = (await once(child, 'close')) as [number | null]
  return { code, stdout, stderr }
}
