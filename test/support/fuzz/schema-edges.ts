import type { ContractDocument, JsonObject } from '../../../contract-tests/lib/document/document.js'

// Values at and just past what a schema allows, read from the document (as schemathesis does):
// a string one character too long, a number one step past its maximum or not a multiple of its
// step, a float where an integer is due. A generic fuzzer almost never lands on these by chance.

/** A JSON value as text, so that `1e309` and the like can be written. */
export type EdgeValue = { text: string }

const json = (value: unknown): EdgeValue => ({ text: JSON.stringify(value) })

/**
 * The edge values of the schema of a body's value at `path` (object keys and array indexes from
 * the body's root), following `$ref`s, `anyOf`, `oneOf` and `allOf` in the document.
 * @example edgesAt(document, bodySchema, ['campaign', 'cpm']) // 0, 0.001, 100000.01, 1e309, …
 */
export function edgesAt(document: ContractDocument, schema: unknown, path: readonly (string | number)[]): EdgeValue[] {
  const schemas = schemasAt(document, schema, path)
  return schemas.flatMap((at) => edgesOf(at))
}

/** Every schema that may describe the value at `path` (several under anyOf or oneOf). */
function schemasAt(document: ContractDocument, schema: unknown, path: readonly (string | number)[]): JsonObject[] {
  const resolved = resolve(document, schema)
  const [step, ...rest] = path
  if (step === undefined) return resolved
  return resolved.flatMap((node) => {
    const next = typeof step === 'number' ? node.items : (node.properties as JsonObject | undefined)?.[step]
    return next === undefined ? [] : schemasAt(document, next, rest)
  })
}

/** A schema with its `$ref`s followed and its unions and intersections spread out. */
function resolve(document: ContractDocument, schema: unknown): JsonObject[] {
  if (typeof schema !== 'object' || schema === null) return []
  const node = document.follow(schema, '').node
  const parts = [
    ...((node.anyOf ?? []) as unknown[]),
    ...((node.oneOf ?? []) as unknown[]),
    ...((node.allOf ?? []) as unknown[]),
  ]
  return parts.length > 0 ? [node, ...parts.flatMap((part) => resolve(document, part))] : [node]
}

function edgesOf(schema: JsonObject): EdgeValue[] {
  const edges: EdgeValue[] = []
  const type = schema.type
  if (type === 'string' || schema.format !== undefined || schema.maxLength !== undefined) {
    const min = Number(schema.minLength ?? 0)
    const max = schema.maxLength === undefined ? undefined : Number(schema.maxLength)
    edges.push(json(''), json(' '.repeat(Math.max(1, min))), json('x'.repeat(min)))
    if (min > 0) edges.push(json('x'.repeat(min - 1)))
    if (max !== undefined)
      edges.push(json('x'.repeat(max)), json('x'.repeat(max + 1)), json('é'.repeat(max + 1)), json(' '.repeat(max + 1)))
    if (schema.format === 'email')
      edges.push(
        json('a@b'),
        json('no-at-sign'),
        json(`${'x'.repeat(250)}@example.org`),
        json('a@example.org '),
        json('A@EXAMPLE.ORG'),
      )
    if (schema.format === 'uri' || schema.format === 'url')
      edges.push(
        json('ftp://example.org'),
        json('http://'),
        json('not a url'),
        json(`https://example.org/${'x'.repeat(2048)}`),
      )
    if (schema.format === 'date-time')
      edges.push(
        json('2026-13-01T00:00:00Z'),
        json('2026-01-01'),
        json('+010000-01-01T00:00:00.000Z'),
        json('1969-12-31T23:59:59.999Z'),
      )
  }
  if (Array.isArray(schema.enum) || schema.const !== undefined)
    edges.push(json('unknown'), json(''), json(String(schema.const ?? (schema.enum as unknown[])[0]).toUpperCase()))
  if (type === 'number' || type === 'integer') {
    for (const key of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'] as const) {
      const limit = schema[key]
      if (typeof limit === 'number') edges.push(...[limit, limit - 1, limit + 1, limit - 0.01, limit + 0.01].map(json))
    }
    if (typeof schema.multipleOf === 'number') edges.push(json(1 + schema.multipleOf / 10), json(schema.multipleOf / 2))
    if (type === 'integer') edges.push(json(1.5), { text: '1.0' }, json(2 ** 53 + 2))
    edges.push({ text: '1e309' }, { text: '-1e309' }, json(-0), { text: '"1"' })
  }
  if (type === 'boolean') edges.push(json('true'), json(1), json(0))
  if (type === 'array')
    edges.push(json([]), json([null]), {
      text: `[${Array.from({ length: Number(schema.maxItems ?? 1000) + 1 }, () => '1').join(',')}]`,
    })
  if (type === 'object') edges.push(json({}), json([]), json(null))
  return edges
}
