/**
 * The value an invariant of the code says is there (an index just checked, a key just set, a
 * record the fixtures hold). A missing one is a bug, not a bad input, so it is thrown as one,
 * naming what was missing. It lives in the lowest layer that needs it, so every layer above can use it.
 * @example const chunk = must(chunks[c], 'a chunk of the id list')
 */
export function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Invariant broken: ${what} is missing`)
  return value
}
