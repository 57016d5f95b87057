import fc from 'fast-check'

// JSON as text, not values: JSON.stringify can write neither `1e309`, nor a key twice, nor a
// `__proto__` key, and a hostile client sends all three. A small syntax tree renders any of them.

/** A JSON document as a client may write it. */
export type JsonNode =
  | { kind: 'literal'; text: string }
  | { kind: 'string'; value: string }
  | { kind: 'array'; items: JsonNode[] }
  | { kind: 'object'; entries: [string, JsonNode][] }

/** The JSON text of a node; strings are escaped as JSON.stringify does (lone surrogates included). */
export function renderJson(node: JsonNode): string {
  switch (node.kind) {
    case 'literal':
      return node.text
    case 'string':
      return JSON.stringify(node.value)
    case 'array':
      return `[${node.items.map(renderJson).join(',')}]`
    case 'object':
      return `{${node.entries.map(([key, value]) => `${JSON.stringify(key)}:${renderJson(value)}`).join(',')}}`
  }
}

/** The node of a plain value (a valid body, say), to mutate from. */
export function toNode(value: unknown): JsonNode {
  if (value === null || typeof value === 'boolean' || typeof value === 'number') return { kind: 'literal', text: JSON.stringify(value) }
  if (typeof value === 'string') return { kind: 'string', value }
  if (Array.isArray(value)) return { kind: 'array', items: value.map(toNode) }
  return { kind: 'object', entries: Object.entries(value as object).filter(([, v]) => v !== undefined).map(([k, v]) => [k, toNode(v)]) }
}

const literal = (text: string): JsonNode => ({ kind: 'literal', text })
const string = (value: string): JsonNode => ({ kind: 'string', value })

/** Limits the documents' schemas state (lengths, minimums, maximums): values at and just past them find off-by-ones. */
export interface SchemaBoundaries {
  lengths: number[]
  numbers: number[]
}

/** Keys a body should not hold, and the ones it should, spelled oddly. */
export const hostileKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '', ' ', 'polluted', 'id', 'user_id', 'api_key'),
  fc.constantFrom('user', 'advert', 'campaign', 'email', 'title', 'cpm', 'enabled', 'sending_limit', 'advert_id', 'tier', 'amount_usd', 'sends'),
  fc.string({ unit: 'binary', maxLength: 12 }),
)

/**
 * The JSON arbitraries, tuned to the documents' limits: hostile numbers (`1e309`, beyond a double,
 * floats where integers are due, each limit and its neighbours), hostile strings (empty, control and
 * bidi characters, lone surrogates, each length limit and one past it), any JSON, and mutated bodies.
 */
export function jsonArbitraries({ lengths, numbers }: SchemaBoundaries) {
  const near = numbers.flatMap((n) => [n - 1, n, n + 1, n - 0.01, n + 0.01, n + 0.001, -n])
  const hostileNumberText = fc.oneof(
    fc.constantFrom(
      '1e309', '-1e309', '1E400', '1e-400', '-0', '0', '0.0', '1.0', '0.1', '1.5', '-1', '4.20', '1.234', '0.001', '100000.01',
      '2147483648', '9007199254740991', '9007199254740993', '123456789012345678901234567890', '1e21', '-9007199254740993', '1e3',
    ),
    fc.constantFrom(...near).map(String),
    fc.integer().map(String),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
    fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String),
  )
  const hostileString = fc.oneof(
    fc.constantFrom('', ' ', '\t', '\u0000', '\u202e', '\ud800', '\udfff', '\ufeff', 'null', 'true', '0', '-1', '[]', '{}', 'NaN', 'Infinity'),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.tuple(fc.constantFrom(...lengths.flatMap((n) => [n, n + 1])), fc.constantFrom('x', ' ', 'é', '😀')).map(([length, unit]) => unit.repeat(length)),
    fc.constantFrom('a@b', 'me@example.org', 'ME@EXAMPLE.COM', 'demo@example.com', 'http://x', 'https://example.org/a', 'ftp://example.org', 'javascript:alert(1)'),
  )
  const leaf = fc.oneof(fc.constantFrom(literal('null'), literal('true'), literal('false')), hostileNumberText.map(literal), hostileString.map(string))

  /** Any JSON node, at most `depth` levels deep. */
  const anyNode = (depth: number): fc.Arbitrary<JsonNode> =>
    depth <= 0
      ? leaf
      : fc.oneof(
          { weight: 3, arbitrary: leaf },
          { weight: 1, arbitrary: fc.array(anyNode(depth - 1), { maxLength: 4 }).map((items): JsonNode => ({ kind: 'array', items })) },
          { weight: 1, arbitrary: fc.array(fc.tuple(hostileKey, anyNode(depth - 1)), { maxLength: 4 }).map((entries): JsonNode => ({ kind: 'object', entries })) },
        )

  /**
   * A valid body with one thing wrong: a value swapped for a hostile one, a key removed, an entry
   * given twice (the second hostile), a `__proto__` or unknown key added, the whole wrapped in an array.
   */
  const mutatedBody = (valid: unknown, edgesAt: (keys: (string | number)[]) => { text: string }[] = () => []): fc.Arbitrary<JsonNode> => {
    const base = toNode(valid)
    const places = placesOf(base)
    // Each place with the values at and just past its schema's limits (none for the root).
    const edged = places.map((place) => ({ place, edges: place.keys.length > 0 ? edgesAt(place.keys) : [] })).filter(({ edges }) => edges.length > 0)
    const atEdge = edged.length === 0 ? [] : [
      {
        weight: 12,
        arbitrary: fc.constantFrom(...edged).chain(({ place, edges }) =>
          fc.constantFrom(...edges).map((edge) => replaceAt(base, place.steps, () => literal(edge.text))),
        ),
      },
    ]
    return fc.oneof(
      { weight: 4, arbitrary: fc.constant(base) },
      ...atEdge,
      { weight: 6, arbitrary: fc.tuple(fc.constantFrom(...places), anyNode(1)).map(([place, hostile]) => replaceAt(base, place.steps, () => hostile)) },
      { weight: 2, arbitrary: fc.constantFrom(...places).map((place) => replaceAt(base, place.steps, () => undefined)) },
      {
        weight: 2,
        arbitrary: fc.tuple(fc.constantFrom(...places), hostileKey, anyNode(1)).map(([place, key, value]) =>
          replaceAt(base, place.steps, (current) => (current.kind === 'object' ? { kind: 'object', entries: [...current.entries, [key, value]] } : current)),
        ),
      },
      { weight: 1, arbitrary: fc.constant<JsonNode>({ kind: 'array', items: [base] }) },
    )
  }
  return { anyNode, mutatedBody, hostileString }
}

/** Nested arrays or objects far deeper than any body needs, as text. */
export const deepNesting = fc.tuple(fc.integer({ min: 100, max: 20_000 }), fc.constantFrom('[', '{"a":')).map(([depth, open]) =>
  open === '[' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
)

/** A place in a node: the steps to it (entry or item index, `+key` for a second entry of that key) and the keys a schema names it by. */
interface Place {
  steps: (string | number)[]
  keys: (string | number)[]
}

/** Every place in a node. */
function placesOf(node: JsonNode, at: Place = { steps: [], keys: [] }): Place[] {
  const places = [at]
  if (node.kind === 'object') {
    node.entries.forEach(([key, value], index) => {
      places.push(...placesOf(value, { steps: [...at.steps, index], keys: [...at.keys, key] }), { steps: [...at.steps, `+${key}`], keys: [...at.keys, key] })
    })
  }
  if (node.kind === 'array') node.items.forEach((value, index) => places.push(...placesOf(value, { steps: [...at.steps, index], keys: [...at.keys, index] })))
  return places
}

/** A copy of the node with the value at `place` replaced (or, for `+key` steps, a duplicate of that entry added). */
function replaceAt(node: JsonNode, place: (string | number)[], replacement: (current: JsonNode) => JsonNode | undefined): JsonNode {
  const [step, ...rest] = place
  if (step === undefined) return replacement(node) ?? node
  if (node.kind === 'object') {
    if (typeof step === 'string') {
      const key = step.slice(1)
      const added = replacement(string(key))
      return added ? { kind: 'object', entries: [...node.entries, [key, added]] } : node
    }
    const entries = node.entries.flatMap(([key, value], index): [string, JsonNode][] => {
      if (index !== step) return [[key, value]]
      if (rest.length > 0) return [[key, replaceAt(value, rest, replacement)]]
      const next = replacement(value)
      return next ? [[key, next]] : []
    })
    return { kind: 'object', entries }
  }
  if (node.kind === 'array' && typeof step === 'number') {
    return { kind: 'array', items: node.items.map((value, index) => (index === step ? replaceAt(value, rest, replacement) : value)) }
  }
  return node
}
