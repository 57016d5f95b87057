import { open, readFile, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { MockApi } from '../surface/create-mock-api.js'
import { restoreSnapshot, serializeSnapshot, SnapshotError } from '../domain/snapshot.js'
import { fileProblem } from './file-problem.js'

/** Where and how often a Node mock keeps its state on disk. */
export interface StateFileOptions {
  /** The JSON file: loaded at start if it exists, created from the starting dataset if not. */
  file: string
  /**
   * How long after a write the save starts, in milliseconds, so that writes arriving meanwhile
   * share one save. Each write is answered only once the save holding it is on disk. Default 10.
   */
  batchMs?: number
}

/** A mock's state kept in a file. */
export interface StateFile {
  readonly file: string
  /** Whether the file existed and was loaded (false: it was created from the starting dataset). */
  readonly restored: boolean
  /** Saves now whatever is not on disk yet; resolves once it is (a shutdown calls this). */
  flush(): Promise<void>
  /** Saves what is pending, then stops saving. */
  stop(): Promise<void>
}

/** The longest `batchMs` accepted: an acknowledgement never waits longer than this plus one save. */
export const MAX_STATE_BATCH_MS = 1000

/**
 * Keeps a mock's state in a JSON file. At start the file is loaded (a truncated, corrupt, foreign
 * or other-version file is a SnapshotError and is left as it is, never overwritten), or created
 * from the mock's starting dataset if it does not exist. Then every acknowledged write, reset,
 * seed, import and setting is saved atomically (a temporary file written and fsynced, renamed over
 * the file, the directory fsynced), writes within `batchMs` of each other in one save; a write is
 * answered only once the save holding it is done, so every write answered 2xx survives a kill -9.
 * @example const saved = await persistToFile(api, { file: 'mock-state.json' }); process.on('SIGTERM', () => saved.stop())
 */
export async function persistToFile(api: MockApi, { file, batchMs = 10 }: StateFileOptions): Promise<StateFile> {
  if (!Number.isInteger(batchMs) || batchMs < 0 || batchMs > MAX_STATE_BATCH_MS) {
    throw new RangeError(
      `state.batchMs must be a whole number of milliseconds from 0 to ${MAX_STATE_BATCH_MS}, got ${batchMs}`,
    )
  }
  const restored = await loadStateFile(api, file)
  const save = () => writeFileAtomically(file, serializeSnapshot(api.exportState()))
  if (!restored) {
    await save().catch((error: NodeJS.ErrnoException) => {
      throw new SnapshotError('unreadable', `cannot create the state file ${file}: ${fileProblem(error)}`)
    })
  }
  const saves = createSaveBatcher(save, batchMs)
  const unsubscribe = api.subscribe((change) => change.waitUntil(saves.soon()))
  return {
    file,
    restored,
    flush: () => saves.now(),
    async stop() {
      unsubscribe()
      await saves.now()
    },
  }
}

/** Loads the file into the mock; false when there is none. Anything else that keeps it from loading is one clear error. */
async function loadStateFile(api: MockApi, file: string): Promise<boolean> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
    throw new SnapshotError(
      'unreadable',
      `cannot read the state file ${file}: ${fileProblem(error as NodeJS.ErrnoException)}`,
    )
  }
  await restoreSnapshot(api, text, { source: `The state file ${file}`, schema: api.context.schemas.records.MockState })
  return true
}

/**
 * Runs `save` at most once at a time. `soon()` asks for a save within `batchMs` and resolves once
 * one that started after the call is done, so every request made before a save starts is in it;
 * `now()` starts it at once. A failed save is reported and retried by the next request: the mock
 * keeps serving from memory.
 */
function createSaveBatcher(save: () => Promise<void>, batchMs: number) {
  let next: { done: Promise<void>; start: () => void } | undefined
  let running: Promise<void> = Promise.resolve()
  let failing = false

  const schedule = () => {
    if (next) return next
    let start!: () => void
    const begun = new Promise<void>((resolve) => (start = resolve))
    const timer = setTimeout(start, batchMs)
    const done = begun.then(async () => {
      clearTimeout(timer)
      await running
      // From here on, a request belongs to the save after this one.
      if (next?.done === done) next = undefined
      running = save().then(
        () => {
          if (failing) console.error('[ad-campaign-mock] the state file is being saved again.')
          failing = false
        },
        (error: Error) => {
          if (!failing)
            console.error(
              `[ad-campaign-mock] could not save the state file (${error.message}); the mock keeps serving, and tries again at the next write.`,
            )
          failing = true
        },
      )
      await running
    })
    next = { done, start }
    return next
  }
  return {
    soon: () => schedule().done,
    now: () => {
      const batch = schedule()
      batch.start()
      return batch.done
    },
  }
}

/**
 * Replaces `file` with `text` so that a crash at any instant leaves either the old file or the
 * new one, whole: write a temporary file beside it, fsync it, rename it over the file, fsync the directory.
 */
export async function writeFileAtomically(file: string, text: string): Promise<void> {
  // One fixed name: a save cut short by a kill leaves one stray file, overwritten by the next save.
  const temporary = join(dirname(file), `.${basename(file)}.tmp`)
  const handle = await open(temporary, 'w', 0o600)
  try {
    await handle.writeFile(text, 'utf8')
    await handle.sync()
  } catch (error) {
    await handle.close()
    await rm(temporary, { force: true })
    throw error
  }
  await handle.close()
  await rename(temporary, file)
  await syncDirectory(dirname(file))
}

/** Makes a rename durable; platforms that cannot open a directory for fsync (Windows) skip it. */
async function syncDirectory(directory: string): Promise<void> {
  let handle
  try {
    handle = await open(directory, 'r')
    await handle.sync()
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL') throw error
  } finally {
    await handle?.close()
  }
}
