import * as z from 'zod/mini'
import { meta } from './meta.js'

// Names and descriptions of the schemas a model derives, for the OpenAPI document's components.
// The mock's own model names its schemas in zod's global registry, as the schema modules name
// theirs; a twin's model keeps its names to itself, so that a twin's `Advert` never takes the place
// of the mock's in the registry the mock's own document is built from.

/** Gives derived schemas their component names and descriptions. */
export interface Namer {
  /** The schema, named `id` (a copy). */
  named<S extends z.ZodMiniType>(schema: S, id: string, description?: string): S
  /** The schema, described (a copy, without a name). */
  described<S extends z.ZodMiniType>(schema: S, description: string): S
  /** The names this namer gave, for toOpenApiSchemas (empty for the global namer: its names are in the registry). */
  readonly names: ReadonlyMap<z.ZodMiniType, string>
}

/** The mock's own model's namer: zod's global registry, as `meta()` names the schema modules' schemas. */
export const GLOBAL_NAMER: Namer = {
  named: (schema, id, description) => meta(schema, description === undefined ? { id } : { id, description }),
  described: (schema, description) => meta(schema, { description }),
  names: new Map(),
}

/**
 * A namer of its own, for a twin's model.
 * @example const namer = localNamer(); const Advert = namer.named(z.strictObject({}), 'Advert')
 */
export function localNamer(): Namer {
  const names = new Map<z.ZodMiniType, string>()
  return {
    named(schema, id, description) {
      const copy = description === undefined ? schema.clone() : meta(schema, { description })
      names.set(copy, id)
      return copy
    },
    described: (schema, description) => meta(schema, { description }),
    names,
  }
}
