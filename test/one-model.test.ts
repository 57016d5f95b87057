import { expect, it } from 'vitest'
import { readSourceFiles } from './support/architecture.js'

// One profiled model of the API (issue 30): a status an answer carries, and an error code as a
// client reads it, are written in the profile (src/profile/) and turned into answers by the model
// (src/model/); nowhere else does the code write either. Reading a status (a comparison, a class
// of statuses for a log's colour, the learner reading a deployment's) is no writing of one.

/** A status written into an answer: a `status:` member, a `status =`, `writeHead(…)` or `send(…)` with a 4xx or 5xx. */
const WRITES_STATUS = /(status\s*:\s*|status\s*=\s*|writeHead\(\s*|send\(\s*)([45]\d\d)\b/g
/** An error code written as a body member by hand (`code: 'route_not_found'`); zod's own issue codes aside. */
const WRITES_CODE = /\bcode:\s*'(?!custom')[a-z_]+'/g

/** Where each is allowed, and why. */
const ALLOWED: Readonly<Record<string, string>> = {
  'profile/': 'the choices themselves',
  'model/': 'the one model, compiled from the profile',
  'openapi/admin-examples.ts':
    "an example of a fault rule's body: the status a tester asks for, not one the mock answers on its own",
}

/** The files under src/ that write a status or a code where the model does not. */
function writers(files: readonly { file: string; code: string }[]): string[] {
  return files
    .filter(({ file }) => !Object.keys(ALLOWED).some((place) => file.startsWith(place)))
    .flatMap(({ file, code }) =>
      [...code.matchAll(WRITES_STATUS), ...code.matchAll(WRITES_CODE)].map((match) => `${file}: ${match[0]}`),
    )
}

it('finds no status and no error code written outside the profile and the model', () => {
  const files = readSourceFiles()
  expect(files.length).toBeGreaterThan(150) // the reader found the tree
  expect(writers(files)).toEqual([])
})

it('finds one where there is one (the search itself works)', () => {
  const handWritten = "return send(404, { success: false, error: { code: 'route_not_found', message: 'No route' } })"
  expect(writers([{ file: 'listener/edge.ts', code: handWritten }])).toEqual([
    'listener/edge.ts: send(404',
    "listener/edge.ts: code: 'route_not_found'",
  ])
  expect(writers([{ file: 'model/error-model.ts', code: handWritten }])).toEqual([])
})
