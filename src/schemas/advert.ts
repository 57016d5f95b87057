import * as z from 'zod/mini'
import { Id, Timestamp } from './common.js'
import { DEFAULT_PROFILE } from '../profile/profile.js'
import { meta } from './meta.js'

/** An advert's title: trimmed, 1 to `maxLength` characters (a profile's choice). */
export function titleOf(maxLength: number) {
  return meta(z.string().check(z.trim(), z.minLength(1), z.maxLength(maxLength)), {
    description: 'Title; campaigns show it as advert_title.',
  })
}

const Title = titleOf(DEFAULT_PROFILE.inputs.titleMaxLength)
/** An advert's description: up to `maxLength` characters, or any length (null: a profile whose deployment showed no bound). */
export function descriptionOf(maxLength: number | null) {
  return meta(z.string().check(...(maxLength === null ? [] : [z.maxLength(maxLength)])), {
    description: 'Free text shown with the advert.',
  })
}

/** An advert's description (the default profile's bound). */
export const Description = descriptionOf(DEFAULT_PROFILE.inputs.descriptionMaxLength)
/** Where an advert links to. */
export const TargetUrl = meta(z.nullable(z.url({ protocol: /^https?$/ }).check(z.maxLength(2048))), {
  description: 'Where the advert links to (http or https), or null.',
})

/** An advert that campaigns broadcast. */
export const Advert = meta(
  z.strictObject({
    id: Id,
    title: Title,
    description: Description,
    target_url: TargetUrl,
    created_at: Timestamp,
    updated_at: Timestamp,
  }),
  { id: 'Advert' },
)
export type Advert = z.infer<typeof Advert>

/** Fields a client may write on an advert. */
const AdvertFields = z.strictObject({
  title: Title,
  description: z._default(Description, ''),
  target_url: z._default(TargetUrl, null),
})

/** Body of POST /adverts. */
export const AdvertInput = meta(z.strictObject({ advert: AdvertFields }), { id: 'AdvertInput' })
export type AdvertInput = z.infer<typeof AdvertInput>

/** Body of PATCH /adverts/{id}: any subset of the writable fields, at least one. */
export const AdvertUpdateInput = meta(
  z.strictObject({
    advert: z
      .partial(z.strictObject({ title: Title, description: Description, target_url: TargetUrl }))
      .check(z.refine((fields) => Object.keys(fields).length > 0, 'must contain at least one field')),
  }),
  { id: 'AdvertUpdateInput' },
)
export type AdvertUpdateInput = z.infer<typeof AdvertUpdateInput>
