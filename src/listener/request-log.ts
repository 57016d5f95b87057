import type { IncomingMessage, ServerResponse } from 'node:http'
import type { MockApi } from '../surface/create-mock-api.js'
import { authenticate } from '../domain/auth.js'
import { basePath } from '../pipeline/base-path.js'
import { redactKey } from '../domain/request-journal.js'
import { ADMIN_TOKEN_HEADER } from '../http/credentials.js'

/** How each request is written: a line for people (`text`) or one JSON object per line (`json`). */
export const REQUEST_LOG_FORMATS = ['text', 'json'] as const
export type RequestLogFormat = (typeof REQUEST_LOG_FORMATS)[number]

/** Options of the listener's request log. */
export interface RequestLogOptions {
  /** Default `text`. */
  format?: RequestLogFormat
  /** Where each line goes (without its newline). Default: standard output. */
  write?: (line: string) => void
}

/** One request the listener served, as the log writes it; never the API key or the admin token. */
export interface RequestLogEntry {
  /** When the request arrived, in real time (ISO 8601 UTC). */
  time: string
  method: string
  /** Path and query as requested, any key or admin token in it replaced by `[redacted]`. */
  path: string
  /** The status sent, or null when the client went away before the answer. */
  status: number | null
  duration_ms: number
  /** The account the request's API key opened when it arrived, or null (no key, a wrong one, or not the API). */
  user_id: number | null
}

/**
 * Watches every request the listener's HTTP server receives (the docs, the control plane, the
 * listener's own 4xx answers included) and writes one line once it is answered or abandoned.
 * Returns the server's `request` listener.
 * @example listener.server.prependListener('request', createRequestLog(api, { format: 'json' }))
 */
export function createRequestLog(api: MockApi, { format = 'text', write = writeLine }: RequestLogOptions = {}) {
  const apiPrefix = `${basePath(api.context.apiBase)}/`
  const print = format === 'json' ? (entry: RequestLogEntry) => JSON.stringify(entry) : formatText
  return (req: IncomingMessage, res: ServerResponse): void => {
    const started = performance.now()
    const time = new Date().toISOString()
    const url = req.url ?? ''
    const authorization = headerValue(req.headers.authorization)
    const user_id = url.startsWith(apiPrefix) ? userIdOf(api, authorization) : null
    res.once('close', () => {
      const path = redactKey(
        redactKey(url, authorization),
        api.context.adminToken ?? headerValue(req.headers[ADMIN_TOKEN_HEADER]),
      )
      const status = res.writableFinished ? res.statusCode : null
      write(
        print({
          time,
          method: req.method ?? '',
          path,
          status,
          duration_ms: round(performance.now() - started),
          user_id,
        }),
      )
    })
  }
}

/** `2026-03-01T10:00:15.000Z GET /api/v1/campaigns 200 1.2 ms user 1` */
export function formatText({ time, method, path, status, duration_ms, user_id }: RequestLogEntry): string {
  return `${time} ${method} ${path} ${status ?? 'aborted'} ${duration_ms} ms${user_id === null ? '' : ` user ${user_id}`}`
}

function userIdOf(api: MockApi, authorization: string | null): number | null {
  try {
    return authenticate(api.context.store, authorization).id
  } catch {
    return null
  }
}

function headerValue(value: string | string[] | undefined): string | null {
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null)
}

const round = (ms: number) => Math.round(ms * 10) / 10

function writeLine(line: string): void {
  process.stdout.write(`${line}\n`)
}
