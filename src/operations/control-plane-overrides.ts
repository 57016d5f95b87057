import * as z from 'zod/mini'
import { Override, OverrideInput, OverridesCleared } from '../schemas/overrides.js'
import { defineOperation, type Operation } from './define-operation.js'

// The control plane's overrides: one public operation answered with a body of the test's choice.
const admin = { auth: 'admin', tag: 'Admin' } as const

/** POST /__admin/overrides: answer one operation in place of the mock. */
export const addOverride = defineOperation({
  ...admin,
  operationId: 'adminAddOverride',
  method: 'post',
  path: '/overrides',
  summary: 'Answer one operation in place of the mock',
  description:
    "From the next request on, the operation (only for the path parameters given, if any) is answered with this status, headers and body, after `delay_ms`; `times` answers, or until removed or reset. The body is checked against the document's schema for that operation and status (a 422 names the field) unless `untyped`. An overridden answer comes after authentication and the rate limit, so it carries the caller's rate-limit headers, counts against the quota, and is journaled. The newest override of an operation answers first; at most 1,000 are held.",
  body: OverrideInput,
  errors: ['resource_limit_reached'],
  response: { status: 201, data: Override },
})

/** GET /__admin/overrides: list the overrides. */
export const listOverrides = defineOperation({
  ...admin,
  operationId: 'adminListOverrides',
  method: 'get',
  path: '/overrides',
  summary: 'List the overrides',
  description:
    'Every override in force, newest first, with how many requests each has answered: those sent here and those a test installed with `mock.override` (source in-process).',
  response: { status: 200, data: z.array(Override) },
})

/** DELETE /__admin/overrides: remove every override. */
export const clearOverrides = defineOperation({
  ...admin,
  operationId: 'adminClearOverrides',
  method: 'delete',
  path: '/overrides',
  summary: 'Remove every override',
  description: 'The mock answers every operation itself again; answers how many overrides there were.',
  response: { status: 200, data: OverridesCleared },
})

/** DELETE /__admin/overrides/{id}: remove one override. */
export const removeOverride = defineOperation({
  ...admin,
  operationId: 'adminRemoveOverride',
  method: 'delete',
  path: '/overrides/{id}',
  summary: 'Remove one override',
  description: 'Answers the override as it was, hits included; one that does not exist (or is gone) is a 404.',
  response: { status: 200, data: Override },
})

/** The overrides' operations, below /__admin. */
export const overrideOperations: readonly Operation[] = [addOverride, listOverrides, clearOverrides, removeOverride]
