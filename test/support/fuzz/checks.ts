import { SchemaValidator, type ContractDocument } from '../../../contract-tests/lib/index.js'
import type { MockApi } from '../../../src/surface/create-mock-api.js'
import { ERROR_STATUS, type ErrorCode } from '../../../src/errors/error-codes.js'
import { createResponseChecker } from '../openapi-document.js'
import { BASES, type Plane } from './requests.js'

/** A response as the checks read it: status, headers by lower-case name, the body text. */
export interface FuzzResponse {
  status: number
  headers: Record<string, string>
  text: string
}

/** Codes the listener's own layers answer before any operation runs, for any path. */
const LISTENER_ONLY: readonly ErrorCode[] = ['headers_too_large', 'request_timeout']
const LISTENER_ONLY_STATUSES: readonly number[] = LISTENER_ONLY.map((code) => ERROR_STATUS[code])

/**
 * Checks one response against the documents: never a 5xx; JSON; for a request that reaches a
 * documented operation, a status that operation documents and a body (and headers) matching its
 * schema; for any other request, the error envelope with a code whose status is the one the table
 * gives. Returns one line per problem, in the "Received / Documented" form.
 * @example createFuzzChecker({ api, admin })('GET', new URL('http://x/api/v1/user'), response) // []
 */
export function createFuzzChecker(documents: Record<Plane, ContractDocument>) {
  const checkers = { api: createResponseChecker(documents.api), admin: createResponseChecker(documents.admin) }
  const validator = new SchemaValidator(documents.api)
  return function check(method: string, url: URL, response: FuzzResponse): string[] {
    if (response.status >= 500)
      return [`Received: ${response.status} ${response.text.slice(0, 300)} / Documented: never a 5xx`]
    const target = documentedTarget(documents, method, url.pathname)
    if (method === 'HEAD') {
      if (response.text !== '') return [`Received: a body for HEAD / Documented: none`]
      const documented =
        !target ||
        LISTENER_ONLY_STATUSES.includes(response.status) ||
        documents[target.plane].response(target.operation, response.status)
      if (!documented)
        return [
          `Received: ${response.status} for HEAD / Documented for GET: ${target.operation.responses.map((r) => r.key).join(', ')}`,
        ]
      return []
    }
    if (!/^application\/json\b/.test(response.headers['content-type'] ?? ''))
      return [`Received: Content-Type ${response.headers['content-type']} / Documented: application/json`]
    let body: { success?: unknown; error?: { code?: ErrorCode } }
    try {
      body = JSON.parse(response.text)
    } catch {
      return [`Received: a body that is not JSON (${response.text.slice(0, 100)}) / Documented: JSON`]
    }
    const code = body.error?.code
    if (target && !(code && LISTENER_ONLY.includes(code)))
      return checkers[target.plane](target.operation, response.status, body, response.headers)
    const problems = validator.validate('#/components/schemas/Error', body.error).map((problem) => `error ${problem}`)
    if (body.success !== false || Object.keys(body).length !== 2)
      problems.push(`Received: ${JSON.stringify(Object.keys(body))} / Documented: the error envelope`)
    if (code && ERROR_STATUS[code] !== response.status)
      problems.push(`Received: ${response.status} ${code} / Documented: ${ERROR_STATUS[code]} ${code}`)
    return problems
  }
}

/**
 * The documented operation a request reaches, as the mock routes it: one trailing slash is
 * tolerated, HEAD is GET; a path that does not decode (or in another case) reaches none.
 */
function documentedTarget(documents: Record<Plane, ContractDocument>, method: string, pathname: string) {
  for (const plane of Object.keys(BASES) as Plane[]) {
    const base = BASES[plane]
    if (!pathname.startsWith(`${base}/`)) continue
    const below = pathname.slice(base.length)
    try {
      below.split('/').forEach((segment) => decodeURIComponent(segment))
    } catch {
      return undefined
    }
    const path = below.length > 1 && below.endsWith('/') ? below.slice(0, -1) : below
    const operation = documents[plane].find(method === 'HEAD' ? 'GET' : method, path)
    return operation && { plane, operation }
  }
  return undefined
}

/**
 * What must hold in the store after every request: sending_count within sending_limit, no negative
 * money, every campaign on an advert of its own account, each collection's indexes in step with the
 * collection (lists whose totals match the records, every record found by its id), the key and
 * e-mail look-ups in step, id counters at or above every id. One line per broken rule.
 */
export function invariantProblems(api: MockApi): string[] {
  const { store } = api.context
  const problems: string[] = []
  const lastIds = store.lastIds
  const aboveCounter = (kind: keyof typeof lastIds, id: number) => {
    if (id > lastIds[kind]) problems.push(`${kind} id ${id} above the counter ${lastIds[kind]}`)
  }
  for (const user of store.users.findMany()) {
    aboveCounter('users', user.id)
    if (store.users.get(user.id) !== user) problems.push(`user ${user.id} is not the record its index holds`)
    if (user.balance_usd < 0 || user.total_topups_usd < 0 || user.topups_count < 0)
      problems.push(`user ${user.id} has negative money or top-ups`)
    if (store.userByApiKey(user.api_key)?.id !== user.id) problems.push(`user ${user.id}'s key opens another account`)
    if (store.userIdByEmail(user.email) !== user.id) problems.push(`user ${user.id}'s e-mail looks up another account`)
    const { adverts, campaigns } = store.account(user.id)
    for (const collection of [adverts, campaigns]) {
      if (collection.page({ offset: 0, limit: 1 }).total !== collection.count())
        problems.push(`user ${user.id}'s list total differs from the records they own`)
      for (const row of collection.findMany())
        if (collection.get(row.id) !== row)
          problems.push(`record ${row.id} of user ${user.id} is not the one its index holds`)
    }
    for (const advert of adverts.findMany()) {
      aboveCounter('adverts', advert.id)
      if (advert.user_id !== user.id)
        problems.push(`advert ${advert.id} of user ${advert.user_id} in user ${user.id}'s account`)
    }
    for (const campaign of campaigns.findMany()) {
      aboveCounter('campaigns', campaign.id)
      if (campaign.sending_count < 0 || campaign.sending_count > campaign.sending_limit)
        problems.push(`campaign ${campaign.id}: sending_count ${campaign.sending_count} of ${campaign.sending_limit}`)
      if (!adverts.get(campaign.advert_id))
        problems.push(`campaign ${campaign.id} broadcasts advert ${campaign.advert_id} of another user or none`)
    }
  }
  for (const account of store.accounts())
    if (!store.users.get(account.userId)) problems.push(`the account of user ${account.userId} outlived its user`)
  return problems
}

/** What Object.prototype and Array.prototype hold now: a request that pollutes either changes it. */
export function prototypeFingerprint(): string {
  const names = (target: object) => Reflect.ownKeys(target).map(String).sort().join(',')
  const enumerable: string[] = []
  for (const key in {}) enumerable.push(key)
  return `${names(Object.prototype)}|${names(Array.prototype)}|${enumerable.join(',')}`
}
