import type { z } from 'zod'

export const HTTP_METHODS = ['get', 'post', 'patch', 'delete'] as const
export type HttpMethod = (typeof HTTP_METHODS)[number]

export const OPERATION_TAGS = ['User', 'Campaigns', 'Adverts', 'Admin'] as const
export type OperationTag = (typeof OPERATION_TAGS)[number]

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
  query?: z.ZodObject
  body?: z.ZodType
  response: {
    status: 200 | 201 | 204
    /** Schema of `data` in the success envelope (of each item, for lists). */
    data: z.ZodType
    /** A list answers `data: [...]` plus `pagination`. */
    list?: boolean
  }
}

/** Declares an operation, keeping its literal types for the handler that implements it. */
export function defineOperation<const O extends Operation>(operation: O): O {
  return operation
}

/** Whether an operation addresses one resource by id (and so can answer 404). */
export function hasIdParam(operation: Operation): boolean {
  return operation.path.includes('{id}')
}
