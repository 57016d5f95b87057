import { expect, it } from 'vitest'
import { contractOptionsFromEnv } from './options-from-env.js'

it('reads a live run from the CONTRACT_* variables', () => {
  const { options, reportPath } = contractOptionsFromEnv({
    CONTRACT_BASE_URL: 'https://ads.example.com/api/v1',
    CONTRACT_API_KEY: 'key-1',
    CONTRACT_API_KEY_2: 'key-2',
    CONTRACT_OPENAPI: 'other.json',
    CONTRACT_PROFILE: 'spec',
    CONTRACT_RATE_LIMIT: '1',
    CONTRACT_ALLOW_DESTRUCTIVE: '0',
    CONTRACT_REPORT: 'out/contract.xml',
    CONTRACT_CHECKS: 'ignored_auth, envelope_conformance',
    CONTRACT_MAX_REQUESTS: '300',
  })
  expect(options).toEqual({
    baseUrl: 'https://ads.example.com/api/v1',
    apiKey: 'key-1',
    secondApiKey: 'key-2',
    document: 'other.json',
    profile: 'spec',
    rateLimit: true,
    allowDestructive: false,
    checks: ['ignored_auth', 'envelope_conformance'],
    maxRequests: 300,
  })
  expect(reportPath).toBe('out/contract.xml')
})

it('runs a live deployment with the contract profile when CONTRACT_PROFILE is not set', () => {
  const { options } = contractOptionsFromEnv({
    CONTRACT_BASE_URL: 'https://ads.example.com/api/v1',
    CONTRACT_API_KEY: 'key-1',
  })
  expect(options).toEqual({ baseUrl: 'https://ads.example.com/api/v1', apiKey: 'key-1', profile: 'contract' })
  expect(
    contractOptionsFromEnv({
      CONTRACT_BASE_URL: 'https://ads.example.com/api/v1',
      CONTRACT_API_KEY: 'key-1',
      CONTRACT_PROFILE: ' ',
    }).options.profile,
  ).toBe('contract')
})

it('leaves the document (the one shipped in the package) and the rest (profile all, with the mock) to the run', () => {
  expect(contractOptionsFromEnv({})).toEqual({ options: {} })
})

it('lists the known checks when a name is unknown', () => {
  expect(() => contractOptionsFromEnv({ CONTRACT_CHECKS: 'nonsense' })).toThrow(
    /^CONTRACT_CHECKS names unknown checks: nonsense\. The checks: not_a_server_error, status_code_conformance, .*, rate_limit_enforcement$/,
  )
})

it('refuses what it cannot use', () => {
  expect(() => contractOptionsFromEnv({ CONTRACT_BASE_URL: 'https://ads.example.com/api/v1' })).toThrow(
    /CONTRACT_API_KEY/,
  )
  expect(() =>
    contractOptionsFromEnv({ CONTRACT_BASE_URL: 'https://ads.example.com/', CONTRACT_API_KEY: 'k' }),
  ).toThrow(/\/api\/v1/)
  expect(() => contractOptionsFromEnv({ CONTRACT_PROFILE: 'mock' })).toThrow(/spec, contract or all/)
  expect(() => contractOptionsFromEnv({ CONTRACT_SKIP_CHECKS: 'ignored_auth,no_such_check' })).toThrow(/no_such_check/)
  expect(() => contractOptionsFromEnv({ CONTRACT_MAX_REQUESTS: '-3' })).toThrow(/positive integer/)
})
