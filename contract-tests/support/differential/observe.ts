import type { Kind, World } from './battery.js'

// What one answer shows, as named points a deployment's and a twin's answers are compared on:
// the status; the header names (the rate-limit families, Allow, Retry-After) and the minute's
// limit; the body's shape (its keys, recursively); the error's code and the fields its problems
// name; the data, with ids by name and stamps left out; a list's length, order, page and the
// captured records in it; whether a detail embeds its advert; and, as relations, whether a new
// id is above every id seen of its kind and the stamps' precision and order.

/** An answer as the battery read it. */
export interface Answer {
  status: number
  headers: Headers
  body: unknown
}

/** The points of one answer, by name. */
export type Points = Record<string, unknown>

type Json = Record<string, unknown>

const HEADERS = [
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'ratelimit',
  'ratelimit-policy',
  'retry-after',
  'allow',
]
const STAMPS = ['created_at', 'updated_at']

/**
 * The points of an answer to a request on `kind` (the path's collection), in a world that knows
 * the records by name and the highest id seen of each kind (which it moves on).
 * @example observe(answer, 'adverts', world, seen).status // 201
 */
export function observe(answer: Answer, kind: Kind | undefined, world: World, seen: Seen): Points {
  const points: Points = { status: answer.status, headers: HEADERS.filter((name) => answer.headers.has(name)) }
  const allow = answer.headers.get('allow')
  if (allow)
    points.allow = allow
      .split(',')
      .map((method) => method.trim())
      .sort()
  const limit = minuteLimit(answer.headers)
  if (limit !== undefined) points['rate limit'] = limit
  if (answer.body === undefined) return points
  points.shape = shapeOf(answer.body)
  const body = answer.body as Json
  if (isJson(body.error)) Object.assign(points, errorPoints(body.error))
  if (Array.isArray(body.data)) Object.assign(points, listPoints(body, kind, world))
  else if (isJson(body.data)) Object.assign(points, recordPoints(body.data, kind, world, seen, answer.status))
  if (body.data !== undefined) points.data = named(body.data, kind, world)
  const stamps = stampsIn(body.data)
  if (stamps.length > 0) points.stamps = stampPoints(body.data, stamps)
  return points
}

/** What a target's answers showed so far: the highest id of each kind, and each named record's last updated_at. */
export interface Seen {
  adverts: number
  campaigns: number
  updatedAt: Map<string, string>
}

/** The keys of a value, recursively: `{ data: { id: 'number', … } }`; a list by its first item. */
export function shapeOf(value: unknown, depth = 0): unknown {
  if (depth > 6) return '…'
  if (Array.isArray(value)) return value.length === 0 ? [] : [shapeOf(value[0], depth + 1)]
  if (isJson(value))
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, shapeOf(value[key], depth + 1)]),
    )
  return value === null ? 'null' : typeof value
}

function errorPoints(error: Json): Points {
  const points: Points = { 'error code': error.code }
  const problems = Object.values(error).find((value) => Array.isArray(value) && value.some(isJson)) as
    Json[] | undefined
  if (problems)
    points['problem fields'] = problems
      .filter(isJson)
      .map((problem) => problem.field ?? problem.path)
      .sort()
  return points
}

function listPoints(body: Json, kind: Kind | undefined, world: World): Points {
  const ids = (body.data as unknown[]).filter(isJson).map((item) => item.id)
  const numeric = ids.filter((id): id is number => typeof id === 'number')
  const steps = numeric.slice(1).map((id, index) => Math.sign(id - (numeric[index] ?? id)))
  const order =
    numeric.length < 2
      ? `${numeric.length} item(s)`
      : steps.every((s) => s < 0)
        ? 'newest first'
        : steps.every((s) => s > 0)
          ? 'oldest first'
          : 'none'
  const page = Object.entries(body).find(([key, value]) => key !== 'data' && isJson(value) && 'per_page' in value)
  const captured = kind
    ? numeric.map((id) => world.nameOf(kind, id)).filter((name) => name && / [A-Z]\d$/.test(name))
    : []
  return {
    'list length': numeric.length,
    'list order': order,
    ...(page ? { page: page[1] } : {}),
    'captured records': captured.sort(),
  }
}

function recordPoints(data: Json, kind: Kind | undefined, world: World, seen: Seen, status: number): Points {
  const points: Points = {}
  if (kind && typeof data.id === 'number') {
    if (status === 201) points['new id above every one seen'] = data.id > seen[kind]
    seen[kind] = Math.max(seen[kind], data.id)
    const name = world.nameOf(kind, data.id)
    const [before, now] = [name && seen.updatedAt.get(name), data.updated_at]
    if (name && typeof now === 'string') {
      if (before) points['updated_at not before the last seen'] = Date.parse(now) >= Date.parse(before)
      seen.updatedAt.set(name, now)
    }
  }
  if (kind === 'campaigns' && 'advert_id' in data) points['embeds its advert'] = isJson(data.advert)
  return points
}

function stampPoints(data: unknown, stamps: string[]): Points {
  const precision = [
    ...new Set(stamps.map((stamp) => (/\.\d{3}Z$/.test(stamp) ? 'ms' : /:\d{2}Z$/.test(stamp) ? 's' : 'other'))),
  ]
  const records = (Array.isArray(data) ? data : [data]).filter(isJson)
  const ordered = records.every(
    (record) =>
      typeof record.created_at !== 'string' || Date.parse(String(record.updated_at)) >= Date.parse(record.created_at),
  )
  return { precision: precision.sort(), 'created_at <= updated_at': ordered }
}

/** The data with the ids of named records by name, other ids and stamps and keys as placeholders. */
function named(value: unknown, kind: Kind | undefined, world: World, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => named(item, kind, world))
  if (isJson(value)) {
    const own: Kind | undefined = 'advert_id' in value ? 'campaigns' : key === 'advert' ? 'adverts' : kind
    return Object.fromEntries(Object.entries(value).map(([field, item]) => [field, named(item, own, world, field)]))
  }
  if (STAMPS.includes(key)) return '<stamp>'
  if (key === 'api_key') return '<key>'
  // Each target answers on a loopback port of its own: a URL it writes of itself is the same below its origin.
  if (typeof value === 'string') return value.replace(/^http:\/\/127\.0\.0\.1:\d+/, '<origin>')
  if (typeof value === 'number' && (key === 'id' || key === 'advert_id')) {
    const of: Kind | undefined = key === 'advert_id' ? 'adverts' : kind
    return (of && world.nameOf(of, value)) ?? '<id>'
  }
  return value
}

function stampsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(stampsIn)
  if (!isJson(value)) return []
  return Object.entries(value).flatMap(([key, item]) =>
    STAMPS.includes(key) && typeof item === 'string' ? [item] : stampsIn(item),
  )
}

/** The minute's quota: X-RateLimit-Limit, or the RateLimit-Policy with a 60-second window. */
function minuteLimit(headers: Headers): number | undefined {
  const legacy = headers.get('x-ratelimit-limit')
  if (legacy) return Number(legacy)
  const policy = /q=(\d+);w=60\b/.exec(headers.get('ratelimit-policy') ?? '')
  return policy ? Number(policy[1]) : undefined
}

function isJson(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}
