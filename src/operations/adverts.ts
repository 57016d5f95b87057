import { Advert, AdvertInput, AdvertUpdateInput } from '../schemas/advert.js'
import { PaginationQuery } from '../schemas/common.js'
import { defineOperation } from './define-operation.js'

/** GET /adverts: list adverts. */
export const listAdverts = defineOperation({
  operationId: 'listAdverts',
  method: 'get',
  path: '/adverts',
  tag: 'Adverts',
  summary: 'List adverts',
  description: "The caller's adverts, newest first, one page at a time.",
  query: PaginationQuery,
  response: { status: 200, data: Advert, list: true },
})

/** POST /adverts: create advert. */
export const createAdvert = defineOperation({
  operationId: 'createAdvert',
  method: 'post',
  path: '/adverts',
  tag: 'Adverts',
  summary: 'Create advert',
  description: 'Creates an advert owned by the caller.',
  body: AdvertInput,
  response: { status: 201, data: Advert },
})

/** GET /adverts/{id}: get advert. */
export const getAdvert = defineOperation({
  operationId: 'getAdvert',
  method: 'get',
  path: '/adverts/{id}',
  tag: 'Adverts',
  summary: 'Get advert',
  description: "One of the caller's adverts. Another account's advert is a 404, as if it did not exist.",
  response: { status: 200, data: Advert },
})

/** PATCH /adverts/{id}: update advert. */
export const updateAdvert = defineOperation({
  operationId: 'updateAdvert',
  method: 'patch',
  path: '/adverts/{id}',
  tag: 'Adverts',
  summary: 'Update advert',
  description: 'Changes any of title, description and target_url; campaigns show the new title at once.',
  body: AdvertUpdateInput,
  response: { status: 200, data: Advert },
})

/** DELETE /adverts/{id}: delete advert. */
export const deleteAdvert = defineOperation({
  operationId: 'deleteAdvert',
  method: 'delete',
  path: '/adverts/{id}',
  tag: 'Adverts',
  summary: 'Delete advert',
  description: 'Deletes the advert and returns it. An advert that a campaign still uses is refused (422 `advert_in_use`).',
  errors: ['advert_in_use'],
  response: { status: 200, data: Advert },
})
