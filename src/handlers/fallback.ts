import { http, type HttpHandler } from 'msw'
import { ApiError } from '../errors/api-error.js'
import { MESSAGES } from '../errors/messages.js'
import type { MockContext } from './mock-context.js'
import { createRoute, runPipeline } from './pipeline.js'
import type { Plane } from './route.js'

/**
 * Answers any other request under the API or the control plane with a 404 `route_not_found`,
 * through the pipeline with no operation: on the API it is journalled but neither authenticated
 * nor rate-limited; on the control plane the admin token is checked first.
 */
export function fallbackHandlers(ctx: MockContext): HttpHandler[] {
  const handlers = (plane: Plane, base: string) => {
    const route = createRoute(ctx, { plane }, async ({ request, url }) => {
      throw new ApiError('route_not_found', MESSAGES.route_not_found.operation(plane, request.method, url.pathname))
    })
    // The API answers its bare base (/api/v1) too; the control plane only what lies below its own.
    const paths = plane === 'api' ? [base, `${base}/*`] : [`${base}/*`]
    return paths.map((path) => http.all(path, ({ request, params }) => runPipeline(route, request, params)))
  }
  return [...handlers('api', ctx.apiBase), ...handlers('admin', ctx.adminBase)]
}
