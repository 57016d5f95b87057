import { DEFAULT_PROFILE, type Profile } from '../profile/profile.js'
import { profiledSchemas, schemaPairs, type ProfiledSchemas } from '../schemas/profiled.js'
import { deleteAdvert, deleteCampaign, operations } from './api.js'
import type { Operation } from './define-operation.js'

/** What each DELETE removes, for the status its profile gives it. */
const DELETES = new Map<Operation, keyof Profile['resources']['deletes']>([
  [deleteCampaign, 'campaign'],
  [deleteAdvert, 'advert'],
])

/**
 * The public API's operations under a profile, by operationId: each declared operation with the
 * profile's schemas for its query, body and data, and a DELETE with the profile's status. The
 * default profile's are the declarations themselves.
 * @example profiledOperations(profile).get('deleteCampaign')?.response.status // 204
 */
export function profiledOperations(
  profile: Profile,
  schemas: ProfiledSchemas = profiledSchemas(profile),
): ReadonlyMap<string, Operation> {
  if (profile === DEFAULT_PROFILE) return new Map(operations.map((operation) => [operation.operationId, operation]))
  const pairs = schemaPairs(schemas)
  const swap = <S>(schema: S): S => (schema && (pairs.get(schema as never) as S | undefined)) ?? schema
  return new Map(
    operations.map((operation) => {
      const deletes = DELETES.get(operation)
      const profiled: Operation = {
        ...operation,
        query: swap(operation.query),
        body: swap(operation.body),
        response: {
          ...operation.response,
          data: swap(operation.response.data),
          status: deletes ? profile.resources.deletes[deletes].status : operation.response.status,
        },
      }
      return [operation.operationId, profiled]
    }),
  )
}
