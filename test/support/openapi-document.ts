import type { OperationObject } from 'openapi3-ts/oas31'
import {
  loadContractDocument,
  SchemaValidator,
  type ContractDocument,
  type DocumentedOperation,
} from '../../contract-tests/lib/index.js'

// The tests read the committed document with the contract library's own reader and validator
// (`ad-campaign-mock/contract`), the same that judge a live deployment: never with the zod code.

/** The committed, generated document: tests judge the mock against it. */
export function loadDocument(file = 'openapi/openapi.json'): Promise<ContractDocument> {
  return loadContractDocument(file)
}

/** The operation as the document writes it, for what the reader leaves out (examples). */
export function rawOperation(document: ContractDocument, operation: DocumentedOperation): OperationObject {
  return (document.raw.paths as Record<string, Record<string, OperationObject>>)[operation.path]![operation.method]!
}

/** The documented operation a request addresses, e.g. `PATCH /campaigns/1?x=1` -> updateCampaign. */
export function findOperation(
  document: ContractDocument,
  method: string,
  path: string,
): DocumentedOperation | undefined {
  return document.find(method, path.split('?')[0]!)
}

/**
 * Checks responses against the document: the status must be documented for the operation, the
 * body must match its schema (the contract library's ajv validator), and every required header
 * must be there with a value of its type.
 * @example createResponseChecker(document)(findOperation(document, 'GET', '/user')!, 200, body, headers) // []
 */
export function createResponseChecker(document: ContractDocument) {
  const validator = new SchemaValidator(document)
  return function check(
    operation: DocumentedOperation,
    status: number,
    body: unknown,
    headers: Record<string, string>,
  ): string[] {
    const response = document.response(operation, status)
    if (!response) return [`Received: ${status} / Documented: ${operation.responses.map((r) => r.key).join(', ')}`]
    if (!response.schemaPointer) return [`No schema for ${operation.label} ${status}`]
    const problems = validator.validate(response.schemaPointer, body).map((problem) => `body ${problem}`)
    for (const header of response.headers) {
      const value = headers[header.name.toLowerCase()]
      if (value === undefined) {
        if (header.required) problems.push(`header ${header.name} is missing`)
        continue
      }
      if (header.schema?.type === 'integer' && !/^\d+$/.test(value))
        problems.push(`header ${header.name} is "${value}", not an integer`)
    }
    return problems
  }
}
