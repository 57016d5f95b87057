import { describe, expect, it } from 'vitest'
import { DEFAULT_FIXTURES } from '../src/store/fixtures.js'
import { adminDocument, checkAdmin, controlPlaneListener } from './support/control-plane.js'
import { expectError } from './support/expect-error.js'
import { findOperation } from './support/openapi-document.js'
import { expectNoChange } from './support/state-snapshot.js'
import type { TestRequest } from './support/transports.js'
import { useTransport } from './support/use-transport.js'

describe('control operations over HTTP', () => {
  const transport = useTransport(controlPlaneListener)
  const admin = (req: TestRequest) => transport().send(req)

  // Each bad input is a 4xx in the error envelope and leaves the state as it was.
  const badInputs: (TestRequest & { status: number; code: string })[] = [
    {
      method: 'POST',
      path: '/__admin/seed',
      body: { source: 'generate', users: -1 },
      status: 422,
      code: 'validation_failed',
    },
    { method: 'POST', path: '/__admin/seed', body: { source: 'somewhere' }, status: 422, code: 'validation_failed' },
    { method: 'POST', path: '/__admin/users', body: { tier: 'platinum' }, status: 422, code: 'validation_failed' },
    { method: 'GET', path: '/__admin/users?per_page=0', status: 422, code: 'validation_failed' },
    { method: 'GET', path: '/__admin/users/999', status: 404, code: 'not_found' },
    { method: 'PATCH', path: '/__admin/users/1', body: { tier: 'gold' }, status: 422, code: 'validation_failed' },
    { method: 'PATCH', path: '/__admin/users/999', body: { tier: 'pro' }, status: 404, code: 'not_found' },
    {
      method: 'POST',
      path: '/__admin/users/2/topups',
      body: { amount_usd: 10 },
      status: 422,
      code: 'topup_limit_reached',
    },
    {
      method: 'POST',
      path: '/__admin/users/1/topups',
      body: { amount_usd: 0 },
      status: 422,
      code: 'validation_failed',
    },
    {
      method: 'POST',
      path: '/__admin/users/1/topups',
      body: '{"amount_usd": 1',
      headers: { 'content-type': 'application/json' },
      status: 400,
      code: 'invalid_json',
    },
    {
      method: 'POST',
      path: '/__admin/users/1/topups',
      body: 'amount=1',
      headers: { 'content-type': 'text/plain' },
      status: 415,
      code: 'unsupported_media_type',
    },
    { method: 'POST', path: '/__admin/deliveries', body: { sends: 0 }, status: 422, code: 'validation_failed' },
    {
      method: 'POST',
      path: '/__admin/deliveries',
      body: { sends: 5, campaign_ids: [1, 999] },
      status: 404,
      code: 'not_found',
    },
    { method: 'POST', path: '/__admin/clock', body: { advance_ms: -1 }, status: 422, code: 'validation_failed' },
    {
      method: 'POST',
      path: '/__admin/clock',
      body: { advance_ms: 1, set: '2026-01-01T00:00:00Z' },
      status: 422,
      code: 'validation_failed',
    },
    {
      method: 'PATCH',
      path: '/__admin/tiers',
      body: { free: { per_minute: 0, per_day: 1, max_topups: 1 } },
      status: 422,
      code: 'validation_failed',
    },
    {
      method: 'POST',
      path: '/__admin/faults',
      body: { errors: [{ status: 418, rate: 1 }] },
      status: 422,
      code: 'validation_failed',
    },
    {
      method: 'POST',
      path: '/__admin/faults',
      body: { errors: [{ status: 500, rate: 1.5 }] },
      status: 422,
      code: 'validation_failed',
    },
    {
      method: 'POST',
      path: '/__admin/faults',
      body: { latency: { min_ms: 50, max_ms: 10 } },
      status: 422,
      code: 'validation_failed',
    },
    {
      method: 'POST',
      path: '/__admin/state',
      body: { dataset: { users: [], adverts: [], campaigns: [] }, extra: 1 },
      status: 422,
      code: 'validation_failed',
    },
    {
      method: 'POST',
      path: '/__admin/state',
      body: {
        dataset: {
          users: [],
          adverts: [
            {
              id: 1,
              user_id: 5,
              title: 'x',
              description: '',
              target_url: null,
              created_at: '2026-01-01T00:00:00.000Z',
              updated_at: '2026-01-01T00:00:00.000Z',
            },
          ],
          campaigns: [],
        },
      },
      status: 422,
      code: 'validation_failed',
    },
    {
      method: 'POST',
      path: '/__admin/state',
      body: { dataset: DEFAULT_FIXTURES, last_ids: { users: 1, adverts: 9, campaigns: 9 } },
      status: 422,
      code: 'validation_failed',
    },
    {
      method: 'POST',
      path: '/__admin/state',
      body: { dataset: DEFAULT_FIXTURES, last_ids: { users: 9, adverts: 9 } },
      status: 422,
      code: 'validation_failed',
    },
    { method: 'DELETE', path: '/__admin/clock', status: 404, code: 'route_not_found' },
  ]

  it.each(badInputs)(
    '$method $path with bad input answers $status $code, as documented, and changes nothing',
    async ({ status, code, ...req }) => {
      const response = await expectNoChange(transport().api, () => admin(req))
      expectError(response, { status, code })
      const operation = findOperation(adminDocument, req.method, req.path.replace('/__admin', ''))
      // Every row but the unknown route reaches an operation, whose document must list the answer.
      if (code !== 'route_not_found')
        expect(checkAdmin(operation!, response.status, response.body, response.headers)).toEqual([])
    },
  )
})
