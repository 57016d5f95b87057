import { z } from 'zod'
import { Id, Timestamp } from './common.js'

const Title = z.string().trim().min(1).max(120).meta({ description: 'Title; campaigns show it as advert_title.' })
const Description = z.string().max(2000).meta({ description: 'Free text shown with the advert.' })
const TargetUrl = z
  .url({ protocol: /^https?$/ })
  .max(2048)
  .nullable()
  .meta({ description: 'Where the advert links to (http or https), or null.' })

/** An advert that campaigns broadcast. */
export const Advert = z
  .strictObject({
    id: Id,
    title: Title,
    description: Description,
    target_url: TargetUrl,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'Advert' })
export type Advert = z.infer<typeof Advert>

/** Fields a client may write on an advert. */
const AdvertFields = z.strictObject({
  title: Title,
  description: Description.default(''),
  target_url: TargetUrl.default(null),
})

/** Body of POST /adverts. */
export const AdvertInput = z.strictObject({ advert: AdvertFields }).meta({ id: 'AdvertInput' })
export type AdvertInput = z.infer<typeof AdvertInput>

/** Body of PATCH /adverts/{id}: any subset of the writable fields, at least one. */
export const AdvertUpdateInput = z
  .strictObject({
    advert: z
      .strictObject({ title: Title, description: Description, target_url: TargetUrl })
      .partial()
      .refine((fields) => Object.keys(fields).length > 0, 'must contain at least one field'),
  })
  .meta({ id: 'AdvertUpdateInput' })
export type AdvertUpdateInput = z.infer<typeof AdvertUpdateInput>
