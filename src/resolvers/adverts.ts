import { createAdvert, deleteAdvert, listAdverts, updateAdvert } from '../domain/adverts.js'
import { ownedAdvert } from '../domain/ownership.js'
import { presentAdvert as present } from '../presentation/present.js'
import type { JsonForm } from '../store/kept-json.js'
import type { AdvertRecord, UserRecord } from '../store/models.js'
import type { PageQuery } from '../store/indexed-collection.js'
import * as op from '../operations/api.js'
import { implementOperation } from '../pipeline/implement-operation.js'
import type { MockContext } from '../pipeline/mock-context.js'
import type { OperationRoute } from '../pipeline/route.js'

/** Routes of the Adverts group: parse (the pipeline) → call the domain → present (a record's JSON kept until it changes). */
export function advertRoutes(ctx: MockContext): OperationRoute[] {
  const extra = ctx.profile.resources.extraFields.advert
  const presentAdvert = (advert: AdvertRecord) => present(advert, extra)
  // How an advert is written, once per change of it.
  const written: JsonForm<AdvertRecord, UserRecord | undefined> = (advert) =>
    ctx.model.json(presentAdvert(advert), 'advert')
  const advertsOf = (user: UserRecord) => ctx.store.account(user.id).adverts
  const readPage = (query: PageQuery, user: UserRecord | undefined) => listAdverts(ctx, user!, query)
  const kept = (user: UserRecord, advert: AdvertRecord) => advertsOf(user).json(advert, written, undefined)
  return [
    implementOperation(ctx, op.listAdverts, async ({ user, query }) =>
      advertsOf(user).jsonPage(query, readPage, written, user),
    ),
    implementOperation(ctx, op.createAdvert, async ({ user, body }) => ({
      data: kept(user, await createAdvert(ctx, user, body.advert)),
    })),
    implementOperation(ctx, op.getAdvert, async ({ user, id }) => ({
      data: kept(user, ownedAdvert(ctx, user, id)),
    })),
    implementOperation(ctx, op.updateAdvert, async ({ user, id, body }) => ({
      data: kept(user, await updateAdvert(ctx, user, id, body.advert)),
    })),
    // A deleted advert is no longer stored: it is shown once, as it was, and nothing is kept.
    implementOperation(ctx, op.deleteAdvert, async ({ user, id }) => ({
      data: presentAdvert(await deleteAdvert(ctx, user, id)),
    })),
  ]
}
