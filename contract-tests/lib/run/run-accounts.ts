import type { RunContext, RunSettings } from '../checks/check.js'
import { registrations, type Registration } from '../checks/registry.js'
import type { ControlPlane } from '../client/control-plane.js'
import { readOperation } from '../client/preflight.js'
import { validInstance } from '../document/valid-data.js'
import type { ContractSuiteOptions } from './suite-options.js'

/** The run's keys: given, or opened through the control plane (a second one when something enabled runs only with one). */
export async function openKeys(
  options: ContractSuiteOptions,
  plane: ControlPlane | undefined,
  wantsSecond: (item: Registration) => boolean,
): Promise<{ primary: string; second?: string }> {
  const primary = options.apiKey ?? (plane ? (await plane.createUser({})).api_key : undefined)
  if (!primary) throw new Error('runContractSuite needs apiKey, or a controlPlane to open an account with')
  const opensSecond = plane && !options.secondApiKey && registrations().some(wantsSecond)
  const second = options.secondApiKey ?? (opensSecond ? (await plane.createUser({})).api_key : undefined)
  return { primary, ...(second ? { second } : {}) }
}

/** Whether an item runs only with a second key: its option says so without one and not with one. */
export function needsSecondKey(item: Registration, settings: RunSettings): boolean {
  return (
    item.skippedBy?.({ ...settings, hasSecondKey: false }) !== undefined &&
    item.skippedBy({ ...settings, hasSecondKey: true }) === undefined
  )
}

/**
 * The second account as the run meets it first: its user record (what marks its data, for
 * account_isolation), and an advert of its own, the foreign reference for negative_data_rejection.
 */
export async function foreignAdvert(ctx: RunContext): Promise<number | undefined> {
  const user = readOperation(ctx.document)
  if (user && ctx.enabled('account_isolation'))
    await ctx.send({ method: 'GET', path: user.path, credentials: 'second', purpose: 'setup: the second account' })
  const operation = ctx.document.get('POST /adverts')
  if (!operation?.requestBody?.schema) return undefined
  const body = validInstance(operation.requestBody.schema, { title: `${ctx.state.titlePrefix} foreign advert` })
  const created = await ctx.send({
    method: 'POST',
    path: operation.path,
    body,
    credentials: 'second',
    purpose: 'setup: an advert of the second account',
  })
  const id = (created.response.json as { data?: { id?: unknown } } | undefined)?.data?.id
  return typeof id === 'number' ? id : undefined
}
