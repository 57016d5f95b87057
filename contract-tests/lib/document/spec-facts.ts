import type { DocumentedOperation, JsonObject } from './document.js'

/**
 * What the interface spec itself states, transcribed from its text (not from our document):
 * the `spec` profile judges with these alone.
 */

/** The two operations the spec details (sections 4.2 and 4.3), with the statuses it documents. */
export const SPEC_OPERATIONS: Readonly<Record<string, { statuses: readonly number[]; entity: 'User' | 'Campaign' }>> = {
  'PATCH /user': { statuses: [200, 401, 422], entity: 'User' },
  'POST /campaigns': { statuses: [201, 401, 422], entity: 'Campaign' },
}

/** Whether the spec details this operation. */
export function isSpecOperation(label: string | undefined): boolean {
  return label !== undefined && Object.hasOwn(SPEC_OPERATIONS, label)
}

const timestamp = { type: 'string', format: 'date-time' }

/** The fields of User and Campaign as sections 2.2 and 2.3 list them (other fields are allowed). */
export const SPEC_ENTITIES: Readonly<Record<'User' | 'Campaign', JsonObject>> = {
  User: {
    type: 'object',
    required: [
      'id',
      'email',
      'api_key',
      'balance_usd',
      'total_topups_usd',
      'api_tier',
      'api_tier_limits',
      'created_at',
      'updated_at',
    ],
    properties: {
      id: { type: 'integer' },
      email: { type: 'string', format: 'email' },
      api_key: { type: 'string' },
      balance_usd: { type: 'number' },
      total_topups_usd: { type: 'number' },
      api_tier: { type: 'string' },
      api_tier_limits: {
        type: 'object',
        required: ['per_minute', 'per_day', 'max_topups'],
        properties: { per_minute: { type: 'integer' }, per_day: { type: 'integer' }, max_topups: { type: 'integer' } },
      },
      created_at: timestamp,
      updated_at: timestamp,
    },
  },
  Campaign: {
    type: 'object',
    required: [
      'id',
      'advert_id',
      'advert_title',
      'broadcasting_type',
      'cpm',
      'sending_limit',
      'sending_count',
      'enabled',
      'created_at',
      'updated_at',
    ],
    properties: {
      id: { type: 'integer' },
      advert_id: { type: 'integer' },
      advert_title: { type: 'string' },
      broadcasting_type: { type: 'string' },
      cpm: { type: 'number' },
      sending_limit: { type: 'integer' },
      sending_count: { type: 'integer' },
      enabled: { type: 'boolean' },
      created_at: timestamp,
      updated_at: timestamp,
    },
  },
}

/** The operation the spec calls "Reset API key" (sections 4.1 and 5.4); its path is not shown. */
export const SPEC_KEY_RESET = 'Reset API key'

/**
 * Whether a documented operation is the key reset: by the spec's name for it (the summary), or an
 * operationId or path that speaks of resetting a key. The run never risks calling it by accident.
 */
export function isKeyReset(operation: DocumentedOperation): boolean {
  if (operation.summary?.trim().toLowerCase() === SPEC_KEY_RESET.toLowerCase()) return true
  return [operation.operationId ?? '', operation.path].some((name) => /reset.*key|key.*reset/i.test(name))
}

/** The one broadcasting_type value the spec names. */
export const SPEC_BROADCASTING_TYPE = 'active_ad'
