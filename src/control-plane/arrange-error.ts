/** Why an arrange helper refused: the helper, what was asked and why it cannot be; nothing was changed. */
export class ArrangeError extends Error {
  /** The option at fault (`sending_count`, `advert`, `user`, `topups.1`), or '' for the call as a whole. */
  readonly field: string

  constructor(helper: string, reason: string, options?: ErrorOptions & { field?: string }) {
    super(`arrange.${helper}: ${reason}`, options)
    this.name = 'ArrangeError'
    this.field = options?.field ?? ''
  }
}
