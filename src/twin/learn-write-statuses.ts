import { DEFAULT_MODEL } from '../model/api-model.js'
import type { WriteOperation } from '../profile/profile.js'
import type { LearnContext } from './learn-context.js'

// The success status of each write the learner made (creates, updates, toggles), from the answers it
// had (no request of its own): where every accepted answer of one write agrees, that status. The
// spec shows only POST /campaigns's 201; a deployment may answer a new advert 200, or a toggle 201.

/** The writes the learner makes, with their method and their path's form. */
const WRITES: readonly { operationId: WriteOperation; method: string; path: RegExp }[] = [
  { operationId: 'createAdvert', method: 'POST', path: /\/adverts$/ },
  { operationId: 'createCampaign', method: 'POST', path: /\/campaigns$/ },
  { operationId: 'updateAdvert', method: 'PATCH', path: /\/adverts\/[^/]+$/ },
  { operationId: 'updateCampaign', method: 'PATCH', path: /\/campaigns\/[^/]+$/ },
  { operationId: 'toggleCampaign', method: 'POST', path: /\/campaigns\/[^/]+\/toggle$/ },
]

/** Learns `resources.statuses`: the statuses that differ from the mock's, by operation. */
export async function probeWriteStatuses(ctx: LearnContext): Promise<void> {
  const statuses: Partial<Record<WriteOperation, number>> = {}
  const evidence = []
  for (const { operationId, method, path } of WRITES) {
    const accepted = ctx.history.filter(
      ({ request, response }) =>
        request.method === method && path.test(new URL(request.url).pathname) && response.status < 300,
    )
    const seen = new Set(accepted.map(({ response }) => response.status))
    const [status] = seen
    const declared = DEFAULT_MODEL.operations.get(operationId)?.response.status
    if (seen.size !== 1 || status === undefined || status === declared || ![200, 201, 202].includes(status)) continue
    statuses[operationId] = status
    evidence.push(ctx.evidence(accepted[0]!, `${operationId}: ${status}, not ${declared}`))
  }
  const none = {
    request: "the learner's creates, updates and toggles",
    status: null,
    seen: "each answered as the mock's",
  }
  ctx.observations.learn('resources.statuses', statuses, ...(evidence.length > 0 ? evidence : [none]))
}
