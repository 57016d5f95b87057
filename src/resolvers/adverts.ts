import { createAdvert, deleteAdvert, listAdverts, updateAdvert } from '../domain/adverts.js'
import { ownedAdvert } from '../domain/ownership.js'
import { presentAdvert as present, presentPage } from '../presentation/present.js'
import type { AdvertRecord } from '../store/models.js'
import * as op from '../operations/api.js'
import { implementOperation } from '../pipeline/implement-operation.js'
import type { MockContext } from '../pipeline/mock-context.js'
import type { OperationRoute } from '../pipeline/route.js'

/** Routes of the Adverts group: parse (the pipeline) → call the domain → present. */
export function advertRoutes(ctx: MockContext): OperationRoute[] {
  const extra = ctx.profile.resources.extraFields.advert
  const presentAdvert = (advert: AdvertRecord) => present(advert, extra)
  return [
    implementOperation(ctx, op.listAdverts, async ({ user, query }) =>
      presentPage(listAdverts(ctx, user, query), query, presentAdvert),
    ),
    implementOperation(ctx, op.createAdvert, async ({ user, body }) => ({
      data: presentAdvert(await createAdvert(ctx, user, body.advert)),
    })),
    implementOperation(ctx, op.getAdvert, async ({ user, id }) => ({
      data: presentAdvert(ownedAdvert(ctx, user, id)),
    })),
    implementOperation(ctx, op.updateAdvert, async ({ user, id, body }) => ({
      data: presentAdvert(await updateAdvert(ctx, user, id, body.advert)),
    })),
    implementOperation(ctx, op.deleteAdvert, async ({ user, id }) => ({
      data: presentAdvert(await deleteAdvert(ctx, user, id)),
    })),
  ]
}
