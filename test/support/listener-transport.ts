import { startListener, type ListenerOptions } from '../../src/adapters/express.js'
import type { TestRequest, Transport } from './transports.js'

/** fetch over a real socket to the Express listener on 127.0.0.1 (port picked by the OS). */
export async function listenerTransport(options: ListenerOptions = {}): Promise<Transport & { origin: string }> {
  const listener = await startListener({ port: 0, host: '127.0.0.1', ...options })
  return {
    name: 'listener',
    api: listener.api,
    origin: listener.origin,
    async send(req: TestRequest) {
      const path = req.path.startsWith('/__admin') || req.path.startsWith('/api') ? req.path : `/api/v1${req.path}`
      const headers: Record<string, string> = { ...req.headers }
      let body: string | undefined
      if (typeof req.body === 'string') body = req.body
      else if (req.body !== undefined) {
        headers['content-type'] ??= 'application/json'
        body = JSON.stringify(req.body)
      }
      const response = await fetch(listener.origin + path, { method: req.method, headers, body })
      const text = await response.text()
      return { status: response.status, headers: Object.fromEntries(response.headers), body: text ? JSON.parse(text) : undefined }
    },
    close: () => listener.close(),
  }
}
