import { afterEach, expect, it } from 'vitest'
import { startListener, type Listener } from '../src/listener/listener.js'
import { DEFAULT_PROFILE, type StampFormat } from '../src/profile/profile.js'
import { learnTwin } from '../src/twin/learn-twin.js'
import type { TwinFile } from '../src/profile/twin-file.js'
import { TWIN_DATASET, TWIN_KEY_1, TWIN_KEY_2 } from './support/twin-fixtures.js'

// Stamps as deployments write them beyond the mock's own: a fixed offset (with or without its
// colon), six or seven decimals, trailing zeros left out. A deployment (the mock under a profile
// that writes them) whose stored records keep the mock's older format is learned from the stamps of
// what it writes now, and its twin, replayed, answers every exchange as it did.

const started: Listener[] = []
afterEach(async () => {
  for (const listener of started.splice(0)) await listener.close()
})

it.each<StampFormat>([
  { fraction: 6, zone: '+05:30' },
  { fraction: 6, zone: '-0500' },
  { fraction: 7, zone: 'Z' },
  { fraction: 3, zone: '+01:00', trimmed: true },
])(
  'learns stamps written as %j, beside stored records in another format',
  async (format) => {
    const profile = { ...DEFAULT_PROFILE, stamps: { ...DEFAULT_PROFILE.stamps, format } }
    const deployment = await startListener({ port: 0, profile, fixtures: TWIN_DATASET })
    started.push(deployment)
    const serve = async (twin: TwinFile) => {
      const listener = await startListener({ port: 0, twin })
      return { baseUrl: listener.baseUrl, adminUrl: `${listener.origin}/__admin`, close: () => listener.close() }
    }
    const { twin, replay } = await learnTwin({ baseUrl: deployment.baseUrl, key: TWIN_KEY_1, key2: TWIN_KEY_2, serve })
    expect(twin.choices.find((choice) => choice.path === 'stamps.format')).toMatchObject({ learned: 'learned' })
    expect(twin.profile.stamps.format).toEqual(format)
    expect(replay?.differences).toEqual([])
    // The captured records keep the stamps they came with.
    expect(twin.account.adverts[0]?.created_at).toBe(TWIN_DATASET.adverts[0]?.created_at)
  },
  30_000,
)
