import * as z from 'zod/mini'
import { Id } from './common.js'
import { MAX_DELAY_MS } from './control-plane.js'
import { meta } from './meta.js'

// Overrides over HTTP: one operation answered with a body of the test's choice (or only held back),
// the same registry as the typed in-process `override`.

const Count = z.int().check(z.nonnegative())
const HeaderName = z.string().check(z.regex(/^[!#$%&'*+\-.^\w`|~]{1,100}$/))

/** Body of POST /__admin/overrides. */
export const OverrideInput = meta(
  z.strictObject({
    operation: meta(z.string().check(z.minLength(1), z.maxLength(100)), {
      description: 'The operationId of a public operation, e.g. `listCampaigns`.',
    }),
    params: meta(
      z.optional(
        z.record(
          z.string().check(z.regex(/^\w{1,50}$/)),
          z.union([Id, z.string().check(z.minLength(1), z.maxLength(200))]),
        ),
      ),
      {
        description:
          'Only requests whose path parameters have these values, e.g. `{"id": 7}`; every request of the operation when left out.',
      },
    ),
    status: meta(z.optional(z.int().check(z.minimum(200), z.maximum(599))), {
      description:
        'The status to answer with: one the document gives the operation, unless `untyped`. Left out (with no body or headers), the override only waits `delay_ms` and the mock answers as usual.',
    }),
    body: meta(z.optional(z.unknown()), {
      description:
        "The JSON body to answer with, checked against the document's schema for the operation and status unless `untyped`. Left out for an error status, the mock's error envelope for it; for a success status it is required unless `untyped`.",
    }),
    body_text: meta(z.optional(z.string().check(z.maxLength(1_048_576))), {
      description: 'A body sent exactly as written (a malformed one, say); only with `untyped`.',
    }),
    headers: meta(z.optional(z.record(HeaderName, z.string().check(z.maxLength(8192)))), {
      description:
        "Headers to answer with; they win over the mock's own (the rate-limit headers of the caller are added to the answer).",
    }),
    times: meta(z.optional(z.int().check(z.minimum(1), z.maximum(1_000_000))), {
      description: 'Answer this many requests, then go (`1`: a single answer). By default until removed or reset.',
    }),
    delay_ms: meta(z._default(z.int().check(z.minimum(0), z.maximum(MAX_DELAY_MS)), 0), {
      description: 'Wait this long before answering.',
    }),
    untyped: meta(z._default(z.boolean(), false), {
      description:
        'Answer what the document does not declare (another status, a body its schema refuses, `body_text`).',
    }),
  }),
  { id: 'OverrideInput' },
)
export type OverrideInput = z.infer<typeof OverrideInput>
export type OverrideInputInput = z.input<typeof OverrideInput>

/** An override as the control plane lists it. */
export const Override = meta(
  z.strictObject({
    id: Id,
    operation: z.string(),
    source: meta(z.enum(['http', 'in-process']), {
      description:
        'Sent to POST /__admin/overrides (as data), or installed in-process with a typed resolver (`mock.override`).',
    }),
    params: z.nullable(z.record(z.string(), z.string())),
    status: meta(z.nullable(z.int()), {
      description: 'Null: the mock answers (after the delay), or a resolver decides.',
    }),
    headers: z.record(z.string(), z.string()),
    body: meta(z.unknown(), { description: 'The JSON body, the text of `body_text`, or null.' }),
    untyped: z.boolean(),
    times: meta(z.nullable(z.int().check(z.positive())), { description: 'Null: until removed or reset.' }),
    hits: meta(Count, { description: 'Requests it has answered (or held back) so far.' }),
    delay_ms: Count,
  }),
  { id: 'Override' },
)
export type Override = z.infer<typeof Override>

/** Answer of DELETE /__admin/overrides. */
export const OverridesCleared = meta(z.strictObject({ cleared: Count }), { id: 'OverridesCleared' })
