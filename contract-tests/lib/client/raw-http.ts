import { connect as connectTcp, type Socket } from 'node:net'
import { connect as connectTls } from 'node:tls'

/** An answer as its bytes came over the wire: no client framed, decoded or trimmed it. */
export interface RawAnswer {
  status: number
  /** Header names in lower case; a repeated header's values joined with `, `. */
  headers: Record<string, string>
  /** The body's bytes: all that followed the headers until the server closed (a chunked body unchunked). */
  body: Uint8Array
  /** What Content-Length said, when it came. */
  declaredLength?: number
}

/**
 * Sends one HTTP/1.1 request over a socket of its own (`Connection: close`) and reads everything
 * until the server closes it: the bytes as they are, which fetch would frame by Content-Length
 * (cutting a body longer than it says, or waiting for one shorter) and decode. For judging the
 * bytes on the wire (wire_encoding_conformance); not for the run's other requests.
 * @example const answer = await rawRequest('http://127.0.0.1:4010/api/v1/adverts/3', { method: 'GET', headers: { authorization: key } })
 */
export async function rawRequest(
  url: string,
  request: { method: string; headers: Record<string, string>; body?: string },
  timeoutMs = 15_000,
): Promise<RawAnswer> {
  const target = new URL(url)
  const secure = target.protocol === 'https:'
  const port = Number(target.port || (secure ? 443 : 80))
  const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8')
  const head = [
    `${request.method} ${target.pathname}${target.search} HTTP/1.1`,
    `Host: ${target.host}`,
    'Connection: close',
    ...Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`),
    ...(body ? [`Content-Length: ${body.length}`] : []),
    '',
    '',
  ].join('\r\n')
  const received = await new Promise<Buffer>((resolve, reject) => {
    const socket: Socket = secure
      ? connectTls({ host: target.hostname, port, servername: target.hostname })
      : connectTcp({ host: target.hostname, port })
    const chunks: Buffer[] = []
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`no answer from ${url} in ${timeoutMs} ms`)))
    socket.once(secure ? 'secureConnect' : 'connect', () =>
      // Written, not ended: a server that meets a half-closed socket may drop the answer it is still making.
      socket.write(body ? Buffer.concat([Buffer.from(head), body]) : head),
    )
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.once('error', reject)
    socket.once('close', () => resolve(Buffer.concat(chunks)))
  })
  return parse(received)
}

function parse(received: Buffer): RawAnswer {
  const end = received.indexOf('\r\n\r\n')
  if (end < 0) throw new Error('the answer ended before its headers did')
  const [statusLine = '', ...lines] = received.subarray(0, end).toString('latin1').split('\r\n')
  const status = Number(/^HTTP\/\d(?:\.\d)? (\d{3})/.exec(statusLine)?.[1])
  if (!Number.isInteger(status)) throw new Error(`not an HTTP answer: ${statusLine.slice(0, 80)}`)
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    const name = line.slice(0, colon).trim().toLowerCase()
    const value = line.slice(colon + 1).trim()
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`
  }
  const rest = received.subarray(end + 4)
  const declared = headers['content-length'] === undefined ? undefined : Number(headers['content-length'])
  const body = /chunked/i.test(headers['transfer-encoding'] ?? '') ? unchunk(rest) : rest
  return {
    status,
    headers,
    body: new Uint8Array(body),
    ...(declared !== undefined && Number.isFinite(declared) ? { declaredLength: declared } : {}),
  }
}

/** The body of a chunked transfer, its chunks joined (what follows the last one ignored). */
function unchunk(data: Buffer): Buffer {
  const parts: Buffer[] = []
  let at = 0
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at)
    if (lineEnd < 0) break
    const size = Number.parseInt(data.subarray(at, lineEnd).toString('latin1').split(';')[0]!, 16)
    if (!Number.isFinite(size) || size === 0) break
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size))
    at = lineEnd + 2 + size + 2
  }
  return Buffer.concat(parts)
}
