import type { ContractDocument, DocumentedOperation } from '../../contract-tests/lib/index.js'
import { rawOperation } from './openapi-document.js'

/** The request an operation's examples make: its path with the path parameters' examples, and its body example. */
export function exampleRequest(
  document: ContractDocument,
  operation: DocumentedOperation,
): { path: string; body?: unknown } {
  const raw = rawOperation(document, operation)
  const params = (raw.parameters ?? []) as { in: string; name: string; example?: unknown }[]
  const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
    String(params.find((p) => p.in === 'path' && p.name === name)?.example),
  )
  const media = (
    raw.requestBody as { content?: Record<string, { examples?: Record<string, { value: unknown }> }> } | undefined
  )?.content?.['application/json']
  return { path, body: media?.examples ? Object.values(media.examples)[0]!.value : undefined }
}
