// The programs an app's own project runs against the installed package (test/package-install.test.ts):
// each imports the package by name, as users do; the texts are written into the scratch project as they are.

/** Runs the handlers under the app's setupServer, then the node mock, the listener and the contract suite; prints the statuses seen as JSON. */
export const RUN_BY_NAME = `
      import { setupServer } from 'msw/node'
      import { createMockApi, DEMO_API_KEY } from 'ad-campaign-mock'
      import { startNodeMock } from 'ad-campaign-mock/node'
      import { startListener } from 'ad-campaign-mock/express'
      import { runContractSuite } from 'ad-campaign-mock/contract'

      const api = await createMockApi({ tiers: { pro: { per_minute: 6, per_day: 100, max_topups: 1 } } })
      const server = setupServer(...api.handlers)
      server.listen({ onUnhandledRequest: 'error' })
      const call = (path, init = {}) => fetch('http://app.test/api/v1' + path, { ...init, headers: { Authorization: DEMO_API_KEY, ...init.headers } })
      const statuses = {
        get: (await call('/user')).status,
        create: (await call('/campaigns', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ campaign: { advert_id: 1, broadcasting_type: 'active_ad', cpm: 1.5, sending_limit: 10 } }) })).status,
        head: (await call('/campaigns', { method: 'HEAD' })).status,
        wrongCase: (await call('/CAMPAIGNS')).status,
        undecodable: (await call('/campaigns/%ZZ')).status,
        preferred: (await call('/user', { headers: { Prefer: 'code=503, delay=5' } })).status,
        noKey: (await fetch('http://app.test/api/v1/user')).status,
        admin: (await fetch('http://app.test/__admin/clock')).status,
      }
      let limited = 0
      for (let i = 0; i < 10 && limited !== 429; i++) limited = (await call('/user')).status
      statuses.rateLimited = limited
      server.close()

      const mock = await startNodeMock()
      statuses.nodeMock = (await fetch(mock.baseUrl + '/user', { headers: { Authorization: mock.apiKey } })).status
      mock.close()
      const listener = await startListener({ port: 0 })
      statuses.listener = (await fetch(listener.baseUrl + '/user', { headers: { Authorization: DEMO_API_KEY } })).status
      const contract = await runContractSuite({
        baseUrl: listener.baseUrl,
        document: 'node_modules/ad-campaign-mock/openapi/openapi.json',
        controlPlane: { url: listener.origin + '/__admin' },
        checks: ['status_code_conformance', 'envelope_conformance'],
      })
      await listener.close()
      statuses.contract = contract.ok
      console.log(JSON.stringify(statuses))
      `

/** A Node consumer typechecked against the packed types: real types, not any (each @ts-expect-error must hold). */
export const NODE_CONSUMER = `
      import { createMockApi, Campaign, DEMO_API_KEY, type MockApi, type ErrorCode } from 'ad-campaign-mock'
      import { startNodeMock, type NodeMock } from 'ad-campaign-mock/node'
      import { createExpressApp, startListener, type Listener } from 'ad-campaign-mock/express'
      import { runContractSuite } from 'ad-campaign-mock/contract'
      import type { components, paths } from 'ad-campaign-mock/api-types'
      const created: components['schemas']['Campaign']['cpm'] = 2.5
      const path: keyof paths = '/campaigns/{id}/toggle'
      // @ts-expect-error the generated types are the document's, not any: cpm is a number
      const wrongCpm: components['schemas']['Campaign']['cpm'] = 'cheap'
      const api: MockApi = await createMockApi({ tiers: { free: { per_minute: 1, per_day: 2, max_topups: 0 } } })
      const campaign: Campaign = Campaign.parse({})
      const code: ErrorCode = 'not_found'
      const mock: NodeMock = await startNodeMock({ onUnhandledRequest: 'error' })
      const listener: Listener = await startListener({ port: 0 })
      const app = createExpressApp(api)
      const unsubscribe: () => void = api.subscribe(({ reason }) => console.log(reason))
      // @ts-expect-error a listener has no apiKey: the types are the real ones, not any
      const wrong: string = listener.apiKey
      const user = await mock.arrange.user({ tier: 'free', topups: [5] })
      mock.override('getUserBalance', ({ response }) => response(200).json({ success: true, data: { balance_usd: 0, total_topups_usd: 0 } }))
      // @ts-expect-error the document's balance_usd is a number: a typed override, from the packed openapi/api-types
      mock.override('getUserBalance', ({ response }) => response(200).json({ success: true, data: { balance_usd: '0', total_topups_usd: 0 } }))
      export { api, campaign, code, mock, listener, app, unsubscribe, runContractSuite, DEMO_API_KEY, wrong, user, created, path, wrongCpm }
      `

/** A browser consumer typechecked against the packed types, without Node's. */
export const BROWSER_CONSUMER = `
      import { startBrowserMock, type BrowserMock } from 'ad-campaign-mock/browser'
      import type { Campaign } from 'ad-campaign-mock'
      const mock: BrowserMock = await startBrowserMock({ persist: 'local', serviceWorker: { url: '/mockServiceWorker.js' }, generate: { users: 5, seed: 2 } })
      const list: Campaign[] = (await (await fetch(mock.baseUrl + '/campaigns', { headers: { Authorization: mock.apiKey } })).json()).data
      const made: Campaign[] = await mock.arrange.campaigns(mock.apiKey ? 1 : 2, 3, { seed: 4 })
      // @ts-expect-error getCampaign's path param is id
      mock.override('getCampaign', ({ params }) => void params.campaignId)
      export { list, made }
      `
