import { expect, it } from 'vitest'
import { StoreError } from './store-error.js'
import { parseStoreUrl } from './store-url.js'

it('reads where the store is and which database, with the defaults of Redis', () => {
  const cases: [string, { host: string; port: number; db: number; shown: string }][] = [
    ['redis://127.0.0.1:6380/2', { host: '127.0.0.1', port: 6380, db: 2, shown: 'redis://127.0.0.1:6380/2' }],
    ['redis://cache.internal', { host: 'cache.internal', port: 6379, db: 0, shown: 'redis://cache.internal' }],
    [
      'rediss://me:secret@cache.internal:6390/',
      { host: 'cache.internal', port: 6390, db: 0, shown: 'rediss://me:***@cache.internal:6390/' },
    ],
  ]
  for (const [url, expected] of cases) expect(parseStoreUrl(url)).toEqual({ url, ...expected })
})

it('refuses what is not a Redis URL, saying why', () => {
  const cases: [string, RegExp][] = [
    ['127.0.0.1:6379', /it does not parse as a URL/],
    ['http://127.0.0.1:6379/0', /the scheme must be redis: or rediss:, not http:/],
    ['redis://127.0.0.1:6379/zero', /the path must be a database number, not \/zero/],
    ['redis://127.0.0.1:6379/0?timeout=1', /may not carry a query/],
    ['redis:///0', /names no host/],
    ['', /does not parse as a URL/],
  ]
  for (const [url, why] of cases) {
    const error = (() => {
      try {
        parseStoreUrl(url)
      } catch (caught) {
        return caught
      }
    })() as StoreError
    expect([url, error?.problem]).toEqual([url, 'malformed'])
    expect(error.message).toMatch(why)
  }
})
