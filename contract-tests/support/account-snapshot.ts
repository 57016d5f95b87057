// What an account holds, read through the API with its key (as anyone could read it, not as the
// learner reports it): the user and every advert and campaign, page by page.

/** An account as the API shows it. */
export interface AccountSnapshot {
  user: unknown
  adverts: unknown[]
  campaigns: unknown[]
}

/**
 * Reads an account through the API.
 * @example expect(await accountSnapshot(baseUrl, key)).toEqual(before)
 */
export async function accountSnapshot(baseUrl: string, key: string, send = fetch): Promise<AccountSnapshot> {
  const read = async (path: string) => {
    const response = await send(`${baseUrl}${path}`, { headers: { authorization: key } })
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`)
    return (await response.json()) as { data: unknown; pagination?: { total_pages?: number } }
  }
  const all = async (path: string) => {
    const items: unknown[] = []
    for (let page = 1; page <= 50; page++) {
      const body = await read(`${path}?per_page=100&page=${page}`)
      items.push(...(body.data as unknown[]))
      if (page >= (body.pagination?.total_pages ?? 1)) break
    }
    return items
  }
  return { user: (await read('/user')).data, adverts: await all('/adverts'), campaigns: await all('/campaigns') }
}
