import type { Campaign } from 'ad-campaign-mock'
import { ApiCallError, type Client } from './api.js'

const $ = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector)!

/** What every part of the page works with: the API, a way to run a call that may fail, and a redraw. */
interface Page {
  client: Client
  /** Runs a call; a failure shows in the banner instead of being thrown, a success hides it. */
  run(action: () => Promise<unknown>): Promise<void>
  /** Reads the balance, campaigns and adverts again and redraws them. */
  refresh(): Promise<void>
}

/** Wires the page to the API: lists, forms, buttons, and a banner for every failed call. */
export async function renderApp(client: Client, reset?: () => Promise<void>): Promise<void> {
  const page: Page = { client, run: reportingTo($<HTMLDivElement>('#banner')), refresh: () => refresh(page) }
  wireNewAdvertForm(page)
  wireNewCampaignForm(page)
  if (reset) showResetButton(page, reset)
  await page.run(page.refresh)
  document.body.dataset.ready = 'true'
}

/** A runner whose failures show in the banner: a 429 says how long to wait. */
function reportingTo(banner: HTMLDivElement): Page['run'] {
  return async (action) => {
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
}

async function refresh(page: Page): Promise<void> {
  const { client } = page
  const [balance, campaigns, adverts] = await Promise.all([client.balance(), client.campaigns(), client.adverts()])
  $('[data-testid=balance]').textContent = `$${balance.balance_usd.toFixed(2)}`
  $('#campaigns').replaceChildren(...campaigns.map((campaign) => campaignRow(page, campaign)))
  $('#empty').hidden = campaigns.length > 0
  $<HTMLSelectElement>('#new-campaign select[name=advert_id]').replaceChildren(
    ...adverts.map((advert) => new Option(advert.title, String(advert.id))),
  )
}

/** One campaign's table row: its fields, on or off, and its Pause/Resume and Delete buttons. */
function campaignRow(page: Page, campaign: Campaign): HTMLTableRowElement {
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
    button(page, campaign.enabled ? 'Pause' : 'Resume', () => page.client.toggleCampaign(campaign.id)),
    button(page, 'Delete', () => page.client.deleteCampaign(campaign.id)),
  )
  return row
}

/** A button that runs its call, then redraws the page. */
function button(page: Page, label: string, action: () => Promise<unknown>): HTMLButtonElement {
  const element = document.createElement('button')
  element.type = 'button'
  element.textContent = label
  element.addEventListener('click', () => page.run(async () => (await action(), page.refresh())))
  return element
}

function wireNewAdvertForm(page: Page): void {
  $<HTMLFormElement>('#new-advert').addEventListener('submit', (event) => {
    event.preventDefault()
    const form = event.currentTarget as HTMLFormElement
    const title = new FormData(form).get('title') as string
    void page.run(async () => {
      await page.client.createAdvert(title)
      form.reset()
      await page.refresh()
    })
  })
}

function wireNewCampaignForm(page: Page): void {
  $<HTMLFormElement>('#new-campaign').addEventListener('submit', (event) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget as HTMLFormElement)
    void page.run(async () => {
      await page.client.createCampaign({
        advert_id: Number(data.get('advert_id')),
        broadcasting_type: data.get('broadcasting_type') as Campaign['broadcasting_type'],
        cpm: Number(data.get('cpm')),
        sending_limit: Number(data.get('sending_limit')),
      })
      await page.refresh()
    })
  })
}

/** The reset button shows only when the mock runs in the page, so there is one to reset. */
function showResetButton(page: Page, reset: () => Promise<void>): void {
  const resetButton = $<HTMLButtonElement>('#reset-mock')
  resetButton.hidden = false
  resetButton.addEventListener('click', () => page.run(async () => (await reset(), page.refresh())))
}
