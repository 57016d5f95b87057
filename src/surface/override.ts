import type { HttpHandler, RequestHandlerOptions } from 'msw'
import { createOpenApiHttp, type ResponseResolver } from 'openapi-msw'
import type { paths } from '../../openapi/api-types.js'
import type * as declared from '../operations/api.js'
import { operations } from '../operations/api.js'

// Typed overrides of one operation, built on openapi-msw over the generated openapi/api-types.ts:
// the path params, the query, the request body and the response body are all checked by
// TypeScript, so an override answering a body the document forbids does not compile.

type Declared = (typeof declared)[keyof typeof declared]
type ApiOperation = Extract<Declared, { operationId: string; method: string; path: keyof paths }>

/** The operationId of an operation of the public API, e.g. `listCampaigns`. */
export type OperationId = ApiOperation['operationId']
type RouteOf<Id extends OperationId> = Extract<ApiOperation, { operationId: Id }>

/**
 * What answers an overridden operation: openapi-msw's resolver for its path and method. It gets
 * msw's `request` and `params`, a typed `query`, and `response(status).json(body)`, whose
 * statuses and bodies are those the document gives the operation (`response.untyped(…)` for anything else).
 */
export type OverrideResolver<Id extends OperationId> = ResponseResolver<
  paths,
  RouteOf<Id>['path'],
  RouteOf<Id>['method']
>

/** Builds the msw handler of an override; `api.overrideHandler` is one, for your own `server.use` or `network.use`. */
export type OverrideHandlerFactory = <Id extends OperationId>(
  operationId: Id,
  resolver: OverrideResolver<Id>,
  options?: RequestHandlerOptions,
) => HttpHandler

/** Answers one operation in place of the mock until `reset()` (`{ once: true }`: one answer), in the mock's own registry of overrides: `mock.override`, `api.override`. */
export type Override = <Id extends OperationId>(
  operationId: Id,
  resolver: OverrideResolver<Id>,
  options?: RequestHandlerOptions,
) => void

/**
 * The override factory of a mock mounted at `apiBase` (its `*` matches any origin, as the mock's own handler does).
 * @example createOverrideHandler('*\/api/v1')('listCampaigns', ({ response }) => response(200).json({ success: true, data: [], pagination: { page: 1, per_page: 25, total_count: 0, total_pages: 0 } }))
 */
export function createOverrideHandler(apiBase: string): OverrideHandlerFactory {
  const http = createOpenApiHttp<paths>({ baseUrl: apiBase })
  return (operationId, resolver, options) => {
    const operation = operations.find((candidate) => candidate.operationId === operationId)
    if (!operation)
      throw new TypeError(
        `override: the API has no operation "${operationId}" (one of ${operations.map((op) => op.operationId).join(', ')})`,
      )
    // openapi-msw's handlers are generic per method; no type ties a looked-up method to its path (TypeScript#30581).
    const handlerOf = http[operation.method] as unknown as (
      path: string,
      resolver: unknown,
      options?: RequestHandlerOptions,
    ) => HttpHandler
    return handlerOf(operation.path, resolver, options)
  }
}
