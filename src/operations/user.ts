import { Balance, User, UserUpdateInput } from '../schemas/user.js'
import { defineOperation } from './define-operation.js'

/** GET /user: get user information. */
export const getUser = defineOperation({
  operationId: 'getUser',
  method: 'get',
  path: '/user',
  tag: 'User',
  summary: 'Get user information',
  description: 'The account that owns the API key.',
  response: { status: 200, data: User },
})

/** PATCH /user: update user. */
export const updateUser = defineOperation({
  operationId: 'updateUser',
  method: 'patch',
  path: '/user',
  tag: 'User',
  summary: 'Update user',
  description: "Changes the account's e-mail. E-mails are unique across accounts (compared case-insensitively).",
  body: UserUpdateInput,
  response: { status: 200, data: User },
})

/** POST /user/reset_api_key: reset API key. */
export const resetApiKey = defineOperation({
  operationId: 'resetApiKey',
  method: 'post',
  path: '/user/reset_api_key',
  tag: 'User',
  summary: 'Reset API key',
  description: 'Issues a new random API key (192 bits) and returns the user with it; the old key is refused from then on.',
  response: { status: 200, data: User },
})

/** GET /user/balance: get user balance. */
export const getUserBalance = defineOperation({
  operationId: 'getUserBalance',
  method: 'get',
  path: '/user/balance',
  tag: 'User',
  summary: 'Get user balance',
  description: 'The balance and the sum of top-ups, in USD.',
  response: { status: 200, data: Balance },
})
