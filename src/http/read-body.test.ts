import { expect, it } from 'vitest'
import { ApiError } from '../errors/api-error.js'
import { fromFetchRequest } from './mock-request.js'
import { refuseBody as refuseMockBody } from './read-body.js'

// The reader takes the pipeline's plain request; these cases are written as Fetch requests.
const refuseBody = (request: Request) => refuseMockBody(fromFetchRequest(request))

const post = (body?: string, type = 'application/json') =>
  new Request('http://mock.test/api/v1/user/reset_api_key', { method: 'POST', headers: { 'content-type': type }, body })

it('lets a request without a body through', async () => {
  await expect(refuseBody(post())).resolves.toBeUndefined()
  await expect(refuseBody(new Request('http://mock.test/api/v1/user'))).resolves.toBeUndefined()
})

it('treats a body of white space as none', async () => {
  await expect(refuseBody(post(' \n'))).resolves.toBeUndefined()
})

it('refuses any other body with a 422 on the body itself, whatever its type', async () => {
  for (const request of [post('{"user":{}}'), post('{}'), post('garbage', 'text/plain')]) {
    const error = await refuseBody(request).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      code: 'validation_failed',
      fields: [{ field: '', message: 'must be empty: this operation takes no body' }],
    })
  }
})

it('takes an empty JSON object as none where told (the control plane), and nothing more in it', async () => {
  const asNone = (request: Request) => refuseMockBody(fromFetchRequest(request), { emptyObject: true })
  await expect(asNone(post('{}'))).resolves.toBeUndefined()
  await expect(asNone(post(' { } '))).resolves.toBeUndefined()
  await expect(asNone(post('{"dataset":"default"}'))).rejects.toMatchObject({ code: 'validation_failed' })
  await expect(asNone(post('[]'))).rejects.toMatchObject({ code: 'validation_failed' })
})

it('refuses a body it cannot read before refusing it for being there: over 1 MiB (413), compressed (415)', async () => {
  const large = await refuseBody(post(`"${'x'.repeat(1_048_577)}"`)).catch((caught: unknown) => caught)
  expect(large).toMatchObject({ code: 'payload_too_large' })
  const zipped = new Request('http://mock.test/api/v1/campaigns/1', {
    method: 'DELETE',
    headers: { 'content-encoding': 'gzip' },
    body: 'x',
  })
  expect(await refuseBody(zipped).catch((caught: unknown) => caught)).toMatchObject({ code: 'unsupported_media_type' })
})
