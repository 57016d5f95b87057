import type { SchemaObject } from 'openapi3-ts/oas31'
import * as z from 'zod/mini'

/** Where components live in the document; `toOpenApiSchemas` points every `$ref` here. */
export const SCHEMA_REF_PREFIX = '#/components/schemas/'

// Schemas that are not components travel through the registry under a private id.
const INLINE_PREFIX = '__inline__'

/** JSON Schemas for a set of zod schemas, with every named schema they reach as a component. */
export interface OpenApiSchemas {
  /** One schema per key: a `$ref` when the zod schema is itself named, else inline. */
  schemas: Record<string, SchemaObject>
  /** Every named schema reached, by its `.meta({ id })`. */
  components: Record<string, SchemaObject>
}

/** The component name of a schema, if it has one: a model's own name for it, else its `.meta({ id })`. */
export function componentName(schema: z.ZodMiniType, names?: ReadonlyMap<z.ZodMiniType, string>): string | undefined {
  return names?.get(schema) ?? z.globalRegistry.get(schema)?.id
}

/**
 * Converts zod schemas to OpenAPI 3.1 (JSON Schema 2020-12) with zod's own
 * `toJSONSchema`. Named schemas (`.meta({ id })`) become components referenced by name.
 * @example toOpenApiSchemas({ body: CampaignInput }, 'input').schemas.body // { $ref: '#/components/schemas/CampaignInput' }
 */
export function toOpenApiSchemas(
  entries: Record<string, z.ZodMiniType>,
  io: 'input' | 'output',
  names: ReadonlyMap<z.ZodMiniType, string> = new Map(),
): OpenApiSchemas {
  const registry = z.registry<{ id: string }>()
  // A model's own names (a twin's `Advert`) are read beside the global registry's: zod then takes
  // the schemas they name out as components, as it does the schema modules' named ones.
  const byName = new Map([...names].map(([schema, id]) => [id, schema]))
  const metadata = {
    get: (schema: z.core.$ZodType) => {
      const id = names.get(schema as z.ZodMiniType)
      const global = z.globalRegistry.get(schema)
      return id === undefined ? global : { ...global, id }
    },
  } as unknown as typeof z.globalRegistry
  const idOf = new Map<z.ZodMiniType, string>()
  // Each key with the registry id of its schema (the first key's, for a schema given twice).
  const keyIds: [key: string, id: string][] = []
  for (const [key, schema] of Object.entries(entries)) {
    let id = idOf.get(schema)
    if (id === undefined) {
      id = componentName(schema, names) ?? INLINE_PREFIX + key
      idOf.set(schema, id)
      registry.add(schema, { id })
    }
    keyIds.push([key, id])
  }

  // zod puts a named schema that is not in the registry being converted under a
  // `__shared` entry with `…/__shared#/$defs/Name` refs; adding every such schema to the
  // registry and converting again makes all of them top-level components instead.
  for (;;) {
    const { schemas } = z.toJSONSchema(registry, {
      io,
      metadata,
      uri: (id) => SCHEMA_REF_PREFIX + id,
      unrepresentable: 'throw',
      override: (ctx) => {
        dropEmptyAdditional(ctx)
        booleanFromText(ctx)
      },
    })
    const shared = (schemas.__shared?.$defs ?? {}) as Record<string, unknown>
    const missing = Object.keys(shared).filter((id) => !registry._idmap.has(id))
    if (missing.length === 0) return split(schemas, keyIds)
    for (const id of missing) {
      const schema = byName.get(id) ?? z.globalRegistry._idmap.get(id)
      if (!schema) throw new Error(`Schema "${id}" is referenced but not in zod's global registry`)
      registry.add(schema as z.ZodMiniType, { id })
    }
  }
}

// A loose object says `additionalProperties: {}`, which means what leaving it out means;
// left in, generated clients turn it into an index signature of `unknown`.
function dropEmptyAdditional({ jsonSchema }: { jsonSchema: { additionalProperties?: unknown } }): void {
  const extra = jsonSchema.additionalProperties
  if (extra && typeof extra === 'object' && Object.keys(extra).length === 0) delete jsonSchema.additionalProperties
}

/**
 * A query parameter read as the text `true` or `false` into a boolean (a pipe from that enum) is a
 * boolean in the document: its wire form is the same (OpenAPI's form style writes a boolean so), and
 * a client generated from the document takes `enabled: true`, not the strings `'true' | 'false'`.
 */
function booleanFromText({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodType; jsonSchema: Record<string, unknown> }): void {
  const def = zodSchema._zod.def as { type: string; in?: z.core.$ZodType }
  if (def.type !== 'pipe' || def.in?._zod.def.type !== 'enum') return
  // Checked just above to be an enum's def, whose `entries` are its values; zod types `_zod.def` as
  // the def every schema shares, which has too little in common with the enum's for a direct cast.
  const values = (def.in._zod.def as unknown as { entries: Record<string, unknown> }).entries
  if (Object.keys(values).sort().join() !== 'false,true') return
  delete jsonSchema.enum
  jsonSchema.type = 'boolean'
}

function split(converted: Record<string, object>, keyIds: readonly [key: string, id: string][]): OpenApiSchemas {
  const clean = (id: string): SchemaObject => {
    const { $schema: _schema, $id: _id, ...rest } = converted[id] as SchemaObject & { $schema?: string; $id?: string }
    return inlineRefs(rest) as SchemaObject
  }
  // A schema given inline can also be reused inside another one; there it is copied, not referenced.
  const inlineRefs = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(inlineRefs)
    if (value === null || typeof value !== 'object') return value
    const { $ref: ref, ...siblings } = value as { $ref?: unknown }
    const copied = Object.fromEntries(Object.entries(siblings).map(([key, inner]) => [key, inlineRefs(inner)]))
    if (typeof ref === 'string' && ref.startsWith(SCHEMA_REF_PREFIX + INLINE_PREFIX)) return { ...clean(ref.slice(SCHEMA_REF_PREFIX.length)), ...copied }
    return ref === undefined ? copied : { $ref: ref, ...copied }
  }
  const components: Record<string, SchemaObject> = {}
  for (const id of Object.keys(converted).sort()) {
    if (!id.startsWith(INLINE_PREFIX)) components[id] = clean(id)
  }
  const schemas: Record<string, SchemaObject> = {}
  for (const [key, id] of keyIds) {
    schemas[key] = id.startsWith(INLINE_PREFIX) ? clean(id) : { $ref: SCHEMA_REF_PREFIX + id }
  }
  return { schemas, components }
}
