import { getResponse, type RequestHandler } from 'msw'
import type { OverrideData } from '../domain/overrides.js'
import { asFetchRequest, fromFetchResponse, type MockAnswer, type MockRequest } from '../http/mock-request.js'
import type { OperationRoute, PathParams } from './route.js'

// The pipeline's override step (answerApi calls it once the caller is authenticated and admitted,
// and only when the mock holds overrides): the newest override of the operation whose parameters
// match answers in place of the operation, or only waits and lets it answer.

const JSON_TYPE = 'application/json; charset=utf-8'

/**
 * The answer of the override that matches this request, if one does and it answers: its status,
 * body and headers (which win over the caller's rate-limit headers in `headers`, where they go).
 * Undefined lets the mock answer, after the override's delay: none matched, it only delays, or its
 * in-process resolver returned nothing.
 * @example const overridden = await answerOverride(route, request, params, headers)
 */
export async function answerOverride(
  { ctx, operation }: OperationRoute,
  request: MockRequest,
  params: PathParams,
  headers: Record<string, string>,
): Promise<MockAnswer | undefined> {
  const override = ctx.overrides.take(operation.operationId, params)
  if (!override) return undefined
  if (override.delay_ms > 0) await new Promise((resolve) => setTimeout(resolve, override.delay_ms))
  const { answer } = override
  const overridden = 'resolver' in answer ? await resolverAnswer(answer.resolver, request) : dataAnswer(answer)
  if (!overridden) return undefined
  for (const name of Object.keys(headers)) if (name.toLowerCase() in overridden.headers) delete headers[name]
  Object.assign(headers, overridden.headers)
  return overridden
}

/** What data sent to the control plane answers: its status, headers (names in lower case) and body. */
function dataAnswer({ status, headers, body }: OverrideData): MockAnswer | undefined {
  if (status === undefined) return undefined
  const text = body === undefined ? null : 'json' in body ? JSON.stringify(body.json) : body.text
  const own = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]))
  return { status, headers: { ...(text === null ? {} : { 'content-type': JSON_TYPE }), ...own }, body: text }
}

/** Runs an in-process override's msw handler on the request as real Fetch objects, built only now. */
async function resolverAnswer(handler: RequestHandler, request: MockRequest): Promise<MockAnswer | undefined> {
  const response = await getResponse([handler], await asFetchRequest(request))
  return response && fromFetchResponse(response)
}
