import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { ContractDocument, type JsonObject } from './document.js'

/**
 * Reads an OpenAPI 3.1 document from a JSON file (or takes one already parsed).
 * @example const document = await loadContractDocument('openapi/openapi.json')
 */
export async function loadContractDocument(source: string | JsonObject): Promise<ContractDocument> {
  if (typeof source !== 'string') return new ContractDocument(source)
  const text = await readFile(source, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new Error(`Cannot read the OpenAPI document "${source}": ${error.code ?? error.message}`)
  })
  return new ContractDocument(JSON.parse(text) as JsonObject)
}

/**
 * The OpenAPI document shipped in the package, `openapi/openapi.json`: three folders up from this
 * file in the sources (contract-tests/lib/document), four from the built package (dist/contract-tests/lib/document).
 * @example await loadContractDocument(packagedDocumentPath())
 */
export function packagedDocumentPath(): string {
  const inSources = fileURLToPath(new URL('../../../openapi/openapi.json', import.meta.url))
  const inPackage = fileURLToPath(new URL('../../../../openapi/openapi.json', import.meta.url))
  if (existsSync(inSources)) return inSources
  return existsSync(inPackage) ? inPackage : inSources
}
