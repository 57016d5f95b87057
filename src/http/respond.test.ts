import { expect, it } from 'vitest'
import { successResponse, unreadBodyText } from './respond.js'

it('hands back the text of a body it made, the very bytes the Response holds, until someone reads it', async () => {
  const response = successResponse(200, { id: 1, title: 'Ünïcode ✓' })
  const text = unreadBodyText(response)
  expect(text).toBe('{"success":true,"data":{"id":1,"title":"Ünïcode ✓"}}')
  expect(await response.clone().text()).toBe(text)
  await response.text()
  expect(unreadBodyText(response)).toBeUndefined()
})

it('knows nothing of a response it did not make: that body is read as usual', () => {
  expect(unreadBodyText(new Response('{"success":true}'))).toBeUndefined()
})
