import type { Exchange } from '../client/exchange.js'
import { isRecord } from '../document/schema-reading.js'
import { dataOf, isSuccess, type Check, type CheckContext } from './check.js'

/** The two accounts of a run, by the credentials that reach them. */
type Account = 'primary' | 'second'

/** What marks one account's data: every e-mail it had in the run, and the exact text of what the run wrote into it. */
interface Marks {
  emails: Set<string>
  texts: Set<string>
}

/** Shorter text than this could be anyone's (`""`, `x`): not a mark. */
const SHORTEST_MARK = 8

/** The cause of one account's data showing in another's answer, by where it showed: what object_level_authorization reports too. */
export function isolationCause(exchange: Exchange): string {
  const { status, json } = exchange.response
  if (status >= 400) return 'isolation error message'
  return Array.isArray((json as { data?: unknown } | undefined)?.data) ? 'isolation list' : 'isolation record'
}

/**
 * One account's data never shows in another's answers: not a record of it, not an item of a list,
 * not a word of an error message. With two keys, each account's marks (its e-mail as its user
 * record gives it, the text the run wrote into its resources) are looked for in every answer the
 * other account's key got, the text that account sent itself aside. Needs CONTRACT_API_KEY_2.
 */
export const accountIsolation: Check = {
  kind: 'response',
  finds: 'defect',
  description:
    "Neither account's e-mail nor what the run wrote into it shows in the other account's answers (records, lists, errors).",
  claims: { contract: (operation) => operation.secured },
  skippedBy: (settings) =>
    settings.hasSecondKey ? undefined : 'no second key (CONTRACT_API_KEY_2): one account cannot show in another',
  run(ctx, exchange) {
    const account = exchange.credentials
    if (account !== 'primary' && account !== 'second') return false
    const marks = ctx.local((): Record<Account, Marks> => ({
      primary: { emails: new Set(), texts: new Set() },
      second: { emails: new Set(), texts: new Set() },
    }))
    learn(ctx, exchange, marks[account])
    const other = marks[account === 'primary' ? 'second' : 'primary']
    // Before the other account's e-mail is known there is nothing to look for; an accepted probe is negative_data_rejection's.
    if (other.emails.size === 0 || (exchange.negative && isSuccess(exchange.response.status))) return false
    const sent = `${exchange.request.url} ${exchange.request.body ?? ''}`
    const own = [...marks[account].texts]
    // What the caller sent itself, or a part of its own text, is no one else's.
    const shown = [...other.emails, ...other.texts].filter(
      (mark) =>
        !sent.includes(mark) &&
        !marks[account].emails.has(mark) &&
        !own.some((text) => text.includes(mark)) &&
        (exchange.response.text.includes(mark) || headerHolds(exchange, mark)),
    )
    if (shown.length > 0)
      ctx.fail("Another account's data shows in the answer", {
        received: `${shown.map((mark) => JSON.stringify(mark)).join(', ')} (the ${account === 'primary' ? 'second' : 'first'} account's) in ${exchange.response.status} ${exchange.response.text.slice(0, 200)}`,
        documented:
          "only the caller's own data: another account's records, list items and details are never answered (spec 5: the key names the account)",
        rootCause: isolationCause(exchange),
      })
  },
}

/** Takes an account's marks from its own answers and requests: its e-mail from its user record, the texts it wrote. */
function learn(ctx: CheckContext, exchange: Exchange, marks: Marks): void {
  if (!isSuccess(exchange.response.status) || exchange.negative) return
  const data = dataOf(exchange)
  const key = exchange.credentials === 'primary' ? ctx.client.keys.primary : ctx.client.keys.second
  if (data && typeof data.email === 'string' && data.api_key === key) marks.emails.add(data.email)
  if (exchange.request.method === 'GET' || !exchange.request.body) return
  const body = JSON.parse(exchange.request.body) as unknown
  for (const value of Object.values(isRecord(body) ? body : {}).flatMap((inner) =>
    isRecord(inner) ? Object.values(inner) : [],
  ))
    if (typeof value === 'string' && value.startsWith(ctx.state.titlePrefix) && value.length >= SHORTEST_MARK)
      marks.texts.add(value)
}

function headerHolds(exchange: Exchange, mark: string): boolean {
  return Object.values(exchange.response.headers).some((value) => value.includes(mark))
}
