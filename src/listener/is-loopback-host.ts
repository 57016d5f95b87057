import { isIPv4, isIPv6 } from 'node:net'

/**
 * Whether binding to this host keeps the listener on this machine: `localhost`, 127.0.0.0/8
 * or ::1. Anything else (0.0.0.0, ::, a LAN address, a name) counts as reachable from outside.
 * @example isLoopbackHost('127.0.0.1') // true; isLoopbackHost('0.0.0.0') // false
 */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
  if (name === 'localhost' || name.endsWith('.localhost')) return true
  if (isIPv4(name)) return name.startsWith('127.')
  if (isIPv6(name)) return /^(0{0,4}:){2,7}0{0,3}1$/.test(name) || /^::ffff:127\./.test(name)
  return false
}
