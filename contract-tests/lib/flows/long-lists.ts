import { dataOf, isSuccess, type CheckContext } from '../checks/check.js'
import type { Exchange } from '../client/exchange.js'
import { listBehaviour } from '../document/document-behaviour.js'
import type { DocumentedOperation } from '../document/document.js'
import { page } from './steps.js'

/** What the run keeps of its budget for what comes after the lists (the flows after this one, the sweeps). */
const RESERVE = 150

/**
 * The default page size and the order, judged on a list long enough to show them: for each list
 * that documents a default page size, when the account holds no more than one default page, the
 * run makes records of its own (the body the flow's create was accepted with, again) until it
 * holds one more, reads the list without paging parameters (pagination_conformance and
 * ordering_conformance judge that answer: a full default page, in the documented order), then
 * deletes them. Within the budget: a list that would need more says so instead.
 */
export async function judgeLongLists(ctx: CheckContext): Promise<void> {
  // Records made for nothing, unless a check judges the long list.
  if (!ctx.enabled('pagination_conformance') && !ctx.enabled('ordering_conformance')) return
  for (const list of ctx.document.operations) {
    const size = defaultPageSize(list)
    const create = ctx.document.find('POST', list.path)
    const body = create && ctx.state.acceptedBodies.get(create.label)
    if (size === undefined || !create || body === undefined) continue
    const first = await read(ctx, list, 'how long is the list?')
    const { items, paging } = page(first, listBehaviour(list)?.paging?.pagination)
    // Its length as the answer says it, else a page shorter than the default is the whole list.
    const total = paging?.totalCount ?? (items.length < size ? items.length : undefined)
    if (!isSuccess(first.response.status) || typeof total !== 'number' || total > size) continue
    const needed = size + 1 - total
    const left = ctx.settings.maxRequests - ctx.client.requests - RESERVE
    if (2 * needed + 1 > left) {
      const reason = `${list.label} holds ${total}, not more than its default page of ${size}, and making ${needed} more would spend more than the ${Math.max(0, left)} requests the budget leaves`
      ctx.unjudged(reason, list.label, 'pagination_conformance')
      ctx.state.notes.push(`campaign_lifecycle: ${reason}`)
      continue
    }
    const made = await fill(ctx, create, body, needed)
    if (made.length === needed)
      judgeDefaultPage(ctx, list, size, await read(ctx, list, `a list one longer than its default page of ${size}`))
    for (const path of made.reverse())
      await ctx.send({
        method: 'DELETE',
        path,
        credentials: 'primary',
        purpose: 'campaign_lifecycle: delete a record made for a long list',
      })
  }
}

/**
 * The default page of a list known to hold one more than it: the documented default number of
 * items, whatever the answer says of itself (a deployment that states no page size is judged by
 * its items). Under pagination_conformance, the same cause as that check's own judgement of it.
 */
function judgeDefaultPage(ctx: CheckContext, list: DocumentedOperation, size: number, answer: Exchange): void {
  const { items } = page(answer)
  if (!isSuccess(answer.response.status) || !ctx.enabled('pagination_conformance')) return
  ctx.ran(list.label, 'pagination_conformance')
  if (items.length === size) return
  const name = listBehaviour(list)?.paging?.per_page ?? 'per_page'
  ctx.fail(`The default ${name} is not the documented one`, {
    exchange: answer,
    received: `${items.length} items on the first page of a list of at least ${size + 1}, asked without ${name}`,
    documented: `${size} items (${name}'s documented default)`,
    check: 'pagination_conformance',
    profile: 'contract',
    rootCause: `pagination_conformance: The default ${name} is not the documented one`,
  })
}

/** Makes up to `count` records with the accepted body; the paths of those made (it stops at the first refusal). */
async function fill(ctx: CheckContext, create: DocumentedOperation, body: unknown, count: number): Promise<string[]> {
  const made: string[] = []
  for (let index = 0; index < count; index++) {
    const answer = await ctx.send({
      method: 'POST',
      path: create.path,
      body,
      credentials: 'primary',
      purpose: `campaign_lifecycle: record ${index + 1} of ${count} for a long list`,
    })
    const id = dataOf(answer)?.id
    if (!isSuccess(answer.response.status) || id === undefined) break
    made.push(`${create.path}/${String(id)}`)
  }
  return made
}

function read(ctx: CheckContext, list: DocumentedOperation, why: string): Promise<Exchange> {
  return ctx.send({ method: 'GET', path: list.path, credentials: 'primary', purpose: `campaign_lifecycle: ${why}` })
}

/** The default of a list's page-size parameter, when it documents paging with one. */
function defaultPageSize(operation: DocumentedOperation): number | undefined {
  const paging = listBehaviour(operation)?.paging
  const parameter = paging && operation.parameters.find((p) => p.in === 'query' && p.name === paging.per_page)
  const value = parameter?.schema.default
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined
}
