import { ApiError } from '../errors/api-error.js'
import { MockState } from '../schemas/control-plane.js'
import { must } from '../store/must.js'
import { PACKAGE_VERSION } from './package-version.js'

/** Marks a saved state as this package's, so a file or storage entry of anything else is told apart. */
export const SNAPSHOT_FORMAT = 'ad-campaign-mock/state'

/** The mock's whole state as saved: a format marker, the package version that saved it, when, and the state. */
export interface Snapshot {
  format: typeof SNAPSHOT_FORMAT
  version: string
  /** Real time of the save (ISO 8601): a running clock's offset from real time is kept across a reload. */
  saved_at: string
  state: MockState
}

/** Why a saved state was refused (`unreadable`: the place it is kept could not be read or written). */
export const SNAPSHOT_PROBLEMS = ['truncated', 'corrupt', 'foreign', 'other_version', 'invalid', 'unreadable'] as const
export type SnapshotProblem = (typeof SNAPSHOT_PROBLEMS)[number]

/** A saved state that cannot be loaded, and why; the message names the source and says what to do. */
export class SnapshotError extends Error {
  readonly problem: SnapshotProblem

  constructor(problem: SnapshotProblem, message: string) {
    super(message)
    this.name = 'SnapshotError'
    this.problem = problem
  }
}

/**
 * Serializes a state (from `api.exportState()`) as a versioned snapshot.
 * @example localStorage.setItem(key, serializeSnapshot(api.exportState()))
 */
export function serializeSnapshot(state: MockState, savedAt: number = Date.now()): string {
  const snapshot: Snapshot = {
    format: SNAPSHOT_FORMAT,
    version: PACKAGE_VERSION,
    saved_at: new Date(savedAt).toISOString(),
    state,
  }
  return JSON.stringify(snapshot)
}

export interface ParseSnapshotOptions {
  /** Names the snapshot in error messages, e.g. a file path or a storage key. */
  source?: string
  /**
   * What the state is checked with: MockState unless given; a mock under another profile (a twin)
   * gives its own (`api.context.schemas.records.MockState`), which takes its tier names and extra fields.
   */
  schema?: typeof MockState
}

/**
 * Parses a saved snapshot, or throws a SnapshotError saying whether it is truncated, corrupt,
 * not one of ours, from another version of the package, or holds a state that does not validate.
 * @example const snapshot = parseSnapshot(readFileSync(file, 'utf8'), { source: file })
 */
export function parseSnapshot(
  text: string,
  { source = 'the saved state', schema = MockState }: ParseSnapshotOptions = {},
): Snapshot {
  const parsed = parseJson(text, source)
  if (!isRecord(parsed) || parsed.format !== SNAPSHOT_FORMAT) {
    throw new SnapshotError(
      'foreign',
      `${source} is not a state saved by ad-campaign-mock (no "format": "${SNAPSHOT_FORMAT}")`,
    )
  }
  if (parsed.version !== PACKAGE_VERSION) {
    throw new SnapshotError(
      'other_version',
      `${source} was saved by ad-campaign-mock ${String(parsed.version)}, not ${PACKAGE_VERSION}; its shape may differ, so it is not loaded`,
    )
  }
  const savedAt = typeof parsed.saved_at === 'string' ? Date.parse(parsed.saved_at) : NaN
  if (Number.isNaN(savedAt)) throw new SnapshotError('invalid', `${source} has no valid "saved_at" timestamp`)
  const state = schema.safeParse(parsed.state)
  if (!state.success) {
    const first = must(state.error.issues[0], 'the first issue of a failed parse')
    throw new SnapshotError(
      'invalid',
      `${source} holds an invalid state: ${['state', ...first.path.map(String)].join('.')} ${first.message}`,
    )
  }
  return { format: SNAPSHOT_FORMAT, version: PACKAGE_VERSION, saved_at: parsed.saved_at as string, state: state.data }
}

/**
 * The state to import now: a clock that was running keeps the offset from real time it had
 * when saved (rather than restarting at the instant of the save); a frozen one stays where it stood.
 * @example await api.importState(stateToRestore(parseSnapshot(text)))
 */
export function stateToRestore(snapshot: Snapshot, realNow: number = Date.now()): MockState {
  const { clock } = snapshot.state
  if (!clock || clock.frozen) return snapshot.state
  const offset = Date.parse(clock.now) - Date.parse(snapshot.saved_at)
  return { ...snapshot.state, clock: { now: new Date(realNow + offset).toISOString(), frozen: false } }
}

/**
 * Parses a snapshot and imports it into a running mock (one queued write, heard by subscribers as
 * an `import`). Anything that keeps it from loading is a SnapshotError, and the mock is left as it was.
 * @example await restoreSnapshot(api, localStorage.getItem(key)!, { source: `localStorage["${key}"]` })
 */
export async function restoreSnapshot(
  api: { importState(state: MockState): Promise<unknown> },
  text: string,
  options: ParseSnapshotOptions = {},
): Promise<Snapshot> {
  const snapshot = parseSnapshot(text, options)
  try {
    await api.importState(stateToRestore(snapshot))
  } catch (error) {
    // The schema passed, so this is a dataset that does not hold together (duplicate ids, missing adverts, ...).
    if (!(error instanceof ApiError)) throw error
    const detail = error.fields?.[0]?.message ?? error.message
    throw new SnapshotError(
      'invalid',
      `${options.source ?? 'the saved state'} holds a state that does not hold together: ${detail}`,
    )
  }
  return snapshot
}

function parseJson(text: string, source: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    // A save cut short (a killed process, a full disk) leaves an object that never closes.
    const trimmed = text.trim()
    if (trimmed === '' || (trimmed.startsWith('{') && !trimmed.endsWith('}'))) {
      throw new SnapshotError('truncated', `${source} is truncated: it ends before the JSON does`)
    }
    throw new SnapshotError('corrupt', `${source} is not valid JSON`)
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
