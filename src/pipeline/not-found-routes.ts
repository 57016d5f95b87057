import type { MockContext } from './mock-context.js'
import type { Plane } from './route.js'
import type { NotFoundRoutes } from './route-index.js'

/**
 * The routes that answer 404 `route_not_found` where no operation is: on the API journalled but
 * neither authenticated nor rate-limited; on the control plane after the admin token. One for
 * paths that are not valid percent-encoding (`/api/v1/campaigns/%ZZ`), one for everything else
 * under a base.
 */
export function notFoundRoutes(ctx: MockContext): NotFoundRoutes {
  const route = (plane: Plane, notFound: 'undecodable' | 'fallback') => ({ ctx, plane, notFound })
  return {
    undecodable: { api: route('api', 'undecodable'), admin: route('admin', 'undecodable') },
    fallback: { api: route('api', 'fallback'), admin: route('admin', 'fallback') },
  }
}
