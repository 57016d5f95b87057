// @vitest-environment jsdom
import { startNodeMock } from 'ad-campaign-mock/node'
import { afterAll, afterEach, expect, it } from 'vitest'

// Vitest in Node with a jsdom document: the mock runs in this process through msw/node, so the
// code under test calls fetch as it would in the app, and the test checks what the page shows.
const mock = await startNodeMock({ onUnhandledRequest: 'error' })
afterEach(() => mock.reset())
afterAll(() => mock.close())

/** The code under test: renders the caller's campaigns, or the API's error, into an element. */
async function renderCampaigns(root: HTMLElement, baseUrl: string, apiKey: string): Promise<void> {
  const response = await fetch(`${baseUrl}/campaigns`, { headers: { Authorization: apiKey } })
  const body = await response.json()
  root.replaceChildren(
    ...(body.success
      ? body.data.map((campaign: { id: number; advert_title: string }) =>
          Object.assign(document.createElement('li'), { textContent: campaign.advert_title }),
        )
      : [Object.assign(document.createElement('p'), { role: 'alert', textContent: body.error.message })]),
  )
}

it('renders the campaigns the mock holds, including one the test created through the API', async () => {
  const post = (path: string, body: unknown) =>
    fetch(`${mock.baseUrl}${path}`, {
      method: 'POST',
      headers: { Authorization: mock.apiKey, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
  const advert = (await (await post('/adverts', { advert: { title: 'Made by the test' } })).json()).data
  await post('/campaigns', {
    campaign: { advert_id: advert.id, broadcasting_type: 'active_ad', cpm: 1.5, sending_limit: 100 },
  })
  const list = document.body.appendChild(document.createElement('ul'))
  await renderCampaigns(list, mock.baseUrl, mock.apiKey)
  expect(list.querySelectorAll('li')).toHaveLength(4)
  expect(list.firstElementChild?.textContent).toBe('Made by the test')
})

it('shows the error the API gives when the test takes the user over its rate limit', async () => {
  await mock.api.setTiers({ pro: { per_minute: 1 } })
  const list = document.body.appendChild(document.createElement('ul'))
  await renderCampaigns(list, mock.baseUrl, mock.apiKey)
  await renderCampaigns(list, mock.baseUrl, mock.apiKey)
  expect(list.querySelector('[role=alert]')?.textContent).toMatch(/^Rate limit exceeded/)
})
