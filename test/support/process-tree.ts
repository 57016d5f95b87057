import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

/** One process as `ps` lists it. */
export interface ProcessRow {
  pid: number
  ppid: number
  pgid: number
  args: string
}

/** Every process of the machine, as `ps -eo pid,ppid,pgid,args` lists them. */
export async function processes(): Promise<ProcessRow[]> {
  const { stdout } = await promisify(execFile)('ps', ['-eo', 'pid=,ppid=,pgid=,args='], { maxBuffer: 8 * 1024 * 1024 })
  return stdout
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(\d+)\s(.*)$/.exec(line))
    .filter((match) => match !== null)
    .map(([, pid, ppid, pgid, args]) => ({ pid: Number(pid), ppid: Number(ppid), pgid: Number(pgid), args: args! }))
}

/** A process and everything it started, and they started, in the order `ps` listed them. */
export function treeOf(rows: readonly ProcessRow[], root: number): ProcessRow[] {
  const tree = new Set([root])
  for (let grew = true; grew;) {
    grew = false
    for (const { pid, ppid } of rows)
      if (tree.has(ppid) && !tree.has(pid)) {
        tree.add(pid)
        grew = true
      }
  }
  return rows.filter(({ pid }) => tree.has(pid))
}

/** Those of these processes that are still there (by pid, listed afresh). */
export async function stillRunning(these: readonly ProcessRow[]): Promise<ProcessRow[]> {
  const pids = new Set(these.map(({ pid }) => pid))
  return (await processes()).filter(({ pid }) => pids.has(pid))
}

/** Processes as `ps` would print them, one a line, for a test's output. */
export function formatRows(rows: readonly ProcessRow[]): string {
  return rows.map(({ pid, ppid, pgid, args }) => `${pid} ${ppid} ${pgid} ${args}`).join('\n') || '(none)'
}
