import { CHECK_NAMES, isCheckName, type CheckName } from '../checks/check-names.js'
import { isProfileSelection } from '../document/profiles.js'
import type { ContractSuiteOptions } from './run-suite.js'

/** The run a set of CONTRACT_* variables asks for. */
export interface EnvRun {
  /** Everything but the target when no CONTRACT_BASE_URL is set (the runner starts the mock). */
  options: Omit<ContractSuiteOptions, 'baseUrl'> & { baseUrl?: string }
  /** Where to write JUnit XML (CONTRACT_REPORT). */
  reportPath?: string
}

/**
 * The options of a run from the CONTRACT_* variables, as `npm run test:contract` reads them:
 * CONTRACT_BASE_URL, CONTRACT_API_KEY, CONTRACT_API_KEY_2, CONTRACT_OPENAPI (unset: the document
 * shipped in the package), CONTRACT_PROFILE, CONTRACT_RATE_LIMIT, CONTRACT_ALLOW_DESTRUCTIVE,
 * CONTRACT_REPORT, CONTRACT_CHECKS, CONTRACT_SKIP_CHECKS and CONTRACT_MAX_REQUESTS. Throws an Error
 * with one line naming the variable on a value it cannot use (an unknown check name lists the known ones).
 * @example const { options, reportPath } = contractOptionsFromEnv(process.env); const result = await runContractSuite({ ...options, baseUrl: options.baseUrl! })
 */
export function contractOptionsFromEnv(env: Record<string, string | undefined>): EnvRun {
  const baseUrl = env.CONTRACT_BASE_URL?.trim() || undefined
  const apiKey = env.CONTRACT_API_KEY?.trim() || undefined
  if (baseUrl && !/\/api\/v\d+\/?$/.test(new URL(baseUrl).pathname)) {
    throw new Error(`CONTRACT_BASE_URL must end with the versioned prefix /api/v1 (spec section 9), not "${baseUrl}"`)
  }
  if (baseUrl && !apiKey) throw new Error('CONTRACT_BASE_URL needs CONTRACT_API_KEY: the key to test with')
  const profile = env.CONTRACT_PROFILE?.trim() || undefined
  if (profile !== undefined && !isProfileSelection(profile))
    throw new Error(`CONTRACT_PROFILE must be spec, contract or all, not "${profile}"`)
  const maxRequests = env.CONTRACT_MAX_REQUESTS ? Number(env.CONTRACT_MAX_REQUESTS) : undefined
  if (maxRequests !== undefined && !(Number.isInteger(maxRequests) && maxRequests > 0))
    throw new Error('CONTRACT_MAX_REQUESTS must be a positive integer')
  const flag = (name: string) =>
    env[name] === undefined ? undefined : ['1', 'true', 'yes'].includes(env[name].toLowerCase())
  return {
    options: {
      ...(baseUrl ? { baseUrl } : {}),
      ...(apiKey ? { apiKey } : {}),
      ...(env.CONTRACT_API_KEY_2 ? { secondApiKey: env.CONTRACT_API_KEY_2.trim() } : {}),
      // Unset, the run judges against the document shipped in the package (packagedDocumentPath).
      ...(env.CONTRACT_OPENAPI?.trim() ? { document: env.CONTRACT_OPENAPI.trim() } : {}),
      // Live, the default is contract: the mock's own choices (profile all) are no claim on another deployment.
      ...(profile ? { profile } : baseUrl ? { profile: 'contract' as const } : {}),
      ...(flag('CONTRACT_RATE_LIMIT') !== undefined ? { rateLimit: flag('CONTRACT_RATE_LIMIT') } : {}),
      ...(flag('CONTRACT_ALLOW_DESTRUCTIVE') !== undefined
        ? { allowDestructive: flag('CONTRACT_ALLOW_DESTRUCTIVE') }
        : {}),
      ...(checkList(env, 'CONTRACT_CHECKS') ? { checks: checkList(env, 'CONTRACT_CHECKS') } : {}),
      ...(checkList(env, 'CONTRACT_SKIP_CHECKS') ? { skipChecks: checkList(env, 'CONTRACT_SKIP_CHECKS') } : {}),
      ...(maxRequests ? { maxRequests } : {}),
    },
    ...(env.CONTRACT_REPORT ? { reportPath: env.CONTRACT_REPORT } : {}),
  }
}

function checkList(env: Record<string, string | undefined>, name: string): CheckName[] | undefined {
  const raw = env[name]?.trim()
  if (!raw) return undefined
  const names = raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
  const unknown = names.filter((item) => !isCheckName(item))
  if (unknown.length > 0)
    throw new Error(`${name} names unknown checks: ${unknown.join(', ')}. The checks: ${CHECK_NAMES.join(', ')}`)
  return names.filter(isCheckName)
}
