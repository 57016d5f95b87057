import { startHttpProxy } from './http-proxy.js'

// A second process that is only an HTTP proxy: `node --import tsx proxy-main.ts <target origin>`.
// Prints `PROXY_ORIGIN=<origin>` once listening; SIGTERM (or stdin closing) stops it.
const target = process.argv[2]
if (!target) {
  console.error('usage: proxy-main.ts <target origin>')
  process.exit(2)
}
const proxy = await startHttpProxy(target)
console.log(`PROXY_ORIGIN=${proxy.origin}`)
const stop = async () => {
  await proxy.close()
  console.log(`forwarded ${proxy.forwarded()} requests`)
  process.exit(0)
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
// If the parent dies without a signal, stdin ends: do not outlive it.
process.stdin.on('end', stop).resume()
