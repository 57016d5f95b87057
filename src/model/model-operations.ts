import * as z from 'zod/mini'
import { DEFAULT_PROFILE, type Profile, type WriteOperation } from '../profile/profile.js'
import type { Template } from '../profile/template.js'
import { arrangeSchemasOf } from '../schemas/arrange.js'
import { profiledSchemas, schemaPairs, type ProfiledSchemas } from '../schemas/profiled.js'
import { deleteAdvert, deleteCampaign, operations } from '../operations/api.js'
import { adminOperations } from '../operations/control-plane.js'
import type { Operation } from '../operations/define-operation.js'
import { Campaign, CampaignDetailed } from '../schemas/campaign.js'

/** What each DELETE removes, for the answer its profile gives it. */
const DELETES = new Map<string, keyof Profile['resources']['deletes']>([
  [deleteCampaign.operationId, 'campaign'],
  [deleteAdvert.operationId, 'advert'],
])

/**
 * Every operation under a profile, by operationId: each declared operation with the profile's
 * schemas for its query, body and data, and a DELETE with the profile's status and body. The public API's
 * take every group of the profile's schemas; the control plane's only the records (the state it
 * exports and imports), its bodies that name tiers and arrange's bodies (schemas/arrange.ts), its
 * own paging and bounds being the mock's.
 * The default profile's are the declarations themselves.
 * @example modelOperations(profile).get('deleteCampaign')?.response.status // 204
 */
export function modelOperations(
  profile: Profile,
  schemas: ProfiledSchemas = profiledSchemas(profile),
): ReadonlyMap<string, Operation> {
  const declared = [...operations, ...adminOperations]
  if (profile === DEFAULT_PROFILE)
    return new Map(declared.map((operation) => [operation.operationId, asProfiled(operation, profile)]))
  const api = schemaPairs(schemas)
  const admin = schemaPairs(schemas, ['records', 'controls'])
  // The arrange helpers' bodies over HTTP take what they take in-process: the profile's bounds.
  const arrange: Record<string, z.ZodMiniType> = arrangeSchemasOf(profile).inputs
  for (const [name, schema] of Object.entries(arrangeSchemasOf(DEFAULT_PROFILE).inputs))
    admin.set(schema, arrange[name]!)
  return new Map(
    declared.map((operation) => {
      const swap = swapper(operation.auth === 'admin' ? admin : api)
      const profiled: Operation = {
        ...operation,
        query: swap(operation.query),
        body: swap(operation.body),
        response: { ...operation.response, data: swap(dataOf(operation, profile)) },
      }
      return [operation.operationId, asProfiled(profiled, profile)]
    }),
  )
}

/** What an operation's data is under a profile: a campaign's detail without its advert where the profile embeds none. */
function dataOf(operation: Operation, profile: Profile): z.ZodMiniType {
  const detail = operation.response.data === CampaignDetailed
  return detail && !profile.resources.campaignDetailEmbedsAdvert ? Campaign : operation.response.data
}

/**
 * An operation as the profile answers it: a DELETE with the status, body and words its profile
 * gives it (an advert in use deleted with its campaigns, where the profile says so); a public list
 * with its 404 where a page past the last is one; any other operation as it is.
 */
function asProfiled(operation: Operation, profile: Profile): Operation {
  // A write's success status where the profile gives one (a create answered 200).
  const written = profile.resources.statuses[operation.operationId as WriteOperation]
  if (written !== undefined && operation.auth !== 'admin')
    return { ...operation, response: { ...operation.response, status: written } }
  if (
    profile !== DEFAULT_PROFILE &&
    operation.response.list &&
    operation.auth !== 'admin' &&
    profile.lists.beyondLastPage === 'not_found'
  )
    return { ...operation, errors: [...new Set([...(operation.errors ?? []), 'not_found' as const])] }
  const deletes = DELETES.get(operation.operationId)
  if (!deletes) return operation
  const { status, body } = profile.resources.deletes[deletes]
  const response = { ...operation.response, status, body }
  if (profile === DEFAULT_PROFILE) return { ...operation, response }
  const cascades = deletes === 'advert' && profile.resources.advertInUse === 'cascade'
  const inUse = deletes === 'campaign' ? undefined : cascades ? null : profile.errors.statuses.advert_in_use
  return {
    ...operation,
    description: deleteWords(deletes, status, body, inUse),
    errors: operation.errors?.filter((code) => !cascades || code !== 'advert_in_use'),
    response,
  }
}

/**
 * What a DELETE does, in the words of its profile's answer (the declared operations say the default's).
 * @example deleteWords('campaign', 204, null) // 'Deletes the campaign; answers 204, with no body.'
 */
export function deleteWords(
  kind: 'campaign' | 'advert',
  status: number,
  body: Template | null,
  /** An advert's: the status refusing one in use, or null where it is deleted with its campaigns. */
  inUse?: number | null,
): string {
  const answer =
    body === null
      ? `; answers ${status}, with no body`
      : status === 200 && JSON.stringify(body).includes('"$slot":"record"')
        ? ' and returns it'
        : `; answers ${status}, with the body below`
  const words =
    inUse === undefined
      ? ''
      : inUse === null
        ? ' An advert that campaigns still use is deleted with them.'
        : ` An advert that a campaign still uses is refused (${inUse} \`advert_in_use\`).`
  return `Deletes the ${kind}${answer}.${words}`
}

/** Gives a declared schema the profile's it is paired with; an optional body (POST /__admin/users) through what it wraps. */
function swapper(pairs: ReadonlyMap<z.ZodMiniType, z.ZodMiniType>) {
  return <S>(schema: S): S => {
    if (!schema) return schema
    const paired = pairs.get(schema as never)
    if (paired) return paired as S
    if (schema instanceof z.ZodMiniOptional) {
      const inner = pairs.get(schema.def.innerType as z.ZodMiniType)
      if (inner) return z.optional(inner) as S
    }
    return schema
  }
}
