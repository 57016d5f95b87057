import type * as z from 'zod/mini'
import type { ControlOperations } from './control-operations.js'
import { validate } from '../errors/validate.js'
import * as op from '../operations/control-plane.js'
import type { Operation } from '../operations/define-operation.js'
import type {
  FaultSettingsInput,
  MockStateInput,
  NewUserInput,
  TierName,
  TierOverridesInput,
} from '../schemas/control-plane.js'
import { Id } from '../schemas/common.js'
import { JournalFilter, type ApiOperationId } from '../operations/control-plane-journal.js'
import type { JournalFilterInput } from '../schemas/journal.js'

const userId = (id: number) => validate(Id, id, 'user id')

/**
 * The control operations for in-process callers (the MockApi's functions): each input is checked,
 * once, with the schema its /__admin operation declares under the mock's profile (`declared`, the
 * mock's operations by operationId: a twin's state holds its own tier names and extra fields), a
 * 422 naming the fields as over HTTP, where the pipeline checks it with the same declaration; and
 * then handed to the one implementation. One convention: every control that changes state returns
 * a Promise (and a refused input rejects it); the readers (clock, tiers, faults, requests,
 * getUser, listUsers, exportState) answer at once.
 * @example const controls = checkedControls(createControlOperations(ctx), ctx.model.operations); await controls.topUp(1, { amount_usd: 50 })
 */
export function checkedControls(operations: ControlOperations, declared: ReadonlyMap<string, Operation>) {
  /** The body schema an operation declares under the profile: what its input is checked with. */
  const bodyOf = <S extends z.ZodMiniType>(operation: { operationId: string; body: S }, input: unknown): z.output<S> =>
    validate((declared.get(operation.operationId)?.body ?? operation.body) as S, input, 'request body')
  return {
    ...operations,
    /** Loads the fixtures the mock started with, or a generated dataset (faker, seeded). */
    seed: async (input: z.input<typeof op.seed.body>) => operations.seed(bodyOf(op.seed, input)),
    /** Opens a new account with a fresh API key (on the profile's default tier, or the one given: one of the profile's). */
    createUser: async (input: Omit<NewUserInput, 'tier'> & { tier?: TierName } = {}) =>
      operations.createUser(bodyOf(op.createUser, input)),
    /** One page of every account, by id. */
    listUsers: (query: { page?: number; per_page?: number } = {}) =>
      operations.listUsers(validate(op.listUsers.query, query, 'query parameters')),
    /** One account by id, API key included. */
    getUser: (id: number) => operations.getUser(userId(id)),
    /** Moves an account to another of the profile's tiers; its rate-limit counts carry over. */
    setUserTier: async (id: number, input: { tier: TierName }) => {
      const change = bodyOf(op.setUserTier, input)
      return operations.setUserTier(userId(id), change)
    },
    /** Adds money to an account (max_topups enforced). */
    topUp: async (id: number, input: z.input<typeof op.topUp.body>) =>
      operations.topUp(userId(id), bodyOf(op.topUp, input)),
    /** Runs deliveries and bills them (see domain/deliver). */
    deliver: async (input: z.input<typeof op.deliver.body>) => operations.deliver(bodyOf(op.deliver, input)),
    /** Advances, sets or releases the clock; rate-limit windows follow it. */
    moveClock: async (input: z.input<typeof op.moveClock.body>) => operations.moveClock(bodyOf(op.moveClock, input)),
    /** Changes the tier limits given, merged over the current ones (`{ free: { per_minute: 1 } }`); users see them at once. */
    setTiers: async (overrides: TierOverridesInput) => operations.setTiers(bodyOf(op.setTiers, overrides)),
    /** Replaces the fault settings (and restarts their random sequence from the seed). */
    setFaults: async (input: FaultSettingsInput) => operations.setFaults(bodyOf(op.setFaults, input)),
    /** Turns every fault off. */
    clearFaults: async () => operations.clearFaults(),
    /**
     * The journal's entries that match the filter, oldest first: did the app send `PATCH /campaigns/7` with cpm 3?
     * @example api.requests({ method: 'PATCH', path: '/campaigns/7', body: { campaign: { cpm: 3 } } }).length > 0
     */
    requests: (filter?: JournalFilterInput<ApiOperationId>) =>
      operations.requests(filter === undefined ? undefined : validate(JournalFilter, filter, 'journal filter')),
    /** Empties the request journal; resolves to how many entries it held. */
    clearRequests: async () => operations.clearRequests(),
    /** Restores an exported state; a state that does not hold together is refused whole. */
    importState: async (input: MockStateInput) => operations.importState(bodyOf(op.importState, input)),
  }
}

/** The control operations as the MockApi offers them in-process, each input checked first. */
export type MockControls = ReturnType<typeof checkedControls>
