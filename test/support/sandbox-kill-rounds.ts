import { startCli, type CliProcess } from './cli-process.js'
import { call } from './sandbox-replicas.js'

/** What rounds of kills saw: writes answered 201, those cut by a kill, acknowledged ones missing, the survivor's 5xx. */
export interface SandboxKillRounds {
  acknowledged: number
  cut: number
  lost: string[]
  survivorErrors: string[]
  /** Rounds where the restarted replica did not serve what the survivor did. */
  differing: string[]
}

/** The titles of every advert a replica holds (its exported state, so no page and no cap of a list). */
async function titlesOn(origin: string): Promise<Set<string>> {
  const { body } = await call(`${origin}/__admin/state`)
  return new Set((body.data.dataset.adverts as { title: string }[]).map(({ title }) => title))
}

/**
 * Two replicas of the built bin on one store; each round, four writers (two on each) create adverts
 * as a user of the round's own, replica B is killed with SIGKILL 20 to 250 ms after the first answer,
 * the writers on A go on, and B is started again: every create answered 201 must be in the state of
 * both, A must never answer 5xx, and the restarted B must serve what A does.
 * @example expect((await sandboxKillRounds(redis.url(), 3)).lost).toEqual([])
 */
export async function sandboxKillRounds(store: string, rounds: number): Promise<SandboxKillRounds> {
  const start = () => startCli(['--port', '0', '--quiet', '--store', store])
  const origin = (cli: CliProcess) => new URL(cli.baseUrl).origin
  const survivor = await start()
  let victim = await start()
  const result: SandboxKillRounds = { acknowledged: 0, cut: 0, lost: [], survivorErrors: [], differing: [] }
  const acknowledged: string[] = []
  for (let round = 0; round < rounds; round++) {
    const user = await call(`${origin(survivor)}/__admin/users`, { method: 'POST', body: {} })
    const key = user.body.data.api_key as string
    let killed = false
    let firstAnswered!: () => void
    const answered = new Promise<void>((resolve) => (firstAnswered = resolve))
    const target = { a: origin(survivor), b: origin(victim) }
    const writer = async (id: number) => {
      const on = id % 2 === 0 ? 'a' : 'b'
      for (let n = 0; n < 40 && !(killed && on === 'b'); n++) {
        const title = `r${round} w${id} n${n}`
        const body = { advert: { title } }
        const answer = await call(`${target[on]}/api/v1/adverts`, { method: 'POST', body, key }).catch(() => undefined)
        if (answer?.status === 201) {
          acknowledged.push(title)
          result.acknowledged++
          firstAnswered()
        } else {
          result.cut++
          if (on === 'a') result.survivorErrors.push(`${title}: ${answer?.status ?? 'no answer'}`)
        }
        if (killed && on === 'a' && n > 30) break
      }
    }
    const writers = [0, 1, 2, 3].map(writer)
    await Promise.race([answered, Promise.all(writers)])
    await new Promise((resolve) => setTimeout(resolve, 20 + ((round * 37) % 230)))
    killed = true
    await victim.stop('SIGKILL')
    await Promise.all(writers)
    victim = await start()
    const [onA, onB] = await Promise.all([titlesOn(origin(survivor)), titlesOn(origin(victim))])
    result.lost.push(
      ...acknowledged.filter((title) => !onA.has(title) || !onB.has(title)).map((t) => `round ${round}: ${t}`),
    )
    if ([...onA].sort().join('\n') !== [...onB].sort().join('\n')) result.differing.push(`round ${round}`)
  }
  await Promise.all([survivor.stop('SIGKILL'), victim.stop('SIGKILL')])
  return result
}
