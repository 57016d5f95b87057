import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, expect, it } from 'vitest'
import { processTree, signalTree } from './processes.js'

const state = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  return stat.slice(stat.lastIndexOf(')') + 2)[0]
}
let shell: ReturnType<typeof spawn> | undefined
afterEach(() => {
  if (shell?.pid) signalTree(shell.pid, 'SIGCONT')
  shell?.kill('SIGKILL')
})

it.runIf(process.platform === 'linux')('pauses and resumes a server with every process below it', async () => {
  shell = spawn('sh', ['-c', 'sleep 30 & sleep 30 & wait'], { stdio: 'ignore' })
  let tree: number[] = []
  for (let i = 0; i < 100 && tree.length < 3; i++, await sleep(20)) tree = processTree(shell.pid!)
  expect(tree[0]).toBe(shell.pid)
  expect(tree).toHaveLength(3)
  signalTree(shell.pid!, 'SIGSTOP')
  await sleep(50)
  expect(tree.map(state)).toEqual(['T', 'T', 'T'])
  signalTree(shell.pid!, 'SIGCONT')
  await sleep(50)
  expect(tree.map(state)).not.toContain('T')
})
