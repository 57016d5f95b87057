import type { OpenAPIObject, SecuritySchemeObject } from 'openapi3-ts/oas31'
import { DEFAULT_MODEL } from '../model/api-model.js'
import { adminOperations } from '../operations/control-plane.js'
import { assemble } from './build-openapi.js'
import { describeOperations } from './describe-operations.js'

/** Where `npm start` serves the control plane. */
export const DEFAULT_ADMIN_URL = 'http://127.0.0.1:4010/__admin'

/** Name of the admin token scheme in the control-plane document. */
export const ADMIN_TOKEN_SCHEME = 'AdminToken'

const ADMIN_TOKEN: SecuritySchemeObject = {
  type: 'apiKey',
  in: 'header',
  name: 'X-Admin-Token',
  description:
    'Needed only when the mock was started with an admin token (`--admin-token`); without one the control plane is open. A user API key never opens it.',
}

export interface BuildAdminOpenApiOptions {
  /** A server to list first, e.g. the running listener's own /__admin URL. */
  serverUrl?: string
}

/**
 * The OpenAPI 3.1 document of the mock's control plane (/__admin), kept apart from the
 * public contract; the committed openapi/admin.openapi.json is this, serialized.
 * @example buildAdminOpenApi().paths?.['/reset']?.post?.operationId // 'adminReset'
 */
export function buildAdminOpenApi({ serverUrl }: BuildAdminOpenApiOptions = {}): OpenAPIObject {
  const servers = [{ url: DEFAULT_ADMIN_URL, description: 'The mock, as `npm start` runs it' }]
  // `{}` makes the token optional: it is required only when the mock was given one.
  return assemble(adminOperations, describeOperations(adminOperations, 'admin', [{ [ADMIN_TOKEN_SCHEME]: [] }, {}], DEFAULT_MODEL), {
    title: 'Advertising Campaign Service mock: control plane',
    description:
      'Controls of the mock for tests and tools, below `/__admin`: not part of the Advertising Campaign Service API (see `openapi.json` for that). Generated from the same operation declarations and zod schemas the mock runs.',
    servers: serverUrl ? [{ url: serverUrl, description: 'This running mock' }, ...servers] : servers,
    securitySchemes: { [ADMIN_TOKEN_SCHEME]: ADMIN_TOKEN },
  })
}
