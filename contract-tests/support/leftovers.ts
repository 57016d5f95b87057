import type { FetchLike } from './in-process.js'

/** What a run left behind in the mock's store: adverts titled `[contract <runId>] …` and their campaigns. */
export interface Leftovers {
  adverts: unknown[]
  campaigns: unknown[]
}

/**
 * Reads the mock's state through its control plane and keeps the run's own adverts and their
 * campaigns: none, if cleanup did its job.
 * @example expect(await leftovers(mock.handle, mock.adminUrl, result.runId)).toEqual({ adverts: [], campaigns: [] })
 */
export async function leftovers(handle: FetchLike, adminUrl: string, runId: string): Promise<Leftovers> {
  const state = (await (await handle(new Request(`${adminUrl}/state`))).json()).data
  const mine = (title: unknown) => typeof title === 'string' && title.includes(runId)
  return {
    adverts: state.dataset.adverts.filter((advert: { title: string }) => mine(advert.title)),
    campaigns: state.dataset.campaigns.filter((campaign: { advert_id: number }) =>
      state.dataset.adverts.some(
        (advert: { id: number; title: string }) => advert.id === campaign.advert_id && mine(advert.title),
      ),
    ),
  }
}
