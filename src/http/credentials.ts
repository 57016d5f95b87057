// Where a caller's credentials travel, and how to keep them out of what the mock writes down: the
// journal (pipeline/pipeline.ts), the listener's log (listener/request-log.ts) and the document's
// examples (openapi/examples.ts) read them here, below all three.

/** The header that carries the control-plane token, when the mock has one. */
export const ADMIN_TOKEN_HEADER = 'x-admin-token'

/**
 * Keeps a key out of the journal (and the listener's log) even when a client also puts it in the URL by mistake.
 * @example redactKey('/api/v1/campaigns?key=acs_demo_6f1c', 'acs_demo_6f1c') // '/api/v1/campaigns?key=[redacted]'
 */
export function redactKey(path: string, authorization: string | null): string {
  const key = authorization?.trim() ?? ''
  return key.length >= 8 ? path.replaceAll(encodeURIComponent(key), '[redacted]').replaceAll(key, '[redacted]') : path
}
