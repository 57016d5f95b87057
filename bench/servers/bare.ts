/** The floor: bare node:http answering every request with the listener's own bytes for the list. */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

const body = readFileSync(process.argv[2]!)
const contentType = process.argv[3]!
const server = createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': contentType, 'Content-Length': body.length })
  res.end(body)
})
server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port }))
