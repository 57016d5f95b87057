import { accountLifecycle } from '../flows/account-lifecycle.js'
import { campaignLifecycle } from '../flows/campaign-lifecycle.js'
import { rateLimitEnforcement } from '../flows/rate-limit-enforcement.js'
import { CHECK_NAMES, type CheckName } from './check-names.js'
import type { Check, Flow } from './check.js'
import { accountIsolation } from './account-isolation.js'
import { contentTypeConformance } from './content-type-conformance.js'
import { crossOperationConsistency } from './cross-operation-consistency.js'
import { deletedResourceUnlisted } from './deleted-resource-unlisted.js'
import { ensureResourceAvailability } from './ensure-resource-availability.js'
import { envelopeConformance } from './envelope-conformance.js'
import { errorInternalsHidden } from './error-internals-hidden.js'
import { filterConformance } from './filter-conformance.js'
import { headOptionsConformance } from './head-options-conformance.js'
import { ignoredAuth } from './ignored-auth.js'
import { immutableFields } from './immutable-fields.js'
import { malformedBodyRejection } from './malformed-body-rejection.js'
import { inUseDeletionRefused } from './in-use-deletion-refused.js'
import { keyCaseSensitivity } from './key-case-sensitivity.js'
import { negativeDataRejection } from './negative-data-rejection.js'
import { nestedResourceConsistency } from './nested-resource-consistency.js'
import { notAServerError } from './not-a-server-error.js'
import { objectLevelAuthorization } from './object-level-authorization.js'
import { orderingConformance } from './ordering-conformance.js'
import { positiveDataAcceptance } from './positive-data-acceptance.js'
import { privateAnswersUncached } from './private-answers-uncached.js'
import { paginationConformance } from './pagination-conformance.js'
import { rateLimitCountdown } from './rate-limit-countdown.js'
import { rateLimitHeaderAgreement } from './rate-limit-header-agreement.js'
import { rateLimitResetConformance } from './rate-limit-reset-conformance.js'
import { rateLimitTierConformance } from './rate-limit-tier-conformance.js'
import { readBackConformance } from './read-back-conformance.js'
import { readOnlyFieldsUnwritten } from './read-only-fields-unwritten.js'
import { repeatableRead } from './repeatable-read.js'
import { resourceInvariants } from './resource-invariants.js'
import { retryAfterAgreement } from './retry-after-agreement.js'
import { responseHeadersConformance } from './response-headers-conformance.js'
import { responseSchemaConformance } from './response-schema-conformance.js'
import { secretConfinement } from './secret-confinement.js'
import { statusCodeConformance } from './status-code-conformance.js'
import { toggleConformance } from './toggle-conformance.js'
import { unsentFieldsUnchanged } from './unsent-fields-unchanged.js'
import { unsupportedMethod } from './unsupported-method.js'
import { useAfterFree } from './use-after-free.js'
import { validationFieldConformance } from './validation-field-conformance.js'
import { wireEncodingConformance } from './wire-encoding-conformance.js'
import { writeStampProgression } from './write-stamp-progression.js'

/**
 * Every check and flow, registered once: the implementation of each name in CHECK_NAMES
 * (check-names.ts), which says the order they run in.
 */
export const REGISTRY = {
  not_a_server_error: notAServerError,
  status_code_conformance: statusCodeConformance,
  content_type_conformance: contentTypeConformance,
  response_schema_conformance: responseSchemaConformance,
  response_headers_conformance: responseHeadersConformance,
  envelope_conformance: envelopeConformance,
  resource_invariants: resourceInvariants,
  ordering_conformance: orderingConformance,
  pagination_conformance: paginationConformance,
  filter_conformance: filterConformance,
  toggle_conformance: toggleConformance,
  cross_operation_consistency: crossOperationConsistency,
  nested_resource_consistency: nestedResourceConsistency,
  immutable_fields: immutableFields,
  write_stamp_progression: writeStampProgression,
  rate_limit_tier_conformance: rateLimitTierConformance,
  rate_limit_countdown: rateLimitCountdown,
  rate_limit_reset_conformance: rateLimitResetConformance,
  rate_limit_header_agreement: rateLimitHeaderAgreement,
  validation_field_conformance: validationFieldConformance,
  retry_after_agreement: retryAfterAgreement,
  unsent_fields_unchanged: unsentFieldsUnchanged,
  secret_confinement: secretConfinement,
  account_isolation: accountIsolation,
  error_internals_hidden: errorInternalsHidden,
  private_answers_uncached: privateAnswersUncached,
  repeatable_read: repeatableRead,
  ignored_auth: ignoredAuth,
  negative_data_rejection: negativeDataRejection,
  positive_data_acceptance: positiveDataAcceptance,
  malformed_body_rejection: malformedBodyRejection,
  unsupported_method: unsupportedMethod,
  head_options_conformance: headOptionsConformance,
  key_case_sensitivity: keyCaseSensitivity,
  wire_encoding_conformance: wireEncodingConformance,
  read_only_fields_unwritten: readOnlyFieldsUnwritten,
  read_back_conformance: readBackConformance,
  use_after_free: useAfterFree,
  deleted_resource_unlisted: deletedResourceUnlisted,
  in_use_deletion_refused: inUseDeletionRefused,
  ensure_resource_availability: ensureResourceAvailability,
  object_level_authorization: objectLevelAuthorization,
  account_lifecycle: accountLifecycle,
  campaign_lifecycle: campaignLifecycle,
  rate_limit_enforcement: rateLimitEnforcement,
} as const satisfies Readonly<Record<CheckName, Check | Flow>>

/** A registered check or flow with its name. */
export type Registration = { name: CheckName } & (Check | Flow)

/** The registry as a list of named entries, in the order of CHECK_NAMES. */
export function registrations(): Registration[] {
  return CHECK_NAMES.map((name): Registration => ({ name, ...REGISTRY[name] }))
}
