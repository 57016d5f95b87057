import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { ContractDocument, type JsonObject } from './document.js'

/**
 * Reads an OpenAPI 3.1 document from a JSON file (or takes one already parsed); a twin file
 * (`ad-campaign-mock twin --out`) stands for the document it carries, so a deployment is judged
 * by its twin's document with `CONTRACT_OPENAPI=deployment.twin.json`.
 * @example const document = await loadContractDocument('openapi/openapi.json')
 */
export async function loadContractDocument(source: string | JsonObject): Promise<ContractDocument> {
  if (typeof source !== 'string') return new ContractDocument(documentOf(source))
  const text = await readFile(source, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new Error(`Cannot read the OpenAPI document "${source}": ${error.code ?? error.message}`)
  })
  return new ContractDocument(documentOf(JSON.parse(text) as JsonObject))
}

/** The OpenAPI document itself, or the one a twin file carries. */
function documentOf(value: JsonObject): JsonObject {
  const carried = value.document as JsonObject | undefined
  return value.openapi === undefined && carried && typeof carried.openapi === 'string' ? carried : value
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
