import type { HttpHandler } from 'msw'
import { isoTimestamp } from '../domain/clock.js'
import { ownedAdvert } from '../domain/ownership.js'
import { presentAdvert } from '../domain/present.js'
import { ApiError } from '../http/api-error.js'
import type { MockContext } from '../mock-context.js'
import { applyChanges } from '../store/apply-changes.js'
import { createAdvert, deleteAdvert, getAdvert, listAdverts, updateAdvert } from '../operations/adverts.js'
import { implementOperation } from './implement-operation.js'
import { paginate } from './paginate.js'

/** Handlers of the Adverts group. */
export function advertHandlers(ctx: MockContext): HttpHandler[] {
  const { store } = ctx
  return [
    implementOperation(ctx, listAdverts, async ({ user, query }) => paginate(store.adverts, user.id, query, presentAdvert)),

    implementOperation(ctx, createAdvert, async ({ user, body }) => {
      const now = isoTimestamp(ctx.clock.now())
      const advert = await store.adverts.insert({
        id: store.adverts.nextId(),
        user_id: user.id,
        ...body.advert,
        created_at: now,
        updated_at: now,
      })
      return { data: presentAdvert(advert) }
    }),

    implementOperation(ctx, getAdvert, async ({ user, id }) => ({ data: presentAdvert(ownedAdvert(ctx, user, id)) })),

    implementOperation(ctx, updateAdvert, async ({ user, id, body }) => {
      const advert = ownedAdvert(ctx, user, id)
      const updated = await applyChanges(store.adverts, advert, body.advert, isoTimestamp(ctx.clock.now()))
      return { data: presentAdvert(updated) }
    }),

    implementOperation(ctx, deleteAdvert, async ({ user, id }) => {
      const advert = ownedAdvert(ctx, user, id)
      const users = store.campaignsOfAdvert(advert)
      if (users.length > 0) {
        const ids = users.map((campaign) => campaign.id).join(', ')
        throw new ApiError('advert_in_use', `Failed to delete advert ${id}: campaigns ${ids} still use it`)
      }
      store.adverts.remove(advert)
      return { data: presentAdvert(advert) }
    }),
  ]
}
