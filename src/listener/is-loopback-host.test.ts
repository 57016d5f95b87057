import { expect, it } from 'vitest'
import { isLoopbackHost } from './is-loopback-host.js'

it('accepts only addresses that stay on this machine', () => {
  for (const host of ['127.0.0.1', '127.8.9.10', 'localhost', '::1', '[::1]', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1']) {
    expect(isLoopbackHost(host), host).toBe(true)
  }
  for (const host of ['0.0.0.0', '::', '192.168.1.10', '10.0.0.1', 'example.com', '::2', '128.0.0.1']) {
    expect(isLoopbackHost(host), host).toBe(false)
  }
})
