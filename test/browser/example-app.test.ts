import { mkdirSync, rmSync, statSync } from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startListener, type Listener } from '../../src/runtimes/express.js'
import { DEMO_API_KEY } from '../../src/store/fixtures.js'
import { PACKAGE_VERSION } from '../../src/domain/package-version.js'
import { launchChromium, SCREENSHOT_DIR } from '../support/chromium.js'
import { startExampleServer, type ExampleServer } from '../support/example-app.js'

// The example app (examples/browser) in Debian's Chromium: the mock runs in the page through msw's
// service worker, keeps its state across reloads (persist: 'session'), and the same app also
// calls the standalone listener across origins.

let browser: Browser
let app: ExampleServer
let context: BrowserContext
let page: Page
const consoleMessages: string[] = []

beforeAll(async () => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  ;[browser, app] = await Promise.all([launchChromium(), startExampleServer({ name: 'worker' })])
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await app?.close()
})
beforeEach(async () => {
  // A new context: new storage, no service worker registered yet.
  context = await browser.newContext()
  page = await context.newPage()
  consoleMessages.length = 0
  page.on('console', (message) => consoleMessages.push(`${message.type()}: ${message.text()}`))
})
afterEach(() => context.close())

async function screenshot(name: string): Promise<void> {
  const path = `${SCREENSHOT_DIR}/${name}.png`
  rmSync(path, { force: true })
  await page.screenshot({ path, fullPage: true })
  expect(statSync(path).size, path).toBeGreaterThan(1000)
}
const campaignRows = () => page.locator('#campaigns tr')
const rowOf = (title: string) => campaignRows().filter({ hasText: title })

async function open(url = app.url): Promise<void> {
  await page.goto(url)
  await page.waitForSelector('body[data-ready=true]', { timeout: 30_000 })
}

async function createAdvertAndCampaign(title: string, cpm: string): Promise<void> {
  await page.fill('#new-advert input[name=title]', title)
  await page.click('#new-advert button')
  await expect
    .poll(() => page.locator('#new-campaign select[name=advert_id] option', { hasText: title }).count())
    .toBe(1)
  await page.selectOption('#new-campaign select[name=advert_id]', { label: title })
  await page.fill('#new-campaign input[name=cpm]', cpm)
  await page.click('#new-campaign button')
  await expect.poll(() => rowOf(title).count()).toBe(1)
}

describe('the example app on the mock in the page', () => {
  it('lists the campaigns and the balance, creates an advert and a campaign, pauses and deletes it', async () => {
    await open()
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/mockServiceWorker\.js$/)
    expect(await campaignRows().count()).toBe(3)
    expect(await page.textContent('[data-testid=balance]')).toBe('$250.00')
    await screenshot('1-campaigns')

    await createAdvertAndCampaign('Browser-made advert', '4.20')
    const row = rowOf('Browser-made advert')
    expect(await row.textContent()).toContain('$4.20')
    expect(await row.locator('td.on').count()).toBe(1)
    await screenshot('2-created')

    await row.getByRole('button', { name: 'Pause' }).click()
    await expect.poll(() => row.locator('td.off').count()).toBe(1)
    await row.getByRole('button', { name: 'Delete' }).click()
    await expect.poll(() => rowOf('Browser-made advert').count()).toBe(0)
    expect(await campaignRows().count()).toBe(3)
    expect(await page.locator('#banner').isHidden()).toBe(true)
  })

  it('shows a banner when the mock is told through its control plane to answer 429', async () => {
    await open()
    const forced = await page.evaluate(async () => {
      const body = JSON.stringify({ errors: [{ status: 429, rate: 1 }] })
      return (await fetch('/__admin/faults', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body }))
        .status
    })
    expect(forced).toBe(200)
    await campaignRows()
      .first()
      .getByRole('button', { name: /Pause|Resume/ })
      .click()
    await expect.poll(() => page.locator('#banner').isVisible()).toBe(true)
    expect(await page.textContent('#banner')).toBe('Too many requests: slow down and retry in 1 s.')
    await screenshot('3-rate-limited')

    expect(await page.evaluate(async () => (await fetch('/__admin/faults', { method: 'DELETE' })).status)).toBe(200)
    await campaignRows()
      .first()
      .getByRole('button', { name: /Pause|Resume/ })
      .click()
    await expect.poll(() => page.locator('#banner').isHidden()).toBe(true)
  })

  it('keeps what was created across a reload (persist), and forgets it after a reset', async () => {
    await open()
    await createAdvertAndCampaign('Survives a reload', '3.10')
    await page.reload()
    await page.waitForSelector('body[data-ready=true]')
    expect(await rowOf('Survives a reload').count()).toBe(1)
    expect(await campaignRows().count()).toBe(4)
    await screenshot('4-after-reload')

    // Ids keep growing after the reload: the next campaign is not given the id of one deleted before it.
    const before = Number(await rowOf('Survives a reload').locator('td').first().textContent())
    await rowOf('Survives a reload').getByRole('button', { name: 'Delete' }).click()
    await expect.poll(() => campaignRows().count()).toBe(3)
    await page.reload()
    await page.waitForSelector('body[data-ready=true]')
    await page.selectOption('#new-campaign select[name=advert_id]', { label: 'Survives a reload' })
    await page.click('#new-campaign button')
    await expect.poll(() => campaignRows().count()).toBe(4)
    expect(Number(await campaignRows().first().locator('td').first().textContent())).toBe(before + 1)

    await page.click('#reset-mock')
    await expect.poll(() => campaignRows().count()).toBe(3)
    expect(await page.evaluate(() => sessionStorage.getItem('ad-campaign-mock/state'))).toBeNull()
    await page.reload()
    await page.waitForSelector('body[data-ready=true]')
    expect(await rowOf('Survives a reload').count()).toBe(0)
  })

  it('discards a stored state of another package version with a console warning, and starts from the fixtures', async () => {
    await open()
    await createAdvertAndCampaign('From an old version', '1.00')
    await page.evaluate((version) => {
      const key = 'ad-campaign-mock/state'
      sessionStorage.setItem(
        key,
        sessionStorage.getItem(key)!.replace(`"version":"${version}"`, '"version":"0.0.0-old"'),
      )
    }, PACKAGE_VERSION)
    await page.reload()
    await page.waitForSelector('body[data-ready=true]')
    expect(await campaignRows().count()).toBe(3)
    expect(await rowOf('From an old version').count()).toBe(0)
    expect(consoleMessages).toContainEqual(
      expect.stringMatching(/^warning: \[ad-campaign-mock\] .*saved by ad-campaign-mock 0\.0\.0-old.*discarded/),
    )
  })
})

describe('the example app against the standalone listener', () => {
  let listener: Listener
  let crossOrigin: ExampleServer

  beforeAll(async () => {
    listener = await startListener({ port: 0 })
    crossOrigin = await startExampleServer({ name: 'cors', apiUrl: listener.baseUrl, apiKey: DEMO_API_KEY })
  }, 120_000)
  afterAll(async () => {
    await crossOrigin?.close()
    await listener?.close()
  })

  it('calls it from another origin (CORS), with no service worker in the page', async () => {
    await open(crossOrigin.url)
    expect(new URL(crossOrigin.url).origin).not.toBe(new URL(listener.baseUrl).origin)
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull()
    expect(await campaignRows().count()).toBe(3)
    await createAdvertAndCampaign('Made across origins', '2.00')
    // The listener's own store holds it: the request really crossed origins.
    expect(listener.api.db.account(1).adverts.findFirst((q) => q.where({ title: 'Made across origins' }))).toBeDefined()
    await screenshot('5-standalone-listener')
  })
})
