import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'

/** An IPC message that starts or stops the CPU profiler in a bench process. */
export type ProfileOrder = { profile: 'start' } | { profile: 'stop'; file: string }

/** Whether an IPC message is a profile order. */
export function isProfileOrder(message: unknown): message is ProfileOrder {
  return typeof message === 'object' && message !== null && 'profile' in message
}

let session: Session | undefined

/**
 * Starts or stops V8's sampling profiler in this process (through the inspector, so seeding
 * and start-up stay out of the profile) and answers what was done.
 */
export async function obeyProfileOrder(order: ProfileOrder): Promise<{ profiling: boolean; file?: string }> {
  if (order.profile === 'start') {
    session = new Session()
    session.connect()
    await session.post('Profiler.enable')
    await session.post('Profiler.setSamplingInterval', { interval: 200 })
    await session.post('Profiler.start')
    return { profiling: true }
  }
  if (!session) throw new Error('The profiler was not started')
  const { profile } = await session.post('Profiler.stop')
  session.disconnect()
  session = undefined
  writeFileSync(order.file, JSON.stringify(profile))
  return { profiling: false, file: order.file }
}
