import type { Exchange } from '../../contract-tests/lib/client/exchange.js'
import type { LearnedChoice } from '../profile/twin-file.js'
import { labelOf } from './choice-catalogue.js'
import type { Explain } from './replay.js'

// Why a replayed exchange may differ: the choices its probe was about, where one of them kept the
// mock's default (and so the twin answers as the mock does), with that choice's own reason.

/** The choices each probe's requests are about, by the probe's purpose. */
const ABOUT: readonly [RegExp, readonly string[]][] = [
  [/refused key/, ['errors.statuses.unauthorized', 'errors.bodies.unauthorized', 'errors.codes.unauthorized']],
  [/unknown id/, ['errors.statuses.not_found', 'errors.bodies.not_found', 'errors.codes.not_found']],
  [
    /unknown path/,
    ['errors.statuses.route_not_found', 'errors.bodies.route_not_found', 'errors.codes.route_not_found'],
  ],
  [
    /unsupported method/,
    ['errors.unsupportedMethod', 'errors.bodies.method_not_allowed', 'errors.codes.method_not_allowed'],
  ],
  [/invalid JSON/, ['errors.statuses.invalid_json', 'errors.bodies.invalid_json', 'errors.codes.invalid_json']],
  [
    /invalid input/,
    ['errors.statuses.validation_failed', 'errors.bodies.validation_failed', 'errors.codes.validation_failed'],
  ],
  [/foreign/, ['errors.foreign', 'errors.bodies.forbidden', 'errors.codes.forbidden']],
  [/advert in use/, ['errors.statuses.advert_in_use', 'errors.bodies.advert_in_use', 'errors.codes.advert_in_use']],
  [/largest page/, ['lists.maxPerPage', 'lists.abovePerPageMax']],
  [/default page size|envelope|order/, ['lists.envelope', 'lists.defaultPerPage', 'lists.order']],
  [/unknown field/, ['inputs.unknownFields']],
  [/cpm/, ['inputs.cpm.decimals', 'inputs.cpm.beyond', 'inputs.cpm.max']],
  [/title/, ['inputs.titleMaxLength']],
  [/delete/, ['resources.deletes.advert', 'resources.deletes.campaign']],
  [
    /create campaigns/,
    ['resources.broadcastingTypes', 'resources.newCampaignEnabled', 'resources.extraFields.campaign'],
  ],
]

/** Why a deployment that refuses invalid input 400 here and 422 there differs: beyond a profile (docs/twin.md, "What cannot be learned"). */
export const STATUS_SPLIT =
  'a 400/422 split by kind of invalid input: a profile has one status for invalid input, and the deployment refused this input with the other'

/** Why an unknown field's refusal carries another code than other invalid input's (GitHub's problem code `unknown_field`): beyond a profile. */
export const UNKNOWN_FIELD_CODE =
  'a code of its own for an unknown field: a profile has one code for invalid input, and one problem template'

/**
 * An explainer over the learned choices: a status of invalid input other than the one learned is
 * the split no profile holds; a difference in the headers is the headers' choice, any other the
 * choices of the exchange's probe; explained where one of them kept the default.
 * @example const explain = explainer(twin.choices); explain(learned.sent[0]!.exchange, 'status 404, not 403')
 */
export function explainer(choices: readonly LearnedChoice[]): Explain {
  const kept = (paths: readonly string[]) =>
    paths
      .map((path) => choices.find((choice) => choice.path === path))
      .find((choice) => choice && choice.learned !== 'learned')
  const invalid = choices.find((choice) => choice.path === 'errors.statuses.validation_failed')
  return (exchange: Exchange, what: string) => {
    const status = /^status (400|422), not (400|422)$/.exec(what)
    if (
      status &&
      invalid?.learned === 'learned' &&
      Number(status[1]) === invalid.value &&
      exchange.response.status === Number(status[2])
    )
      return STATUS_SPLIT
    if (/^code /.test(what) && /\bunknown field$/.test(exchange.purpose)) return UNKNOWN_FIELD_CODE
    const paths = what.startsWith('headers')
      ? ['rateLimits.headers']
      : (ABOUT.find(([purpose]) => purpose.test(exchange.purpose))?.[1] ?? [])
    const choice = kept(paths)
    return choice && `${labelOf(choice.path)} kept the mock's default: ${choice.reason ?? choice.learned}`
  }
}
