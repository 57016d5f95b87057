/**
 * The name of every check and flow, each the property it asserts (schemathesis's names where they
 * fit), in the order the run takes them: the response checks (the order they judge each exchange
 * in), then the probing checks, then the flows (the order they run in). registry.ts gives each
 * name its implementation, and the compiler holds the two to the same names.
 */
export const CHECK_NAMES = [
  'not_a_server_error',
  'status_code_conformance',
  'content_type_conformance',
  'response_schema_conformance',
  'response_headers_conformance',
  'envelope_conformance',
  'resource_invariants',
  'ordering_conformance',
  'pagination_conformance',
  'filter_conformance',
  'toggle_conformance',
  'cross_operation_consistency',
  'nested_resource_consistency',
  'immutable_fields',
  'write_stamp_progression',
  'rate_limit_tier_conformance',
  'rate_limit_countdown',
  'rate_limit_reset_conformance',
  'rate_limit_header_agreement',
  'validation_field_conformance',
  'retry_after_agreement',
  'unsent_fields_unchanged',
  'secret_confinement',
  'account_isolation',
  'error_internals_hidden',
  'private_answers_uncached',
  // First of the probes: it sends the read again at once, before any other request.
  'repeatable_read',
  'ignored_auth',
  'negative_data_rejection',
  'positive_data_acceptance',
  'malformed_body_rejection',
  'unsupported_method',
  'head_options_conformance',
  'key_case_sensitivity',
  'wire_encoding_conformance',
  'read_only_fields_unwritten',
  'read_back_conformance',
  'use_after_free',
  'deleted_resource_unlisted',
  'in_use_deletion_refused',
  'ensure_resource_availability',
  'object_level_authorization',
  'account_lifecycle',
  'campaign_lifecycle',
  'rate_limit_enforcement',
] as const

/** The name of a registered check or flow. */
export type CheckName = (typeof CHECK_NAMES)[number]

/** Whether a string names a registered check or flow. */
export function isCheckName(value: string): value is CheckName {
  return (CHECK_NAMES as readonly string[]).includes(value)
}
