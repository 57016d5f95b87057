/** Why an arrange helper refused: the helper, what was asked and why it cannot be; nothing was changed. */
export class ArrangeError extends Error {
  constructor(helper: string, reason: string, options?: ErrorOptions) {
    super(`arrange.${helper}: ${reason}`, options)
    this.name = 'ArrangeError'
  }
}
