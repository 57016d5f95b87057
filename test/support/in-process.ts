import { getResponse } from 'msw'
import type { MockApi } from '../../src/surface/create-mock-api.js'

/**
 * Sends requests straight to the mock's handlers in this process (msw's getResponse: no network,
 * no global interception); what no handler answers is a plain 404.
 * @example const response = await handleInProcess(api)(new Request('http://mock.test/api/v1/user'))
 */
export function handleInProcess(api: MockApi): (request: Request) => Promise<Response> {
  return async (request) => (await getResponse(api.handlers, request)) ?? new Response('Not handled', { status: 404 })
}
