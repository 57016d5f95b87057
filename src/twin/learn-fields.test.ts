import { expect, it } from 'vitest'
import { fromId } from './learn-fields.js'

// Fields written from a record's id, by example. A GitHub node id of record 2 holds the digit 2 in
// its base64 by chance (found by the mixes, contract-tests/twin-mixes.test.ts, seed 42): it was read
// as a text with the id in it, and every other record's node id came out wrong.

const base = 'http://127.0.0.1:4010/api/v1'

it.each([
  { value: 'MDQ6Q2FtcGFpZ24y', id: 2, template: { $text: '04:Campaign{id}', encode: 'base64' } },
  { value: 'MDQ6QWR2ZXJ0Nw==', id: 7, template: { $text: '04:Advert{id}', encode: 'base64' } },
  { value: `${base}/campaigns/12`, id: 12, template: { $text: '{base}/campaigns/{id}' } },
  { value: 'cmp_12', id: 12, template: { $text: 'cmp_{id}' } },
  { value: 'USD', id: 12, template: undefined },
  { value: 'MDQ6Q2FtcGFpZ24y', id: 5, template: undefined },
])('$value of record $id is written as $template', ({ value, id, template }) => {
  expect(fromId(value, id, base)).toEqual(template)
})
