import type { Check } from '../check.js'
import { contentTypeConformance } from './content-type-conformance.js'
import { ensureResourceAvailability } from './ensure-resource-availability.js'
import { envelopeConformance } from './envelope-conformance.js'
import { filterConformance } from './filter-conformance.js'
import { ignoredAuth } from './ignored-auth.js'
import { negativeDataRejection } from './negative-data-rejection.js'
import { notAServerError } from './not-a-server-error.js'
import { objectLevelAuthorization } from './object-level-authorization.js'
import { orderingConformance } from './ordering-conformance.js'
import { paginationConformance } from './pagination-conformance.js'
import { readBackConformance } from './read-back-conformance.js'
import { resourceInvariants } from './resource-invariants.js'
import { responseHeadersConformance } from './response-headers-conformance.js'
import { responseSchemaConformance } from './response-schema-conformance.js'
import { statusCodeConformance } from './status-code-conformance.js'
import { toggleConformance } from './toggle-conformance.js'
import { useAfterFree } from './use-after-free.js'

/** Every check, response checks first: the order they run in on each exchange. */
export const CHECKS: readonly Check[] = [
  notAServerError,
  statusCodeConformance,
  contentTypeConformance,
  responseSchemaConformance,
  responseHeadersConformance,
  envelopeConformance,
  resourceInvariants,
  orderingConformance,
  paginationConformance,
  filterConformance,
  toggleConformance,
  ignoredAuth,
  negativeDataRejection,
  readBackConformance,
  useAfterFree,
  ensureResourceAvailability,
  objectLevelAuthorization,
]
