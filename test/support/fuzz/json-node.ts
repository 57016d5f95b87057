// The syntax tree the fuzzers write JSON text with (json-text.ts says why): nodes, their text,
// and the places in a node a mutation can replace.

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
  if (value === null || typeof value === 'boolean' || typeof value === 'number')
    return { kind: 'literal', text: JSON.stringify(value) }
  if (typeof value === 'string') return { kind: 'string', value }
  if (Array.isArray(value)) return { kind: 'array', items: value.map(toNode) }
  return {
    kind: 'object',
    entries: Object.entries(value as object)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, toNode(v)]),
  }
}

/** A node written as is: a number, true, false or null. */
export const literal = (text: string): JsonNode => ({ kind: 'literal', text })
/** A string node. */
export const string = (value: string): JsonNode => ({ kind: 'string', value })

/** A place in a node: the steps to it (entry or item index, `+key` for a second entry of that key) and the keys a schema names it by. */
export interface Place {
  steps: (string | number)[]
  keys: (string | number)[]
}

/** Every place in a node. */
export function placesOf(node: JsonNode, at: Place = { steps: [], keys: [] }): Place[] {
  const places = [at]
  if (node.kind === 'object') {
    node.entries.forEach(([key, value], index) => {
      places.push(...placesOf(value, { steps: [...at.steps, index], keys: [...at.keys, key] }), {
        steps: [...at.steps, `+${key}`],
        keys: [...at.keys, key],
      })
    })
  }
  if (node.kind === 'array')
    node.items.forEach((value, index) =>
      places.push(...placesOf(value, { steps: [...at.steps, index], keys: [...at.keys, index] })),
    )
  return places
}

/** A copy of the node with the value at `place` replaced (or, for `+key` steps, a duplicate of that entry added). */
export function replaceAt(
  node: JsonNode,
  place: (string | number)[],
  replacement: (current: JsonNode) => JsonNode | undefined,
): JsonNode {
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
    return {
      kind: 'array',
      items: node.items.map((value, index) => (index === step ? replaceAt(value, rest, replacement) : value)),
    }
  }
  return node
}
