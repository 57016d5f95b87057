import { expect, it } from 'vitest'
import * as z from 'zod/mini'
import { meta } from '../schemas/meta.js'
import { toOpenApiSchemas } from './to-openapi-schemas.js'

const Leaf = meta(z.strictObject({ n: z.int() }), { id: 'TestLeaf' })
const Branch = meta(z.strictObject({ leaf: Leaf }), { id: 'TestBranch' })

it('makes every named schema it reaches a component referenced by name', () => {
  const { schemas, components } = toOpenApiSchemas({ envelope: z.strictObject({ data: Branch }) }, 'output')
  expect(schemas.envelope!.properties!.data).toEqual({ $ref: '#/components/schemas/TestBranch' })
  expect(components.TestBranch!.properties!.leaf).toEqual({ $ref: '#/components/schemas/TestLeaf' })
  expect(Object.keys(components).sort()).toEqual(['TestBranch', 'TestLeaf'])
  expect(JSON.stringify(components)).not.toContain('__shared')
})

it('refers to a named schema given directly, and copies an unnamed one used twice', () => {
  const Small = z.int().check(z.minimum(3))
  const { schemas } = toOpenApiSchemas({ leaf: Leaf, small: Small, pair: z.object({ a: Small, b: Small }) }, 'output')
  expect(schemas.leaf).toEqual({ $ref: '#/components/schemas/TestLeaf' })
  expect(schemas.pair!.properties!.a).toEqual({ type: 'integer', minimum: 3, maximum: Number.MAX_SAFE_INTEGER })
  expect(JSON.stringify(schemas)).not.toContain('__inline__')
})

it('converts for input or output: a default makes a field optional only in input', () => {
  const Thing = z.strictObject({ tag: z._default(z.string(), 'x') })
  expect(toOpenApiSchemas({ thing: Thing }, 'input').schemas.thing!.required).toBeUndefined()
  expect(toOpenApiSchemas({ thing: Thing }, 'output').schemas.thing!.required).toEqual(['tag'])
})

it('leaves out an empty additionalProperties, which means the same as none', () => {
  const { schemas } = toOpenApiSchemas({ loose: z.looseObject({ a: z.string() }) }, 'output')
  expect(schemas.loose).not.toHaveProperty('additionalProperties')
})
