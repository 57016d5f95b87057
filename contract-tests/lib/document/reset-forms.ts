import type { ContractDocument } from './document.js'

/** How a reset header writes its value: the instant the window starts again (Unix epoch seconds), or the seconds until then. */
export type ResetForm = 'epoch' | 'delta'

/** The reset headers the suite reads, by lower-case name, with the form each has where the document does not say: X-RateLimit-Reset's usual instant, the IETF draft field's seconds. */
export const RESET_HEADERS = {
  'x-ratelimit-reset': { name: 'X-RateLimit-Reset', usual: 'epoch' },
  'ratelimit-reset': { name: 'RateLimit-Reset', usual: 'delta' },
} as const satisfies Record<string, { name: string; usual: ResetForm }>

export type ResetHeader = keyof typeof RESET_HEADERS

/** What the document says of a reset header's value: its form, and whether the document states it (an `x-value`) or it is the header's usual one. */
export interface DocumentedResetForm {
  form: ResetForm
  stated: boolean
}

const cache = new WeakMap<ContractDocument, Map<ResetHeader, DocumentedResetForm>>()

/**
 * The form of a reset header's value, from the template the document gives it (its `x-value`, as
 * src/model/header-model.ts writes it): `{reset}` an epoch instant, `{reset_after}` seconds until
 * the reset; the header's usual form where no response of the document states either.
 * @example documentedResetForm(document, 'x-ratelimit-reset') // { form: 'epoch', stated: true } for ours (`{reset}`); `{reset_after}` gives { form: 'delta', stated: true }
 */
export function documentedResetForm(document: ContractDocument, header: ResetHeader): DocumentedResetForm {
  let known = cache.get(document)
  if (!known) cache.set(document, (known = new Map()))
  let found = known.get(header)
  if (!found) known.set(header, (found = readForm(document, header)))
  return found
}

function readForm(document: ContractDocument, header: ResetHeader): DocumentedResetForm {
  for (const operation of document.operations)
    for (const response of operation.responses)
      for (const documented of response.headers) {
        const value = documented.extensions?.['x-value']
        if (documented.name.toLowerCase() !== header || typeof value !== 'string') continue
        if (value.includes('{reset_after}')) return { form: 'delta', stated: true }
        if (value.includes('{reset}')) return { form: 'epoch', stated: true }
      }
  return { form: RESET_HEADERS[header].usual, stated: false }
}
