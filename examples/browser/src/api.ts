import type { Advert, Balance, Campaign } from 'ad-campaign-mock'

/** A failed call: the API's error code and message, and for a 429 how long to wait. */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
  }
}

/** A tiny client for the Advertising Campaign Service: the app would use the same against the real one. */
export function createClient(baseUrl: string, apiKey: string) {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { Authorization: apiKey, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const payload = await response.json()
    if (!payload.success) {
      const retryAfter = response.headers.get('Retry-After')
      throw new ApiCallError(
        response.status,
        payload.error.code,
        payload.error.message,
        retryAfter === null ? undefined : Number(retryAfter),
      )
    }
    return payload.data as T
  }
  return {
    balance: () => call<Balance>('GET', '/user/balance'),
    campaigns: () => call<Campaign[]>('GET', '/campaigns?per_page=100'),
    adverts: () => call<Advert[]>('GET', '/adverts?per_page=100'),
    createAdvert: (title: string) => call<Advert>('POST', '/adverts', { advert: { title } }),
    createCampaign: (campaign: Pick<Campaign, 'advert_id' | 'broadcasting_type' | 'cpm' | 'sending_limit'>) =>
      call<Campaign>('POST', '/campaigns', { campaign }),
    toggleCampaign: (id: number) => call<Campaign>('POST', `/campaigns/${id}/toggle`),
    deleteCampaign: (id: number) => call<Campaign>('DELETE', `/campaigns/${id}`),
  }
}

export type Client = ReturnType<typeof createClient>
