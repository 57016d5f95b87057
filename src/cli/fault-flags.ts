import type { FaultSettingsInput } from '../schemas/control-plane.js'

/** The CLI's fault flags, as given (strings). */
export interface FaultFlagValues {
  /** Parsed --faults file: the base the other flags add to. */
  file?: FaultSettingsInput
  latency?: string
  errorRate?: string
  errorStatus?: string
  errorRoute?: string
  seed?: string
}

/**
 * Turns the CLI's fault flags into fault settings; createMockApi validates the result, so
 * a bad value is refused there with the field it names.
 * @example faultFlags({ latency: '100-500', errorRate: '0.1', errorStatus: '503' })
 */
export function faultFlags({
  file,
  latency,
  errorRate,
  errorStatus,
  errorRoute,
  seed,
}: FaultFlagValues): FaultSettingsInput | undefined {
  if (!file && latency === undefined && errorRate === undefined && seed === undefined) return undefined
  const settings: FaultSettingsInput = { ...file }
  if (latency !== undefined) {
    // split always yields a first part ('' for an empty flag, which Number reads as 0).
    const [min = '', max] = latency.split('-')
    settings.latency = { min_ms: Number(min), ...(max === undefined ? {} : { max_ms: Number(max) }) }
  }
  if (errorRate !== undefined) {
    const [method, path] = routeOf(errorRoute)
    const rule = {
      status: Number(errorStatus ?? 500),
      rate: Number(errorRate),
      ...(method && { method }),
      ...(path && { path }),
    }
    settings.errors = [...(settings.errors ?? []), rule as NonNullable<FaultSettingsInput['errors']>[number]]
  }
  if (seed !== undefined) settings.seed = Number(seed)
  return settings
}

/** "POST /campaigns" -> ['POST', '/campaigns']; "/campaigns/*" -> [undefined, '/campaigns/*']. */
function routeOf(route: string | undefined): [string | undefined, string | undefined] {
  if (!route) return [undefined, undefined]
  const [first = '', second, ...more] = route.trim().split(/\s+/)
  if (second !== undefined && more.length === 0) return [first.toUpperCase(), second]
  return first.startsWith('/') ? [undefined, first] : [first.toUpperCase(), undefined]
}
