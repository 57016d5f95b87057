import type { ContractDocument, DocumentedOperation } from '../document/document.js'
import { describeFetchError } from './fetch-error.js'

/** Why a run could not start: the deployment does not answer, or does not take the key. */
export const PREFLIGHT_PROBLEMS = ['unreachable', 'key_rejected', 'not_the_api'] as const
export type PreflightProblem = (typeof PREFLIGHT_PROBLEMS)[number]

/** The run did not start: one line saying why (the CLI exits 2 with it). */
export class PreflightError extends Error {
  override readonly name = 'PreflightError'
  constructor(
    readonly problem: PreflightProblem,
    message: string,
  ) {
    super(message)
  }
}

export interface PreflightOptions {
  baseUrl: string
  document: ContractDocument
  keys: Array<{ key: string; name: string }>
  fetch?: typeof fetch
  /** How long to wait for the answer; default 4 s, so an unreachable host is told within seconds. */
  timeoutMs?: number
}

/**
 * Before any check: the base URL answers and every key is accepted. One request per key to the
 * operation the spec calls "Get user information" (else the first authenticated GET that needs
 * nothing filled in), no retries. Throws a PreflightError with one line otherwise.
 * @example await preflight({ baseUrl, document, keys: [{ key, name: 'CONTRACT_API_KEY' }] })
 */
export async function preflight(options: PreflightOptions): Promise<void> {
  const operation = readOperation(options.document)
  if (!operation) return
  const url = options.baseUrl.replace(/\/+$/, '') + operation.path
  const timeoutMs = options.timeoutMs ?? 4000
  for (const { key, name } of options.keys) {
    let response: Response
    try {
      response = await (options.fetch ?? globalThis.fetch)(url, {
        headers: { accept: 'application/json', authorization: key },
        signal: AbortSignal.timeout(timeoutMs),
      })
      await response.arrayBuffer()
    } catch (error) {
      throw new PreflightError('unreachable', `Cannot reach ${url}: ${describeFetchError(error)}`)
    }
    if (response.status === 401 || response.status === 403) {
      throw new PreflightError(
        'key_rejected',
        `The key in ${name} was refused: ${operation.method.toUpperCase()} ${url} answered ${response.status}`,
      )
    }
    if (response.status === 404 || response.status >= 500) {
      const hint =
        response.status === 404 ? ' (does CONTRACT_BASE_URL end with the versioned prefix, e.g. /api/v1?)' : ''
      throw new PreflightError(
        'not_the_api',
        `${operation.method.toUpperCase()} ${url} answered ${response.status}${hint}; nothing can be checked`,
      )
    }
  }
}

/** The operation the preflight reads: "Get user information" by the spec's name, else any authenticated GET without parameters. */
export function readOperation(document: ContractDocument): DocumentedOperation | undefined {
  const reads = document.operations.filter(
    (o) => o.method === 'get' && o.secured && !o.path.includes('{') && o.parameters.every((p) => !p.required),
  )
  return reads.find((o) => o.summary?.trim().toLowerCase() === 'get user information') ?? reads[0]
}
