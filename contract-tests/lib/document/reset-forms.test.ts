import { expect, it } from 'vitest'
import { ContractDocument } from './document.js'
import { loadContractDocument } from './load-document.js'
import { documentedResetForm, type ResetHeader } from './reset-forms.js'

/** A document whose one answer carries this header, with this x-value (none where undefined). */
function documentWith(name: string, value?: string): ContractDocument {
  const header = { schema: { type: 'integer' }, ...(value === undefined ? {} : { 'x-value': value }) }
  return new ContractDocument({
    openapi: '3.1.0',
    paths: { '/user': { get: { responses: { '200': { description: 'OK', headers: { [name]: header } } } } } },
  })
}

it.each<{ name: string; header: ResetHeader; value?: string; form: string; stated: boolean }>([
  { name: 'X-RateLimit-Reset', header: 'x-ratelimit-reset', value: '{reset}', form: 'epoch', stated: true },
  { name: 'X-RateLimit-Reset', header: 'x-ratelimit-reset', value: '{reset_after}', form: 'delta', stated: true },
  { name: 'X-RateLimit-Reset', header: 'x-ratelimit-reset', form: 'epoch', stated: false },
  { name: 'RateLimit-Reset', header: 'ratelimit-reset', value: '{reset}', form: 'epoch', stated: true },
  { name: 'RateLimit-Reset', header: 'ratelimit-reset', value: '{reset_after}s', form: 'delta', stated: true },
  { name: 'RateLimit-Reset', header: 'ratelimit-reset', form: 'delta', stated: false },
  {
    name: 'RateLimit',
    header: 'ratelimit-reset',
    value: '"default";r={remaining};t={reset_after}',
    form: 'delta',
    stated: false,
  },
])('reads $name with x-value $value as $form (stated: $stated)', ({ name, header, value, form, stated }) => {
  expect(documentedResetForm(documentWith(name, value), header)).toEqual({ form, stated })
})

it("reads our own document's X-RateLimit-Reset as an epoch instant, as its x-value says", async () => {
  const document = await loadContractDocument('openapi/openapi.json')
  expect(documentedResetForm(document, 'x-ratelimit-reset')).toEqual({ form: 'epoch', stated: true })
})
