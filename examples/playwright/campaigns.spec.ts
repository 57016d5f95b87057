import { expect, test } from './fixtures.js'

test.beforeEach(async ({ page }) => {
  await page.goto(process.env.EXAMPLE_APP_URL!)
  await expect(page.locator('#campaigns tr')).toHaveCount(3)
})

test('creates an advert and a campaign, and the mock in the test process holds them', async ({ page, mock }) => {
  await page.getByLabel('Title').fill('Made in Playwright')
  await page.getByRole('button', { name: 'Create advert' }).click()
  await page.getByLabel('Advert').selectOption({ label: 'Made in Playwright' })
  await page.getByRole('button', { name: 'Create campaign' }).click()
  await expect(page.locator('#campaigns tr', { hasText: 'Made in Playwright' })).toHaveCount(1)
  // mock.db holds the records themselves (@msw/data collections): what the page wrote is there at once.
  const { adverts, campaigns } = mock.db.account(1)
  const advert = adverts.findFirst((q) => q.where({ title: 'Made in Playwright' }))
  expect(advert).toMatchObject({ user_id: 1, title: 'Made in Playwright' })
  expect(campaigns.findFirst((q) => q.where({ advert_id: advert!.id }))).toMatchObject({
    enabled: true,
    sending_count: 0,
  })
})

test('shows the banner when the test makes the mock answer 429', async ({ page, mock }) => {
  await mock.setFaults({ errors: [{ status: 429, rate: 1 }] })
  await page.locator('#campaigns tr').first().getByRole('button', { name: 'Pause' }).click()
  await expect(page.getByRole('alert')).toHaveText('Too many requests: slow down and retry in 1 s.')
})

test('overrides one answer with network.use, typed from the document, the rest still from the mock', async ({
  page,
  mock,
  network,
}) => {
  network.use(
    mock.overrideHandler('getUserBalance', ({ response }) =>
      response(200).json({ success: true, data: { balance_usd: 0, total_topups_usd: 0 } }),
    ),
  )
  await page.reload()
  await expect(page.getByTestId('balance')).toHaveText('$0.00')
  await expect(page.locator('#campaigns tr')).toHaveCount(3)
})
