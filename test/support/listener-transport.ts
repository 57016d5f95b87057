import { startListener, type ListenerOptions } from '../../src/runtimes/express.js'
import { fetchTestRequest, type Transport } from './transports.js'

/** fetch over a real socket to the Express listener on 127.0.0.1 (port picked by the OS). */
export async function listenerTransport(options: ListenerOptions = {}): Promise<Transport & { origin: string }> {
  const listener = await startListener({ port: 0, host: '127.0.0.1', ...options })
  return {
    name: 'listener',
    api: listener.api,
    origin: listener.origin,
    send: (req) => fetchTestRequest(listener.origin, req),
    close: () => listener.close(),
  }
}
