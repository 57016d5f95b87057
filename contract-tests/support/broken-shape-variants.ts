import type { JsonObject } from '../lib/document/document.js'
import type { BrokenVariant, Rewriter } from './rewriters.js'

// A deployment whose choices are not ours, judged by its own document (as a twin's document states
// them): RFC 9457 problem details for every error (`application/problem+json`, no `success`) and an
// X-RateLimit-Reset that counts the seconds until the reset (its x-value `{reset_after}`). The mock
// answers as that deployment through `asProblemDetails`; each variant breaks one thing of it.

const PROBLEM_MEDIA = 'application/problem+json'

/** The problem details schema (Error, as the spec names it) and its list of invalid parameters. */
const PROBLEM: JsonObject = {
  type: 'object',
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string', minLength: 1 },
    instance: { type: 'string' },
    invalid_params: {
      type: 'array',
      items: {
        type: 'object',
        properties: { name: { type: 'string' }, reason: { type: 'string' } },
        required: ['name', 'reason'],
      },
    },
  },
  required: ['type', 'title', 'status', 'detail', 'instance'],
  additionalProperties: false,
}

/**
 * Our document as it would be for that deployment: every error response's body a problem details
 * object (the Error schema), X-RateLimit-Reset the seconds until the reset.
 * @example const document = problemDetailsDocument(JSON.parse(await readFile('openapi/openapi.json', 'utf8')))
 */
export function problemDetailsDocument(ours: JsonObject): JsonObject {
  const raw = structuredClone(ours) as any
  const asProblem = (response: any) => {
    if (response?.content) response.content = { [PROBLEM_MEDIA]: { schema: { $ref: '#/components/schemas/Error' } } }
  }
  for (const item of Object.values(raw.paths) as any[])
    for (const operation of Object.values(item) as any[])
      for (const [status, response] of Object.entries(operation.responses ?? {}))
        if (Number(status) >= 400) asProblem(response)
  for (const response of Object.values(raw.components.responses)) asProblem(response)
  raw.components.schemas.Error = PROBLEM
  raw.components.headers['X-RateLimit-Reset'] = {
    ...raw.components.headers['X-RateLimit-Reset'],
    description: 'Seconds until that window starts again from zero.',
    example: 42,
    'x-value': '{reset_after}',
  }
  return raw
}

/** What a problem details body would be of our error envelope (its code as the type's last segment). */
function problemOf(body: any, status: number, request: Request): JsonObject {
  const { code, message, fields } = body.error
  return {
    type: `https://problems.example/${code}`,
    title: code,
    status,
    detail: message,
    instance: new URL(request.url).pathname,
    ...(Array.isArray(fields)
      ? {
          invalid_params: fields.map((f: { field: string; message: string }) => ({ name: f.field, reason: f.message })),
        }
      : {}),
  }
}

/** The mock's answer as that deployment gives it: `errors` its errors as problem details (changed by `change`), `reset` its reset in seconds. */
function answeredAs(
  { errors = true, reset = true }: { errors?: boolean; reset?: boolean },
  change: (problem: JsonObject) => unknown = (problem) => problem,
): Rewriter {
  return async (request, next) => {
    const response = await next(request)
    const headers = new Headers(response.headers)
    const epoch = Number(headers.get('x-ratelimit-reset'))
    const date = Math.floor(Date.parse(headers.get('date') ?? '') / 1000)
    if (reset && headers.has('x-ratelimit-reset') && Number.isFinite(date))
      headers.set('x-ratelimit-reset', String(Math.max(0, epoch - date)))
    const text = await response.text()
    const body = text ? JSON.parse(text) : undefined
    if (!errors || response.status < 400 || !body?.error)
      return new Response(text, { status: response.status, headers })
    headers.set('content-type', PROBLEM_MEDIA)
    const problem = change(problemOf(body, response.status, request))
    return new Response(JSON.stringify(problem), { status: response.status, headers })
  }
}

/** The mock answering as that deployment does. */
export const asProblemDetails: Rewriter = answeredAs({})

/** The table: one thing broken of that deployment's choices, judged by its own document. */
export const SHAPE_VARIANTS: readonly BrokenVariant[] = [
  {
    name: 'problem details without detail',
    caughtBy: 'envelope_conformance',
    rewrite: answeredAs({}, ({ detail: _detail, ...rest }) => rest),
  },
  {
    name: 'problem details that also carry success',
    caughtBy: 'envelope_conformance',
    rewrite: answeredAs({}, (problem) => ({ success: false, ...problem })),
  },
  { name: 'errors in our own envelope', caughtBy: 'envelope_conformance', rewrite: answeredAs({ errors: false }) },
  {
    name: 'an X-RateLimit-Reset in epoch seconds where the document counts seconds',
    caughtBy: 'rate_limit_reset_conformance',
    rewrite: answeredAs({ reset: false }),
  },
]
