import type { OverrideEntry, Overrides } from '../domain/overrides.js'
import { ApiError } from '../errors/api-error.js'
import { MESSAGES } from '../errors/messages.js'
import { validate } from '../errors/validate.js'
import * as op from '../operations/control-plane-overrides.js'
import { implementOperation } from '../pipeline/implement-operation.js'
import type { MockContext } from '../pipeline/mock-context.js'
import type { OperationRoute } from '../pipeline/route.js'
import { Id } from '../schemas/common.js'
import { OverrideInput, type Override, type OverrideInputInput } from '../schemas/overrides.js'
import { checkOverride } from './override-check.js'

/** What the override controls read of the mock: its registry, and its model to check against. */
interface OverrideContext extends Pick<MockContext, 'model'> {
  overrides: Overrides
}

/**
 * The overrides as control operations, one implementation for /__admin/overrides and the MockApi's
 * functions (`api.addOverride`, `api.overrides`, `api.removeOverride`, `api.clearOverrides`): every
 * one that changes the registry returns a Promise, the list answers at once.
 * @example await overrideControls(ctx).addOverride({ operation: 'listCampaigns', status: 503, untyped: true, times: 1 })
 */
export function overrideControls({ overrides, model }: OverrideContext) {
  // Checked against the mock's own document: its model (a twin's records, statuses, list envelope and error bodies).
  const check = (input: OverrideInput) => checkOverride(input, model)
  return {
    /** Answers one operation in place of the mock (checked against the document unless `untyped`). */
    addOverride: async (input: OverrideInputInput): Promise<Override> =>
      presentOverride(overrides.add(check(validate(OverrideInput, input, 'request body')))),
    /** The same, for input its schema has already checked (the /__admin route's). */
    addCheckedOverride: async (input: OverrideInput): Promise<Override> => presentOverride(overrides.add(check(input))),
    /** Every override in force, newest first, with its hits. */
    overrides: (): Override[] => overrides.list().map(presentOverride),
    /** Removes one override and answers it as it was; a 404 when there is none. */
    removeOverride: async (id: number): Promise<Override> => {
      const wanted = validate(Id, id, 'override id')
      const entry = overrides.list().find((candidate) => candidate.id === wanted)
      if (!entry || !overrides.remove(entry.id)) throw new ApiError('not_found', MESSAGES.not_found.override(id))
      return presentOverride(entry)
    },
    /** Removes every override; answers how many there were. */
    clearOverrides: async (): Promise<{ cleared: number }> => ({ cleared: overrides.clear() }),
  }
}

/** The override controls a MockApi offers. */
export type OverrideControls = ReturnType<typeof overrideControls>

/** The routes of /__admin/overrides, over the same controls. */
export function overrideRoutes(ctx: MockContext, controls: OverrideControls): OperationRoute[] {
  return [
    implementOperation(ctx, op.addOverride, async ({ body }) => ({ data: await controls.addCheckedOverride(body) })),
    implementOperation(ctx, op.listOverrides, async () => ({ data: controls.overrides() })),
    implementOperation(ctx, op.clearOverrides, async () => ({ data: await controls.clearOverrides() })),
    implementOperation(ctx, op.removeOverride, async ({ id }) => ({ data: await controls.removeOverride(id) })),
  ]
}

/** An override as the control plane lists it; an in-process one shows what it is, not its resolver. */
export function presentOverride(entry: OverrideEntry): Override {
  const { id, operation, params, times, hits, delay_ms, answer } = entry
  const common = { id, operation, params: params ?? null, times, hits, delay_ms }
  if (!('headers' in answer))
    return { ...common, source: 'in-process', status: null, headers: {}, body: null, untyped: true }
  const body = answer.body === undefined ? null : 'json' in answer.body ? answer.body.json : answer.body.text
  return {
    ...common,
    source: 'http',
    status: answer.status ?? null,
    headers: answer.headers,
    body,
    untyped: answer.untyped,
  }
}
