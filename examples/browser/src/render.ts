import type { Campaign } from 'ad-campaign-mock'
import { ApiCallError, type Client } from './api.js'

const $ = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector)!

/** Wires the page to the API: lists, forms, buttons, and a banner for every failed call. */
export async function renderApp(client: Client, reset?: () => Promise<void>): Promise<void> {
  const banner = $<HTMLDivElement>('#banner')

  async function run(action: () => Promise<unknown>): Promise<void> {
    try {
      await action()
      banner.hidden = true
    } catch (error) {
      banner.hidden = false
      banner.textContent =
        error instanceof ApiCallError && error.status === 429
          ? `Too many requests: slow down and retry in ${error.retryAfterSeconds ?? 1} s.`
          : `Request failed: ${error instanceof Error ? error.message : String(error)}`
    }
  }

  async function refresh(): Promise<void> {
    const [balance, campaigns, adverts] = await Promise.all([client.balance(), client.campaigns(), client.adverts()])
    $('[data-testid=balance]').textContent = `$${balance.balance_usd.toFixed(2)}`
    $('#campaigns').replaceChildren(...campaigns.map(campaignRow))
    $('#empty').hidden = campaigns.length > 0
    $<HTMLSelectElement>('#new-campaign select[name=advert_id]').replaceChildren(
      ...adverts.map((advert) => new Option(advert.title, String(advert.id))),
    )
  }

  function campaignRow(campaign: Campaign): HTMLTableRowElement {
    const row = document.createElement('tr')
    row.dataset.campaignId = String(campaign.id)
    const cells = [
      campaign.id,
      campaign.advert_title,
      campaign.broadcasting_type,
      `$${campaign.cpm.toFixed(2)}`,
      campaign.sending_count,
    ]
    for (const value of cells) row.insertCell().textContent = String(value)
    const status = row.insertCell()
    status.textContent = campaign.enabled ? 'on' : 'off'
    status.className = campaign.enabled ? 'on' : 'off'
    const actions = row.insertCell()
    actions.append(
      button(campaign.enabled ? 'Pause' : 'Resume', () => client.toggleCampaign(campaign.id)),
      button('Delete', () => client.deleteCampaign(campaign.id)),
    )
    return row
  }

  function button(label: string, action: () => Promise<unknown>): HTMLButtonElement {
    const element = document.createElement('button')
    element.type = 'button'
    element.textContent = label
    element.addEventListener('click', () => run(async () => (await action(), refresh())))
    return element
  }

  $<HTMLFormElement>('#new-advert').addEventListener('submit', (event) => {
    event.preventDefault()
    const form = event.currentTarget as HTMLFormElement
    const title = new FormData(form).get('title') as string
    void run(async () => {
      await client.createAdvert(title)
      form.reset()
      await refresh()
    })
  })

  $<HTMLFormElement>('#new-campaign').addEventListener('submit', (event) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget as HTMLFormElement)
    void run(async () => {
      await client.createCampaign({
        advert_id: Number(data.get('advert_id')),
        broadcasting_type: data.get('broadcasting_type') as Campaign['broadcasting_type'],
        cpm: Number(data.get('cpm')),
        sending_limit: Number(data.get('sending_limit')),
      })
      await refresh()
    })
  })

  if (reset) {
    const resetButton = $<HTMLButtonElement>('#reset-mock')
    resetButton.hidden = false
    resetButton.addEventListener('click', () => run(async () => (await reset(), refresh())))
  }

  await run(refresh)
  document.body.dataset.ready = 'true'
}
