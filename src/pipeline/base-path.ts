/**
 * The path of an msw base pattern (`ctx.apiBase`, `ctx.adminBase`), without a trailing slash:
 * what the API and the control plane are mounted under, whatever the origin.
 * @example basePath('*' + '/api/v1') // '/api/v1'; basePath('http://localhost:3000/api/') // '/api'
 */
export function basePath(pattern: string): string {
  let path = paths.get(pattern)
  if (path === undefined) {
    path = new URL(pattern.replace(/^\*/, 'http://any.invalid')).pathname.replace(/\/$/, '')
    paths.set(pattern, path)
  }
  return path
}

/** Each pattern's path, worked out once: a mock has two patterns, asked on every list answer. */
const paths = new Map<string, string>()

/**
 * The URL a client calls for a base pattern on a given origin: the pattern's own origin when it
 * names one, else this one.
 * @example baseUrl('*' + '/api/v1', 'http://127.0.0.1:4010') // 'http://127.0.0.1:4010/api/v1'
 */
export function baseUrl(pattern: string, origin: string): string {
  return pattern.startsWith('*') ? origin + basePath(pattern) : pattern.replace(/\/$/, '')
}
