import { BATTERY, World, type Caller, type Kind, type Step } from './battery.js'
import { observe, type Answer, type Points, type Seen } from './observe.js'
import type { Target } from './targets.js'

// Sends the battery to one target, step by step, and keeps what each answer showed.

/** The points of one step's answer. */
export interface Observed {
  step: string
  points: Points
}

const WRONG_KEY = 'ik_not_a_key_of_anyone_0123456789'

/**
 * Sends every step of a battery to a target and observes each answer.
 * @example const observed = await runBattery(twin)
 */
export async function runBattery(target: Target, battery: readonly Step[] = BATTERY): Promise<Observed[]> {
  const world = new World(target)
  const ids = (kind: Kind) => [...world.ids.values()].filter((known) => known.kind === kind).map(({ id }) => id)
  const seen: Seen = {
    adverts: Math.max(...ids('adverts')),
    campaigns: Math.max(...ids('campaigns')),
    updatedAt: new Map(),
  }
  const observed: Observed[] = []
  for (const step of battery) {
    const times = step.times ?? 1
    const all: Points[] = []
    for (let round = 1; round <= times; round++) {
      const answer = await send(target, world, step)
      const kind = kindOf(step.path)
      remember(world, step, answer, kind, times > 1 ? `${step.creates} ${round}` : step.creates)
      all.push(observe(answer, kind, world, seen))
    }
    observed.push({ step: step.name, points: times > 1 ? summed(all) : (all[0] ?? {}) })
  }
  return observed
}

async function send(target: Target, world: World, step: Step): Promise<Answer> {
  const key = keyOf(world, step.as ?? 'primary')
  const text = step.raw ?? (step.body === undefined ? undefined : world.fill(withIds(JSON.stringify(step.body))))
  const response = await fetch(`${target.baseUrl}${world.fill(step.path)}`, {
    method: step.method,
    headers: {
      ...(key === undefined ? {} : { authorization: key }),
      ...(text === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(text === undefined ? {} : { body: text }),
    signal: AbortSignal.timeout(10_000),
  })
  const raw = await response.text()
  return { status: response.status, headers: response.headers, body: raw.trim() === '' ? undefined : JSON.parse(raw) }
}

/** `"{new advert}"` in a JSON body is the record's id as a number. */
function withIds(json: string): string {
  return json.replace(/"\{([A-Za-z][A-Za-z0-9 ]*)\}"/g, '{$1}')
}

function keyOf(world: World, caller: Caller): string | undefined {
  switch (caller) {
    case 'none':
      return undefined
    case 'wrong':
      return WRONG_KEY
    case 'bearer':
      return `Bearer ${world.key}`
    case 'second':
      return world.target.key2
    case 'old':
      return world.oldKey ?? WRONG_KEY
    default:
      return world.key
  }
}

/** Names a record a step created, and follows a key reset. */
function remember(world: World, step: Step, answer: Answer, kind: Kind | undefined, name: string | undefined): void {
  const data = (answer.body as { data?: { id?: unknown; api_key?: unknown } } | undefined)?.data
  if (name && kind && answer.status === 201 && typeof data?.id === 'number') world.ids.set(name, { kind, id: data.id })
  if (step.path === '/user/reset_api_key' && answer.status === 200 && typeof data?.api_key === 'string') {
    world.oldKey = world.key
    world.key = data.api_key
  }
}

function kindOf(path: string): Kind | undefined {
  const collection = /^\/(adverts|campaigns)\b/.exec(path)?.[1]
  return collection === 'adverts' || collection === 'campaigns' ? collection : undefined
}

/** The points of a repeated step: the last answer's, with every status seen and whether every new id grew. */
function summed(all: Points[]): Points {
  const last = all.at(-1) ?? {}
  const grew = all.map((points) => points['new id above every one seen']).filter((value) => value !== undefined)
  return {
    ...last,
    'every status': [...new Set(all.map((points) => points.status))].sort(),
    ...(grew.length > 0 ? { 'new id above every one seen': grew.every(Boolean) } : {}),
  }
}
