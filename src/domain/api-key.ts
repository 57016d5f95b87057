const KEY_PREFIX = 'acs_'
const KEY_BYTES = 24

/**
 * Creates a new API key with 192 bits from the platform's CSPRNG (Web Crypto, so it
 * runs in browsers too). @example createApiKey() // 'acs_3f0c…' (52 characters)
 */
export function createApiKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(KEY_BYTES))
  return KEY_PREFIX + Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}
