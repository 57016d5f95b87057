import { listenerTransport } from './listener-transport.js'
import { createResponseChecker, loadDocument } from './openapi-document.js'

/** The control plane's own document (openapi/admin.openapi.json), which every /__admin answer must follow. */
export const adminDocument = await loadDocument('openapi/admin.openapi.json')

/** Checks an /__admin answer against adminDocument: the problems, none when it is as documented. */
export const checkAdmin = createResponseChecker(adminDocument)

/** A listener whose free tier allows one top-up, so the control plane's tests can reach the limit. */
export function controlPlaneListener(): ReturnType<typeof listenerTransport> {
  return listenerTransport({ tiers: { free: { per_minute: 5, per_day: 50, max_topups: 1 } } })
}
