import { z } from 'zod'
import { NewUserInput } from '../schemas/admin.js'
import { User } from '../schemas/user.js'
import { defineOperation, type Operation } from './define-operation.js'

export const createUser = defineOperation({
  operationId: 'adminCreateUser',
  method: 'post',
  path: '/users',
  auth: 'admin',
  tag: 'Admin',
  summary: 'Create a user',
  description: 'Opens a new account with a fresh API key (the body is optional). The key is in the returned User.',
  body: NewUserInput.optional(),
  response: { status: 201, data: User },
})

/** How many records each collection holds. */
export const StoreCounts = z
  .strictObject({ users: z.int().nonnegative(), adverts: z.int().nonnegative(), campaigns: z.int().nonnegative() })
  .meta({ id: 'StoreCounts' })

export const reset = defineOperation({
  operationId: 'adminReset',
  method: 'post',
  path: '/reset',
  auth: 'admin',
  tag: 'Admin',
  summary: 'Reset the state',
  description: 'Restores the dataset the mock started with and answers how many records it now holds.',
  response: { status: 200, data: StoreCounts },
})

/** Every control-plane operation, below /__admin. */
export const adminOperations: readonly Operation[] = [createUser, reset]
