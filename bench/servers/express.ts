/** Plain Express (its defaults) answering the list route with `res.json` of the same body. */
import { readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import express from 'express'

const body: unknown = JSON.parse(readFileSync(process.argv[2]!, 'utf8'))
const app = express()
app.get('/api/v1/campaigns', (_req, res) => {
  res.json(body)
})
const server = app.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port }))
