/**
 * The highest id handed out for one kind of record, shared by every collection of that kind (ids
 * are unique across accounts). Ids only grow, so each collection holds its records in id order.
 * The first id handed out is `first` (a profile's `stamps.firstId`), or `step` above the highest
 * loaded; each next one `step` above the last (a profile's `stamps.idStep`).
 * @example const ids = new IdCounter(); ids.next() // 1; ids.claim(1) // then next() is 2
 */
export class IdCounter {
  #last = 0
  readonly #first: number
  readonly #step: number
  /** The last id of another kind drawn from the same sequence (a deployment that numbers adverts and campaigns as one). */
  #shared: IdCounter | undefined

  constructor(first = 1, step = 1) {
    this.#first = first
    this.#step = step
  }

  /** Draws this kind's ids from one sequence with another's: the next id is above the last of either. */
  share(other: IdCounter): void {
    this.#shared = other
    other.#shared = this
  }

  /** The highest id handed out so far. */
  get last(): number {
    return this.#last
  }

  /** The id the next record gets; it is not taken until a create claims it. */
  next(): number {
    const shared = this.#shared ? this.#shared.last : 0
    return Math.max(Math.max(this.#last, shared) + this.#step, this.#first)
  }

  /** Takes `id`, which must be above every id handed out; answers how to give it back if its write fails. */
  claim(id: number): () => void {
    if (id <= this.#last) throw new RangeError(`Id ${id} is not above the last id ${this.#last}: ids only grow`)
    const before = this.#last
    this.#last = id
    return () => {
      if (this.#last === id) this.#last = before
    }
  }

  /** Moves the counter up to `id` (ids handed out and since deleted stay used); never down. */
  advance(id: number): void {
    if (id < this.#last) throw new RangeError(`Last id ${id} is lower than the highest id ${this.#last}`)
    this.#last = id
  }

  /** Starts from the first id again (an empty store). */
  reset(): void {
    this.#last = 0
  }
}
