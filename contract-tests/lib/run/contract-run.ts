import { isSuccess, labelOf, type Check, type RunContext } from '../checks/check.js'
import { pathOf } from '../checks/probe.js'
import type { Registration } from '../checks/registry.js'
import type { Exchange } from '../client/exchange.js'
import type { ApiRequest, ContractClient } from '../client/http-client.js'
import type { Recorder } from './recorder.js'

/** What a run's context holds besides the client and the parts ContractRun gives it (send, probe, once, skip). */
export type RunParts = Omit<RunContext, 'client' | 'send' | 'probe' | 'once' | 'skip'>

/**
 * A run under way: the context its checks and flows share, where their verdicts go, and the one
 * place an exchange is judged. Checks and flows send through `ctx.send`: the client sends the
 * request, then `judge` hands each answer to the selected checks, before the sender sees it.
 */
export class ContractRun {
  readonly ctx: RunContext
  private readonly seen = new Set<string>()

  constructor(
    parts: RunParts,
    readonly client: ContractClient,
    readonly recorder: Recorder,
    /** The checks and flows the selected profiles and options let run, in the order of CHECK_NAMES. */
    readonly items: readonly Registration[],
  ) {
    this.ctx = {
      ...parts,
      client,
      send: (request) => this.send(request),
      probe: (exchange) => this.judgeBy('probe', exchange),
      once: (key) => !this.seen.has(key) && Boolean(this.seen.add(key)),
      skip: (operation, check, reason) => recorder.coverage.skip(operation, check, reason),
    }
  }

  /** Sends a request; judges each 429 the client waits out, then the answer, and hands the answer back. */
  async send(request: ApiRequest): Promise<Exchange> {
    const attempts = this.client.attempts(request)
    for (let step = await attempts.next(); ; step = await attempts.next()) {
      await this.judge(step.value)
      if (step.done) return step.value
    }
  }

  /**
   * Judges one exchange: keeps it in the history (and, when a flow's write was accepted, its body),
   * then every response check judges it, then, when a flow sent it, every probing check (whose own
   * requests come back through `send` and are judged in turn).
   */
  async judge(exchange: Exchange): Promise<void> {
    const { state } = this.ctx
    state.history.push(exchange)
    if (exchange.primary && exchange.response.status < 300 && exchange.request.body && exchange.operation) {
      state.acceptedBodies.set(exchange.operation, JSON.parse(exchange.request.body))
    }
    if (exchange.request.method === 'DELETE' && isSuccess(exchange.response.status))
      state.deleted.set(`${exchange.credentials} ${pathOf(this.ctx, exchange)}`, state.history.length - 1)
    await this.judgeBy('response', exchange)
    if (exchange.primary) await this.judgeBy('probe', exchange)
  }

  /** Every selected check of one kind judges the exchange, in the order of CHECK_NAMES. */
  private async judgeBy(kind: Check['kind'], exchange: Exchange): Promise<void> {
    for (const item of this.items) {
      if (item.kind === 'flow' || item.kind !== kind) continue
      // An answer to no documented operation (a method a path does not have) is judged, but only its failures show.
      await this.recorder.runBound(this.ctx, item.name, labelOf(exchange), (ctx) => item.run(ctx, exchange), {
        exchange,
        ...(exchange.operation ? {} : { counted: () => false }),
      })
    }
  }
}
