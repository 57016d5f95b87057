import type { z } from 'zod'
import { validate } from '../errors/validate.js'
import {
  ClockInput,
  DeliveryInput,
  FaultSettings,
  MockState,
  NewUserInput,
  SeedInput,
  TierOverrides,
  TopUpInput,
  UserTierInput,
  type FaultSettingsInput,
  type MockStateInput,
} from '../schemas/admin.js'
import { Id, PaginationQuery } from '../schemas/common.js'
import type { ControlOperations } from './control-plane.js'

/**
 * The control operations for in-process callers: each input is checked with the same schema the
 * /__admin operation declares, once, as the pipeline checks it over HTTP (a 422 naming the
 * fields), and then handed to the one implementation.
 * @example const controls = checkedControls(createControlOperations(ctx)); await controls.topUp(1, { amount_usd: 50 })
 */
export function checkedControls(operations: ControlOperations) {
  const body = <S extends z.ZodType>(schema: S, input: unknown) => validate(schema, input, 'request body')
  const userId = (id: number) => validate(Id, id, 'user id')
  return {
    ...operations,
    /** Loads the fixtures the mock started with, or a generated dataset (faker, seeded). */
    seed: (input: z.input<typeof SeedInput>) => operations.seed(body(SeedInput, input)),
    /** Opens a new account with a fresh API key. */
    createUser: async (input: NewUserInput = {}) => operations.createUser(body(NewUserInput, input)),
    /** One page of every account, by id. */
    listUsers: (query: { page?: number; per_page?: number } = {}) => operations.listUsers(validate(PaginationQuery, query, 'query parameters')),
    /** One account by id, API key included. */
    getUser: (id: number) => operations.getUser(userId(id)),
    /** Moves an account to another tier; its rate-limit counts carry over. */
    setUserTier: async (id: number, input: UserTierInput) => {
      const change = body(UserTierInput, input)
      return operations.setUserTier(userId(id), change)
    },
    /** Adds money to an account (max_topups enforced). */
    topUp: async (id: number, input: TopUpInput) => operations.topUp(userId(id), body(TopUpInput, input)),
    /** Runs deliveries and bills them (see domain/deliver). */
    deliver: async (input: DeliveryInput) => operations.deliver(body(DeliveryInput, input)),
    /** Advances, sets or releases the clock; rate-limit windows follow it. */
    moveClock: (input: ClockInput) => operations.moveClock(body(ClockInput, input)),
    /** Replaces the limits of the tiers given; users see them at once. */
    setTiers: (overrides: TierOverrides) => operations.setTiers(body(TierOverrides, overrides)),
    /** Replaces the fault settings (and restarts their random sequence from the seed). */
    setFaults: (input: FaultSettingsInput) => operations.setFaults(body(FaultSettings, input)),
    /** Restores an exported state; a state that does not hold together is refused whole. */
    importState: async (input: MockStateInput) => operations.importState(body(MockState, input)),
  }
}

/** The control operations as the MockApi offers them in-process, each input checked first. */
export type MockControls = ReturnType<typeof checkedControls>
