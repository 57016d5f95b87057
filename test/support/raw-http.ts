import { connect } from 'node:net'
import type { Listener } from '../../src/runtimes/express.js'

/** What came back on a raw socket: the status, the headers and the bytes after them. */
export interface RawResponse {
  status: number
  headers: Record<string, string>
  body: string
}

/** Writes bytes to the listener and reads until it closes the connection (bounded by 10 s). */
export function rawRequest(listener: Listener, bytes: string | Buffer): Promise<RawResponse> {
  const { port } = new URL(listener.origin)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(bytes))
    const chunks: Buffer[] = []
    const timer = setTimeout(
      () => socket.destroy(new Error('the listener did not close the connection within 10 s')),
      10_000,
    )
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    socket.on('close', () => {
      clearTimeout(timer)
      const text = Buffer.concat(chunks).toString('utf8')
      const [head = '', ...rest] = text.split('\r\n\r\n')
      const [statusLine = '', ...lines] = head.split('\r\n')
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      )
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') })
    })
  })
}

/** One HTTP/1.1 request as bytes, closing the connection after the answer. */
export function http11(
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body: string | Buffer = '',
): Buffer {
  const length = typeof body === 'string' ? Buffer.byteLength(body) : body.length
  const lines = [
    `${method} ${target} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ]
  if (length > 0) lines.push(`Content-Length: ${length}`)
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), Buffer.from(body)])
}
