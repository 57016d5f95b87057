import type { ContractDocument, DocumentedOperation } from './document.js'

/**
 * The request that spends the window: a secured GET with nothing to fill in, preferring one whose
 * answer does not carry the api_key (spec 2.2: a failure prints the answer) and that has no parameters.
 */
export function spendingOperation(document: ContractDocument): DocumentedOperation | undefined {
  const carriesKey = (operation: DocumentedOperation) => {
    const pointer = operation.responses.find((response) => /^2/.test(response.key))?.schemaPointer
    return pointer !== undefined && JSON.stringify(document.dereference(document.at(pointer))).includes('"api_key"')
  }
  const rank = (operation: DocumentedOperation) =>
    (carriesKey(operation) ? 2 : 0) + (operation.parameters.length > 0 ? 1 : 0)
  const candidates = document.operations.filter(
    (o) => o.method === 'get' && o.secured && !o.path.includes('{') && o.parameters.every((p) => !p.required),
  )
  return candidates.sort((a, b) => rank(a) - rank(b))[0]
}
