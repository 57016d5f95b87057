import { afterAll, beforeAll, beforeEach } from 'vitest'
import type { Transport } from './transports.js'

/** Starts a transport for the enclosing describe block and restores the fixtures before each test. */
export function useTransport(create: () => Promise<Transport>): () => Transport {
  let transport: Transport
  beforeAll(async () => {
    transport = await create()
  })
  afterAll(() => transport.close())
  beforeEach(() => transport.api.reset())
  return () => transport
}
