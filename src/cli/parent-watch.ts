/**
 * How often the bin looks whether the process that started it is still there. Looking costs one
 * system call; twice a second, a harness that stops `npx ad-campaign-mock` sees the mock gone
 * within a second.
 */
export const PARENT_POLL_MS = 500

/** What the watch reads of its surroundings (the real process by default; a test passes its own). */
export interface ParentWatchOptions {
  intervalMs?: number
  /** This process's parent now. */
  ppid?: () => number
  /** Whether a process is still there. */
  isAlive?: (pid: number) => boolean
}

/**
 * Calls `onGone` once, when the process that started this one has exited: this process was handed
 * to another parent (Linux and macOS re-parent an orphan), or that process is gone (Windows keeps the
 * old id). Why: `npx` runs the bin under a shell, and stopping `npx` (what a harness's `kill()` does)
 * ends npx and that shell but not the bin, which went on serving with parent 1. A parent that cannot
 * exit before this one (pid 0 or 1: a container's init, systemd) is not watched. The timer never
 * keeps the process alive; the function returned stops the watch.
 * @example const unwatch = watchParent(process.ppid, (pid) => console.error(`parent ${pid} has exited`))
 */
export function watchParent(parent: number, onGone: (pid: number) => void, options: ParentWatchOptions = {}) {
  const { intervalMs = PARENT_POLL_MS, ppid = () => process.ppid, isAlive = processIsAlive } = options
  if (parent <= 1) return () => {}
  const timer = setInterval(() => {
    if (ppid() === parent && isAlive(parent)) return
    clearInterval(timer)
    onGone(parent)
  }, intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}

/** Whether a process of this id exists (one we may not signal exists too). */
function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
