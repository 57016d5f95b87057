import fc from 'fast-check'
import { literal, placesOf, replaceAt, string, toNode, type JsonNode } from './json-node.js'

// JSON as text, not values: JSON.stringify can write neither `1e309`, nor a key twice, nor a
// `__proto__` key, and a hostile client sends all three. A small syntax tree renders any of them.

/** Limits the documents' schemas state (lengths, minimums, maximums): values at and just past them find off-by-ones. */
export interface SchemaBoundaries {
  lengths: number[]
  numbers: number[]
}

/** Keys a body should not hold, and the ones it should, spelled oddly. */
export const hostileKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    'valueOf',
    '',
    ' ',
    'polluted',
    'id',
    'user_id',
    'api_key',
  ),
  fc.constantFrom(
    'user',
    'advert',
    'campaign',
    'email',
    'title',
    'cpm',
    'enabled',
    'sending_limit',
    'advert_id',
    'tier',
    'amount_usd',
    'sends',
  ),
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
      '1e309',
      '-1e309',
      '1E400',
      '1e-400',
      '-0',
      '0',
      '0.0',
      '1.0',
      '0.1',
      '1.5',
      '-1',
      '4.20',
      '1.234',
      '0.001',
      '100000.01',
      '2147483648',
      '9007199254740991',
      '9007199254740993',
      '123456789012345678901234567890',
      '1e21',
      '-9007199254740993',
      '1e3',
    ),
    fc.constantFrom(...near).map(String),
    fc.integer().map(String),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
    fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String),
  )
  const hostileString = fc.oneof(
    fc.constantFrom(
      '',
      ' ',
      '\t',
      '\u0000',
      '\u202e',
      '\ud800',
      '\udfff',
      '\ufeff',
      'null',
      'true',
      '0',
      '-1',
      '[]',
      '{}',
      'NaN',
      'Infinity',
    ),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc
      .tuple(fc.constantFrom(...lengths.flatMap((n) => [n, n + 1])), fc.constantFrom('x', ' ', 'é', '😀'))
      .map(([length, unit]) => unit.repeat(length)),
    fc.constantFrom(
      'a@b',
      'me@example.org',
      'ME@EXAMPLE.COM',
      'demo@example.com',
      'http://x',
      'https://example.org/a',
      'ftp://example.org',
      'javascript:alert(1)',
    ),
  )
  const leaf = fc.oneof(
    fc.constantFrom(literal('null'), literal('true'), literal('false')),
    hostileNumberText.map(literal),
    hostileString.map(string),
  )

  /** Any JSON node, at most `depth` levels deep. */
  const anyNode = (depth: number): fc.Arbitrary<JsonNode> =>
    depth <= 0
      ? leaf
      : fc.oneof(
          { weight: 3, arbitrary: leaf },
          {
            weight: 1,
            arbitrary: fc
              .array(anyNode(depth - 1), { maxLength: 4 })
              .map((items): JsonNode => ({ kind: 'array', items })),
          },
          {
            weight: 1,
            arbitrary: fc
              .array(fc.tuple(hostileKey, anyNode(depth - 1)), { maxLength: 4 })
              .map((entries): JsonNode => ({ kind: 'object', entries })),
          },
        )

  /**
   * A valid body with one thing wrong: a value swapped for a hostile one, a key removed, an entry
   * given twice (the second hostile), a `__proto__` or unknown key added, the whole wrapped in an array.
   */
  const mutatedBody = (
    valid: unknown,
    edgesAt: (keys: (string | number)[]) => { text: string }[] = () => [],
  ): fc.Arbitrary<JsonNode> => {
    const base = toNode(valid)
    const places = placesOf(base)
    // Each place with the values at and just past its schema's limits (none for the root).
    const edged = places
      .map((place) => ({ place, edges: place.keys.length > 0 ? edgesAt(place.keys) : [] }))
      .filter(({ edges }) => edges.length > 0)
    const atEdge =
      edged.length === 0
        ? []
        : [
            {
              weight: 12,
              arbitrary: fc
                .constantFrom(...edged)
                .chain(({ place, edges }) =>
                  fc.constantFrom(...edges).map((edge) => replaceAt(base, place.steps, () => literal(edge.text))),
                ),
            },
          ]
    return fc.oneof(
      { weight: 4, arbitrary: fc.constant(base) },
      ...atEdge,
      {
        weight: 6,
        arbitrary: fc
          .tuple(fc.constantFrom(...places), anyNode(1))
          .map(([place, hostile]) => replaceAt(base, place.steps, () => hostile)),
      },
      {
        weight: 2,
        arbitrary: fc.constantFrom(...places).map((place) => replaceAt(base, place.steps, () => undefined)),
      },
      {
        weight: 2,
        arbitrary: fc
          .tuple(fc.constantFrom(...places), hostileKey, anyNode(1))
          .map(([place, key, value]) =>
            replaceAt(base, place.steps, (current) =>
              current.kind === 'object' ? { kind: 'object', entries: [...current.entries, [key, value]] } : current,
            ),
          ),
      },
      { weight: 1, arbitrary: fc.constant<JsonNode>({ kind: 'array', items: [base] }) },
    )
  }
  return { anyNode, mutatedBody, hostileString }
}

/** Nested arrays or objects far deeper than any body needs, as text. */
export const deepNesting = fc
  .tuple(fc.integer({ min: 100, max: 20_000 }), fc.constantFrom('[', '{"a":'))
  .map(([depth, open]) =>
    open === '[' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  )
