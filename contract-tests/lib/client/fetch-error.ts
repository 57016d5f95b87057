// What the client says of a request that got no answer, and of a key it shows.

/**
 * Why a request got no answer, in words an operator acts on: connection refused, DNS, TLS,
 * timeout or reset, with the system's code.
 * @example describeFetchError(error) // 'connection refused (ECONNREFUSED)'
 */
export function describeFetchError(error: unknown): string {
  const outer = error as { name?: string; message?: string; cause?: { code?: string; message?: string; name?: string } }
  const cause = outer.cause ?? {}
  const code = cause.code ?? ''
  if (outer.name === 'TimeoutError' || cause.name === 'TimeoutError' || /TIMEOUT|ETIMEDOUT/.test(code))
    return `no answer in time (${code || 'timeout'})`
  if (code === 'ECONNREFUSED') return 'connection refused (ECONNREFUSED): nothing listens there'
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return `DNS lookup failed (${code}): ${cause.message ?? 'no such host'}`
  if (/CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_VERIFY/i.test(code) || /certificate|tls|ssl/i.test(cause.message ?? ''))
    return `TLS failed (${code || 'handshake'}): ${cause.message ?? ''}`.trim()
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return `connection reset (${code})`
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return `host unreachable (${code})`
  return cause.message ? `${cause.message}${code ? ` (${code})` : ''}` : (outer.message ?? String(error))
}

/** Shows enough of a key to tell keys apart, never the key. */
export function maskKey(value: string): string {
  return value.length <= 12 ? '***' : `${value.slice(0, 6)}…${value.slice(-4)}`
}
