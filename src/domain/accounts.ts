import { ApiError, validationFailed } from '../http/api-error.js'
import type { MockContext } from '../mock-context.js'
import type { ApiTier } from '../schemas/user.js'
import type { UserRecord } from '../store/models.js'
import { createApiKey } from './api-key.js'
import { isoTimestamp } from './clock.js'

export interface NewAccount {
  email?: string
  tier?: ApiTier
}

/** Opens a new account with a fresh API key and an empty balance. */
export async function createAccount(ctx: MockContext, { email, tier = 'basic' }: NewAccount): Promise<UserRecord> {
  const id = ctx.store.users.nextId()
  const address = email ?? `user${id}@example.com`
  assertEmailFree(ctx, address)
  const now = isoTimestamp(ctx.clock.now())
  return ctx.store.insertUser({
    id,
    email: address,
    api_key: createApiKey(),
    api_tier: tier,
    balance_micros: 0,
    total_topups_micros: 0,
    topups_count: 0,
    created_at: now,
    updated_at: now,
  })
}

/** Refuses an e-mail that another account already uses. */
export function assertEmailFree(ctx: MockContext, email: string, exceptUserId?: number): void {
  const holder = ctx.store.userIdByEmail(email)
  if (holder !== undefined && holder !== exceptUserId) {
    throw validationFailed('Failed to update user: e-mail is taken', [{ field: 'user.email', message: 'is already taken' }])
  }
}

/** Finds an account by id or throws a 404. */
export function accountById(ctx: MockContext, id: number): UserRecord {
  const user = ctx.store.users.get(id)
  if (!user) throw new ApiError('not_found', `User ${id} does not exist`)
  return user
}
