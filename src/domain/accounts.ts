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

/** Opens a new account with a fresh API key and an empty balance; a refused one uses up no id. */
export async function createAccount(ctx: MockContext, { email, tier = 'basic' }: NewAccount): Promise<UserRecord> {
  if (email !== undefined) assertEmailFree(ctx, email, { field: 'email', action: 'create user' })
  const id = ctx.store.users.nextId()
  const now = isoTimestamp(ctx.clock.now())
  return ctx.store.insertUser({
    id,
    email: email ?? defaultEmail(ctx, id),
    api_key: createApiKey(),
    api_tier: tier,
    balance_micros: 0,
    total_topups_micros: 0,
    topups_count: 0,
    created_at: now,
    updated_at: now,
  })
}

/** `user<id>@example.com`, or with a suffix when a user already took that address. */
function defaultEmail(ctx: MockContext, id: number): string {
  let address = `user${id}@example.com`
  for (let n = 2; ctx.store.userIdByEmail(address) !== undefined; n++) address = `user${id}.${n}@example.com`
  return address
}

/** Refuses an e-mail that another account already uses, naming the field it came in. */
export function assertEmailFree(
  ctx: MockContext,
  email: string,
  { exceptUserId, field = 'user.email', action = 'update user' }: { exceptUserId?: number; field?: string; action?: string } = {},
): void {
  const holder = ctx.store.userIdByEmail(email)
  if (holder !== undefined && holder !== exceptUserId) {
    throw validationFailed(`Failed to ${action}: e-mail ${email} is taken`, [{ field, message: 'is already taken' }])
  }
}

/** Finds an account by id or throws a 404. */
export function accountById(ctx: MockContext, id: number): UserRecord {
  const user = ctx.store.users.get(id)
  if (!user) throw new ApiError('not_found', `User ${id} does not exist`)
  return user
}
