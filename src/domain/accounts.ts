import { initialValues } from '../profile/template.js'
import { ApiError, validationFailed } from '../errors/api-error.js'
import { MESSAGES } from '../errors/messages.js'
import type { NewUserInput } from '../schemas/control-plane.js'
import { GENERATED_EMAIL_DOMAIN, type ApiTier } from '../schemas/user.js'
import type { UserRecord } from '../store/models.js'
import { createApiKey } from './api-key.js'
import { stampNow } from './clock.js'
import type { DomainContext } from './domain-context.js'
import { assertRoomForUser } from './resource-caps.js'

/** Opens a new account with a fresh API key and an empty balance (within the cap of users); a refused one uses up no id. */
export async function createAccount(
  ctx: DomainContext,
  { email, tier = ctx.profile.rateLimits.defaultTier as ApiTier }: NewUserInput = {},
): Promise<UserRecord> {
  assertRoomForUser(ctx)
  if (email !== undefined) assertEmailFree(ctx, email, { field: 'email', action: 'create user' })
  const id = ctx.store.nextId('users')
  const now = stampNow(ctx)
  return ctx.store.users.create({
    id,
    email: email ?? defaultEmail(ctx, id),
    api_key: createApiKey(),
    api_tier: tier,
    balance_usd: 0,
    total_topups_usd: 0,
    topups_count: 0,
    created_at: now,
    updated_at: now,
    ...initialValues(ctx.profile.resources.extraFields.user),
  })
}

/** `user<id>@example.com`, or with a suffix when a user already took that address. */
function defaultEmail(ctx: DomainContext, id: number): string {
  let address = `user${id}@${GENERATED_EMAIL_DOMAIN}`
  for (let n = 2; ctx.store.userIdByEmail(address) !== undefined; n++)
    address = `user${id}.${n}@${GENERATED_EMAIL_DOMAIN}`
  return address
}

/** Refuses an e-mail that another account already uses, naming the field it came in. */
function assertEmailFree(
  ctx: DomainContext,
  email: string,
  {
    exceptUserId,
    field = 'user.email',
    action = 'update user',
  }: { exceptUserId?: number; field?: string; action?: string } = {},
): void {
  const holder = ctx.store.userIdByEmail(email)
  if (holder !== undefined && holder !== exceptUserId) {
    throw validationFailed(MESSAGES.validation_failed.emailTaken(action, email), [
      { field, message: 'is already taken' },
    ])
  }
}

/** Finds an account by id or throws a 404. */
export function accountById(ctx: DomainContext, id: number): UserRecord {
  const user = ctx.store.users.get(id)
  if (!user) throw new ApiError('not_found', MESSAGES.not_found.resource('User', id))
  return user
}

/** Changes the caller's e-mail; one another account uses is a 422, the same one again writes nothing. */
export async function changeEmail(ctx: DomainContext, user: UserRecord, email: string): Promise<UserRecord> {
  assertEmailFree(ctx, email, { exceptUserId: user.id })
  if (email === user.email) return user
  return ctx.store.updateUser(user, (draft) => {
    draft.email = email
    draft.updated_at = stampNow(ctx)
  })
}

/** Gives the caller a new API key; the old one opens nothing from then on. */
export function resetApiKey(ctx: DomainContext, user: UserRecord): Promise<UserRecord> {
  return ctx.store.updateUser(user, (draft) => {
    draft.api_key = createApiKey()
    draft.updated_at = stampNow(ctx)
  })
}
