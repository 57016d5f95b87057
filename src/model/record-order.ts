import type { ProfiledSchemas } from '../schemas/profiled.js'
import type { Profile } from '../profile/profile.js'
import type * as z from 'zod/mini'

// The order a deployment writes a resource's fields in, where a profile says it is not the
// document's: what an answer's data is reordered by before it is written. JSON gives key order no
// meaning, but a twin answers byte for byte as near as it can.

type Resource = keyof Profile['resources']['fieldOrder']

/** Reorders an answer's data (a record, or a page of them) by its resource's field order. */
export type DataOrder = (data: unknown, schema: z.ZodMiniType) => unknown

/**
 * The profile's data order, or undefined where it keeps the document's order for every resource.
 * @example dataOrder(profile, schemas)?.(data, operation.response.data)
 */
export function dataOrder({ resources }: Profile, schemas: ProfiledSchemas): DataOrder | undefined {
  const { fieldOrder } = resources
  if (Object.values(fieldOrder).every((order) => order.length === 0)) return undefined
  const { User, Balance, Advert, Campaign, CampaignDetailed } = schemas.resources
  const resourceOf = new Map<z.ZodMiniType, Resource>([
    [User, 'user'],
    [Balance, 'balance'],
    [Advert, 'advert'],
    [Campaign, 'campaign'],
    [CampaignDetailed, 'campaign'],
  ])
  const reorder = (record: unknown, resource: Resource): unknown => {
    if (record === null || typeof record !== 'object' || Array.isArray(record)) return record
    const order = fieldOrder[resource]
    const fields = record as Record<string, unknown>
    const named = order.filter((name) => Object.hasOwn(fields, name))
    const shown = Object.fromEntries([...named, ...Object.keys(fields).filter((name) => !order.includes(name))].map((name) => [name, fields[name]]))
    // A campaign's detail embeds its advert, in the advert's own order.
    if (resource === 'campaign' && shown.advert) shown.advert = reorder(shown.advert, 'advert')
    return shown
  }
  return (data, schema) => {
    const resource = resourceOf.get(schema)
    if (!resource || order(fieldOrder, resource)) return data
    return Array.isArray(data) ? data.map((record) => reorder(record, resource)) : reorder(data, resource)
  }
}

/** Whether a resource keeps the document's order (and its embedded advert, for a campaign). */
function order(fieldOrder: Profile['resources']['fieldOrder'], resource: Resource): boolean {
  return fieldOrder[resource].length === 0 && (resource !== 'campaign' || fieldOrder.advert.length === 0)
}
