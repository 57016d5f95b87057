import { readFileSync } from 'node:fs'
import { parseSnapshot } from '../../src/domain/snapshot.js'
import { DEMO_API_KEY } from '../../src/store/fixtures.js'
import { startCli } from './cli-process.js'

/** What a run of kills saw: every write answered 2xx, the ones the kills cut, and any answered write the file lost. */
export interface KillRounds {
  acknowledged: number
  cut: number
  lost: string[]
}

const json = { Authorization: DEMO_API_KEY, 'Content-Type': 'application/json' }

/** Creates an advert with this title as the demo user, over HTTP. */
export function createAdvert(baseUrl: string, title: string): Promise<Response> {
  return fetch(`${baseUrl}/adverts`, { method: 'POST', headers: json, body: JSON.stringify({ advert: { title } }) })
}

/** The titles of the adverts a state file holds. */
export function advertTitles(file: string): string[] {
  return parseSnapshot(readFileSync(file, 'utf8')).state.dataset.adverts.map((advert) => advert.title)
}

/**
 * Starts the built bin with `--state file` `rounds` times; each time four writers create adverts
 * until a kill -9 20 to 250 ms after the first answer, and the file is read back: every write answered 201 before the
 * kill must be in it. Each start loads the file the last kill left, which proves it whole.
 * @example expect((await killRounds(file, 3)).lost).toEqual([])
 */
export async function killRounds(file: string, rounds: number): Promise<KillRounds> {
  const acknowledged: string[] = []
  const lost: string[] = []
  let cut = 0
  for (let round = 0; round < rounds; round++) {
    const cli = await startCli(['--port', '0', '--quiet', '--state', file])
    let killed = false
    let firstAnswered!: () => void
    const answered = new Promise<void>((resolve) => (firstAnswered = resolve))
    // Four writers, at most 15 creates each, until the kill: some answered, some cut.
    const writer = async (id: number) => {
      for (let n = 0; !killed && n < 15; n++) {
        const title = `r${round} w${id} n${n}`
        const response = await createAdvert(cli.baseUrl, title).catch(() => undefined)
        if (response?.status === 201) {
          acknowledged.push(title)
          firstAnswered()
        } else cut++
      }
    }
    const writers = [1, 2, 3, 4].map(writer)
    // The kill's moment counts from the first answered write, not from the start: on a busy machine
    // the first answers can take longer than the whole window, and the round would prove nothing.
    await Promise.race([answered, Promise.all(writers)])
    await new Promise((resolve) => setTimeout(resolve, 20 + ((round * 37) % 230)))
    killed = true
    await cli.stop('SIGKILL')
    await Promise.all(writers)
    const saved = new Set(advertTitles(file))
    lost.push(...acknowledged.filter((title) => !saved.has(title)).map((title) => `round ${round}: ${title}`))
  }
  return { acknowledged: acknowledged.length, cut, lost }
}
