import { StoreError } from './store-error.js'

/** A Redis URL as the sandbox uses it: where, which database, and the URL as given (for the client). */
export interface StoreUrl {
  url: string
  host: string
  port: number
  db: number
  /** The URL without its password, for banners and messages. */
  shown: string
}

/**
 * Reads `redis://host:port/db` (or `rediss://`, with `user:password@` if the server asks for them); the
 * port defaults to 6379 and the database to 0. Anything else is a StoreError (`malformed`) saying why.
 * @example parseStoreUrl('redis://127.0.0.1:6379/2').db // 2
 */
export function parseStoreUrl(text: string): StoreUrl {
  const bad = (why: string) =>
    new StoreError('malformed', `--store "${text}" is not a Redis URL: ${why} (e.g. redis://127.0.0.1:6379/0)`)
  const url = URL.parse(text)
  if (!url) throw bad('it does not parse as a URL')
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:')
    throw bad(`the scheme must be redis: or rediss:, not ${url.protocol}`)
  if (url.hostname === '') throw bad('it names no host')
  if (url.search !== '' || url.hash !== '') throw bad('it may not carry a query or a fragment')
  const db = url.pathname === '' || url.pathname === '/' ? '0' : url.pathname.slice(1)
  if (!/^\d{1,9}$/.test(db)) throw bad(`the path must be a database number, not ${url.pathname}`)
  const port = url.port === '' ? 6379 : Number(url.port)
  const shown = new URL(url)
  if (shown.password !== '') shown.password = '***'
  return { url: text, host: url.hostname, port, db: Number(db), shown: shown.href }
}
