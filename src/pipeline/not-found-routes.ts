import { ApiError } from '../errors/api-error.js'
import { MESSAGES } from '../errors/messages.js'
import type { MockContext } from './mock-context.js'
import { createRoute } from './pipeline.js'
import type { Plane, Route } from './route.js'
import type { NotFoundRoutes } from './route-index.js'

/**
 * The routes that answer 404 `route_not_found` where no operation is, through the pipeline with no
 * operation: on the API journalled but neither authenticated nor rate-limited; on the control
 * plane after the admin token. One for paths that are not valid percent-encoding
 * (`/api/v1/campaigns/%ZZ`), one for everything else under a base.
 */
export function notFoundRoutes(ctx: MockContext): NotFoundRoutes {
  const route = (plane: Plane, message: typeof MESSAGES.route_not_found.operation): Route =>
    createRoute(ctx, { plane }, async ({ request, url }) => {
      throw new ApiError('route_not_found', message(plane, request.method, url.pathname))
    })
  return {
    undecodable: {
      api: route('api', MESSAGES.route_not_found.undecodable),
      admin: route('admin', MESSAGES.route_not_found.undecodable),
    },
    fallback: {
      api: route('api', MESSAGES.route_not_found.operation),
      admin: route('admin', MESSAGES.route_not_found.operation),
    },
  }
}
