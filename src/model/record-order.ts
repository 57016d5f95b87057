import type { ProfiledSchemas } from '../schemas/profiled.js'
import type { Profile } from '../profile/profile.js'
import { JsonText } from '../store/kept-json.js'
import type * as z from 'zod/mini'

// The order a deployment writes a resource's fields in, where a profile says it is not the
// document's: what an answer's data is reordered by before it is written. JSON gives key order no
// meaning, but a twin answers byte for byte as near as it can.

/** A kind of record whose fields a profile may order. */
export type Resource = keyof Profile['resources']['fieldOrder']

/** Reorders an answer's data (a record, or a page of them) by its resource's field order. */
export type DataOrder = (data: unknown, schema: z.ZodMiniType) => unknown

/** Reorders one record of a resource by its field order (and a campaign's embedded advert by the advert's). */
export type RecordOrder = (record: unknown, resource: Resource) => unknown

/**
 * The profile's order of one record, or undefined where it keeps the document's order for every
 * resource. JSON already written (a record's kept JSON) was written in that order: it is left as it is.
 * @example const ordered = recordOrder(profile)?.({ id: 1, name: 'Spring' }, 'campaign')
 */
export function recordOrder({ resources }: Profile): RecordOrder | undefined {
  const { fieldOrder } = resources
  if (Object.values(fieldOrder).every((order) => order.length === 0)) return undefined
  const reorder: RecordOrder = (record, resource) => {
    if (record === null || typeof record !== 'object' || Array.isArray(record) || record instanceof JsonText)
      return record
    if (keepsOrder(fieldOrder, resource)) return record
    const order = fieldOrder[resource]
    const fields = record as Record<string, unknown>
    const named = order.filter((name) => Object.hasOwn(fields, name))
    const shown = Object.fromEntries(
      [...named, ...Object.keys(fields).filter((name) => !order.includes(name))].map((name) => [name, fields[name]]),
    )
    // A campaign's detail embeds its advert, in the advert's own order.
    if (resource === 'campaign' && shown.advert) shown.advert = reorder(shown.advert, 'advert')
    return shown
  }
  return reorder
}

/**
 * The profile's data order, or undefined where it keeps the document's order for every resource.
 * @example dataOrder(profile, schemas)?.(data, operation.response.data)
 */
export function dataOrder(profile: Profile, schemas: ProfiledSchemas): DataOrder | undefined {
  const reorder = recordOrder(profile)
  if (!reorder) return undefined
  const { User, Balance, Advert, Campaign, CampaignDetailed } = schemas.resources
  const resourceOf = new Map<z.ZodMiniType, Resource>([
    [User, 'user'],
    [Balance, 'balance'],
    [Advert, 'advert'],
    [Campaign, 'campaign'],
    [CampaignDetailed, 'campaign'],
  ])
  return (data, schema) => {
    const resource = resourceOf.get(schema)
    if (!resource) return data
    return Array.isArray(data) ? data.map((record) => reorder(record, resource)) : reorder(data, resource)
  }
}

/** Whether a resource keeps the document's order (and its embedded advert, for a campaign). */
function keepsOrder(fieldOrder: Profile['resources']['fieldOrder'], resource: Resource): boolean {
  return fieldOrder[resource].length === 0 && (resource !== 'campaign' || fieldOrder.advert.length === 0)
}
