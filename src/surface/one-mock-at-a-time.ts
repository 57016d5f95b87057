// msw intercepts a whole Node process (setupServer) or a whole page (setupWorker), so a second mock
// started beside a first would answer every request the first one does, and the first one's keys
// would stop working. Each runtime keeps one claim and refuses a second start, naming the first.

/** Where the running mock was started, for a runtime that allows one at a time. */
export class OneMockAtATime {
  #running: { where: string } | undefined

  /**
   * @param starter the function a user calls (`startNodeMock`), as the refusal names it
   * @param own the runtime's own files, left out of the stack when finding the caller
   * @param where the process or the page, as the refusal says it
   * @param stop what to do first, as the refusal advises (`Close it first (await mock.close())`)
   */
  constructor(
    private readonly starter: string,
    private readonly own: RegExp,
    private readonly where: string,
    private readonly stop: string,
  ) {}

  /**
   * Claims the runtime for one mock, or refuses (an Error naming where the first was started).
   * Answers the release, which frees it only while this claim holds it.
   * @example
   * const oneAtATime = new OneMockAtATime('startNodeMock', /runtimes\/node\.[jt]s:/, 'process', 'Close it first')
   * const release = oneAtATime.claim(new Error().stack) // a second claim now throws
   * release()
   */
  claim(stack: string | undefined): () => void {
    if (this.#running !== undefined)
      throw new Error(
        `${this.starter}: a mock is already running in this ${this.where}, started ${this.#running.where}. ${this.stop}: msw intercepts the whole ${this.where}, so a second mock would answer every request the first one does, and the first one's keys would stop working.`,
      )
    const claim = { where: this.callerOf(stack) }
    this.#running = claim
    return () => {
      if (this.#running === claim) this.#running = undefined
    }
  }

  /** The first frame of a stack outside the runtime's files: where the caller started the mock (`at file:line`). */
  private callerOf(stack: string | undefined): string {
    const frame = stack
      ?.split('\n')
      .slice(1)
      .find((line) => !this.own.test(line) && !line.includes('node:internal') && !line.includes('one-mock-at-a-time'))
      ?.trim()
    return frame ? frame.replace(/^at\s+/, 'at ').replace(/^(\S*)@/, 'at $1 @') : 'elsewhere'
  }
}
