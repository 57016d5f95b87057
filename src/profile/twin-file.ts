import * as z from 'zod/mini'
import { Profile } from './profile.js'

// A twin of a deployment, as `ad-campaign-mock twin` writes it and `--twin` serves it: the choices
// learned where the spec is silent (each with its evidence), the account as it was, and the
// document that describes the deployment. Never a live key: the twin's user gets a key of its own.

/** The version of the twin file's shape: a file of another format is refused with one line. */
export const TWIN_FORMAT = 'ad-campaign-mock/twin@2'

/** What showed a choice: the request sent, the status it got, and what was seen. */
export const Evidence = z.strictObject({
  request: z.string(),
  status: z.nullable(z.int()),
  seen: z.string(),
})
export type Evidence = z.infer<typeof Evidence>

/**
 * One choice as learned: its path in the profile (`lists.defaultPerPage`), the value, and the
 * evidence; or, when it could not be learned (the default is then kept), why not. A choice the
 * deployment answered two ways is `conflicting`, with both answers in `seen`.
 */
export const LearnedChoice = z.strictObject({
  path: z.string().check(z.minLength(1)),
  value: z.unknown(),
  learned: z.enum(['learned', 'default', 'conflicting']),
  evidence: z.array(Evidence),
  /** Why the default was kept, when it was. */
  reason: z.optional(z.string()),
  /** What the table says beside it (a template's values kept as they came). */
  note: z.optional(z.string()),
})
export type LearnedChoice = z.infer<typeof LearnedChoice>

/** A record as the deployment answered it: its documented fields and any beyond them, as they came. */
const AnyRecord = z.looseObject({ id: z.int().check(z.positive()) })

/** The account as it was when learned. */
export const CapturedAccount = z.strictObject({
  /** The user as `GET /user` answered it; its `api_key` is replaced by the twin's own. */
  user: z.looseObject({ id: z.int().check(z.positive()), email: z.string(), api_key: z.string() }),
  adverts: z.array(AnyRecord),
  campaigns: z.array(z.looseObject({ id: z.int().check(z.positive()), advert_id: z.int().check(z.positive()) })),
})
export type CapturedAccount = z.infer<typeof CapturedAccount>

/** The twin file. */
export const TwinFile = z.strictObject({
  format: z.literal(TWIN_FORMAT),
  /** Where and when it was learned. */
  source: z.strictObject({ base_url: z.string(), learned_at: z.string() }),
  profile: Profile,
  choices: z.array(LearnedChoice),
  account: CapturedAccount,
  /** The OpenAPI document of the deployment: the mock's, with the learned choices. */
  document: z.record(z.string(), z.unknown()),
})
export type TwinFile = z.infer<typeof TwinFile>
