import fc from 'fast-check'
import { ChangeEmail, Deliver, ResetKey, TopUp } from './account-commands.js'
import { pick, WHO, type Model, type Real } from './model.js'
import { ChangeCampaign, CreateAdvert, CreateCampaign, DeleteAdvert, ListOwn, ReadCampaign } from './record-commands.js'

/** The commands, for fc.commands: every operation both users can make, valid and not. */
export function modelCommands(): fc.Arbitrary<fc.AsyncCommand<Model, Real>>[] {
  const who = fc.constantFrom(...WHO)
  const emails = fc.constantFrom(
    'demo@example.com',
    'OTHER@example.com',
    'shared@example.org',
    'Shared@Example.org',
    'fresh@example.org',
  )
  return [
    fc
      .tuple(who, fc.oneof(fc.string({ minLength: 1, maxLength: 30 }), fc.constantFrom('', '   ', 'x'.repeat(121))))
      .map(([w, title]) => new CreateAdvert(w, title)),
    fc.tuple(who, pick, fc.integer({ min: 1, max: 50_000 })).map(([w, p, limit]) => new CreateCampaign(w, p, limit)),
    fc.tuple(who, pick).map(([w, p]) => new ReadCampaign(w, p)),
    fc
      .tuple(
        who,
        pick,
        fc.constantFrom('toggle', 'disable', 'limit', 'delete') as fc.Arbitrary<
          'toggle' | 'disable' | 'limit' | 'delete'
        >,
        fc.integer({ min: 1, max: 20_000 }),
      )
      .map(([w, p, change, limit]) => new ChangeCampaign(w, p, change, limit)),
    fc.tuple(who, pick).map(([w, p]) => new DeleteAdvert(w, p)),
    fc
      .tuple(
        who,
        fc.constantFrom('adverts', 'campaigns') as fc.Arbitrary<'adverts' | 'campaigns'>,
        fc.constantFrom(undefined, true, false),
      )
      .map(([w, kind, enabled]) => new ListOwn(w, kind, enabled)),
    fc.tuple(who, emails).map(([w, email]) => new ChangeEmail(w, email)),
    who.map((w) => new ResetKey(w)),
    who.map((w) => new TopUp(w)),
    fc.integer({ min: 1, max: 20_000 }).map((sends) => new Deliver(sends)),
  ]
}
