import type * as z from 'zod/mini'
import type { ErrorCode } from '../errors/error-codes.js'
import type { Template } from '../profile/template.js'

export const HTTP_METHODS = ['get', 'post', 'patch', 'delete'] as const
export type HttpMethod = (typeof HTTP_METHODS)[number]

export const OPERATION_TAGS = ['User', 'Campaigns', 'Adverts', 'Admin'] as const
export type OperationTag = (typeof OPERATION_TAGS)[number]

/** What each group holds, for the OpenAPI document's tags. */
export const TAG_DESCRIPTIONS: Readonly<Record<OperationTag, string>> = {
  User: 'The account that owns the API key: profile, balance and the key itself.',
  Campaigns: "Advertising campaigns, each broadcasting one of the caller's adverts.",
  Adverts: 'Adverts that campaigns broadcast.',
  Admin: "The mock's control plane for tests and tools; not part of the service's API.",
}

/**
 * One operation of the public API, declared once: the handlers implement it, the
 * OpenAPI document describes it, and the tests walk the list of them.
 */
export interface Operation {
  operationId: string
  method: HttpMethod
  /** OpenAPI path template below the API's base (/api/v1, or /__admin for control operations), e.g. `/campaigns/{id}`. */
  path: string
  /**
   * Who may call it: `user` (the default) needs a user's API key in Authorization;
   * `admin` is a control-plane operation, guarded by the admin token when one is set.
   */
  auth?: 'user' | 'admin'
  tag: OperationTag
  summary: string
  description: string
  query?: z.ZodMiniObject
  body?: z.ZodMiniType
  /**
   * Error codes a domain rule of this operation can answer with, beyond the ones every
   * operation's pipeline gives (auth, id, query, body): the OpenAPI document lists them.
   */
  errors?: readonly ErrorCode[]
  response: {
    status: 200 | 201 | 202 | 204
    /** Schema of `data` in the success envelope (of each item, for lists). */
    data: z.ZodMiniType
    /** A list answers `data: [...]` plus `pagination`. */
    list?: boolean
    /** The success body's template, where it is not the envelope around `data` (a DELETE's; null: no body). */
    body?: Template | null
  }
}

/** Declares an operation, keeping its literal types for the handler that implements it. */
export function defineOperation<const O extends Operation>(operation: O): O {
  return operation
}

/** Which side of the mock an operation is on: the public API (`auth: 'user'`) or the control plane (`auth: 'admin'`). */
export type Plane = 'api' | 'admin'

/** What a request is for: an operation, or none when no operation has its method and path. */
export interface Target {
  plane: Plane
  operation?: Operation
}

/** Whether an operation addresses one resource by id (and so can answer 404). */
export function hasIdParam(operation: Operation): boolean {
  return operation.path.includes('{id}')
}
