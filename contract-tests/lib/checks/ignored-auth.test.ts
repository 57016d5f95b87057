import { expect, it } from 'vitest'
import type { DocumentedOperation } from '../document/document.js'
import { isKeyReset } from '../document/spec-facts.js'
import { alteredKey, randomKey } from './ignored-auth.js'

it('makes a random key that assumes no format and differs on every run', () => {
  const [one, two] = [randomKey(), randomKey()]
  expect(one).not.toBe(two)
  expect(one).toMatch(/^contract-not-a-key-[\w-]{24}$/)
})

it.each([
  ['acs_0123456789abcdef', 'acs_0123456789ab', /^[0-9a-f]{4}$/],
  ['sk_live_ABCDwxyz', 'sk_live_ABCD', /^[g-z]{4}$/],
  ['k_12ab', 'k_', /^\d\d[a-f][a-f]$/],
])('changes only the last four characters of %s, each to another of its kind', (key, kept, tail) => {
  const altered = alteredKey(key)
  expect(altered).toHaveLength(key.length)
  expect(altered.slice(0, kept.length)).toBe(kept)
  expect(altered).not.toBe(key)
  for (let i = key.length - 4; i < key.length; i++) expect(altered[i]).not.toBe(key[i])
  expect(altered.slice(-4)).toMatch(tail)
})

it('rotates each kind within itself: digits by 5, a-f by 3, g-z by 10', () => {
  expect(alteredKey('sk_live_ABCDwxyz')).toBe('sk_live_ABCDmnop')
  expect(alteredKey('k_12ab')).toBe('k_67de')
  expect(alteredKey('ab')).toBe('de')
})

const operation = (label: string, extra: Partial<DocumentedOperation> = {}): DocumentedOperation => {
  const [method = '', path = ''] = label.split(' ')
  return { label, method: method.toLowerCase(), path, parameters: [], responses: [], secured: true, ...extra }
}

it('knows the key reset by the name the spec gives it, or by an id or path about resetting a key, wherever the document puts it', () => {
  expect(isKeyReset(operation('POST /user/reset_api_key'))).toBe(true)
  expect(isKeyReset(operation('POST /account/credentials:rotate', { summary: 'Reset API key' }))).toBe(true)
  expect(isKeyReset(operation('POST /account/rotate', { operationId: 'resetKey' }))).toBe(true)
  expect(isKeyReset(operation('POST /campaigns/{id}/toggle', { summary: 'Toggle campaign status' }))).toBe(false)
  expect(isKeyReset(operation('GET /user', { operationId: 'getUser' }))).toBe(false)
})
