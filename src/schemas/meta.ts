import { en } from 'zod/locales'
import * as z from 'zod/mini'

// zod/mini keeps a browser bundle small (no JSON-schema code, no method chains) but sets no
// locale: without this, every validation message would be a bare "Invalid input".
z.config(en())

/**
 * Names or describes a schema for the OpenAPI document, as zod classic's `.meta()` does: on a
 * copy, so the schema it came from stays bare. (zod/mini's own `z.meta()` is a check, and a
 * check on an object schema would keep `z.pick` and `z.omit` from deriving from it.)
 * @example const Thing = meta(z.strictObject({ id: z.int() }), { id: 'Thing' })
 */
export function meta<S extends z.ZodMiniType>(schema: S, metadata: z.core.GlobalMeta): S {
  const copy = schema.clone()
  z.globalRegistry.add(copy, metadata)
  return copy
}
