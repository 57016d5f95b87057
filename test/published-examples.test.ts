import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, relative, resolve } from 'node:path'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'
import { CONTRACT_CONTEXT, SRC_CONTEXT, contextNames } from './support/published-examples-context.js'
import {
  declarationFiles,
  exampleModule,
  examplesIn,
  exportsOf,
  type PublishedExample,
} from './support/published-examples.js'

// Every `@example` of the published .d.ts files (dist/src and dist/contract-tests/lib, as the
// packed package ships them) compiles, as a consumer would write it: each is the body of a function
// in a file that imports what its module exports, beside a context that declares what the examples
// take for granted (a mock, a request, a listener, …). dist/openapi/api-types.d.ts is left out: its
// @examples are the document's example values (JSON), not code, and are checked as the document's.
// One wrong example is compiled with them, so the check is seen to fail.

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
const CANARY =
  "mock.override('listCampaigns', ({ response }) => response(500).json({ success: false, error: { code: 'internal_error', message: 'Down' } }))"

it('type-checks every @example in the published declaration files', async () => {
  const files = [...declarationFiles('dist/src'), ...declarationFiles('dist/contract-tests/lib')]
  const examples = new Map(files.map((file) => [file, examplesIn(file)]))
  const total = [...examples.values()].reduce((sum, list) => sum + list.length, 0)
  expect(total, 'the examples were found').toBeGreaterThan(100)

  mkdirSync('test-results', { recursive: true })
  const dir = mkdtempSync(resolve('test-results/published-examples-'))
  try {
    const located = writeProject(dir, files, examples)
    const output = await promisify(execFile)(process.execPath, [tsc, '-p', join(dir, 'tsconfig.json')]).then(
      () => '',
      (error: { stdout: string }) => error.stdout,
    )
    const failures = [...output.matchAll(/^(\S+?)\((\d+),\d+\): (error TS\d+: .*)$/gm)].map(
      ([, file, line, message]) => {
        const example = located(resolve(file!), Number(line))
        return example ? `${example.file}: ${example.code}\n    ${message}` : `${file}(${line}): ${message}`
      },
    )
    // The examples first: a syntax error in one stops tsc before any type error, the canary's too.
    expect(failures.filter((failure) => !failure.includes(CANARY))).toEqual([])
    expect(
      failures.filter((failure) => failure.includes(CANARY)),
      'the wrong example fails',
    ).not.toEqual([])
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}, 240_000)

/** Writes the contexts, one file of examples per module and the tsconfig; answers where each example's lines are. */
function writeProject(dir: string, files: string[], examples: Map<string, PublishedExample[]>) {
  const dist = relative(dir, resolve('dist'))
  const contexts = { src: SRC_CONTEXT, contract: CONTRACT_CONTEXT }
  for (const [area, text] of Object.entries(contexts))
    writeFileSync(join(dir, `context-${area}.ts`), text.replaceAll('@dist/', `${dist}/`))
  const exported = exportsOf(files)
  const lines = new Map<string, { start: number; example: PublishedExample }[]>()
  const written = ['context-src.ts', 'context-contract.ts']
  const write = (name: string, file: string, list: PublishedExample[]) => {
    const area = file.startsWith(join('dist', 'src')) ? 'src' : 'contract'
    const context = { file: join(dir, `context-${area}.ts`), names: contextNames(contexts[area]) }
    const { text, starts } = exampleModule(resolve(file), list, exported.get(file) ?? new Map(), context, dir)
    writeFileSync(join(dir, name), text)
    written.push(name)
    lines.set(
      join(dir, name),
      list.map((example, i) => ({ start: starts[i]!, example })),
    )
  }
  files.forEach((file, i) => {
    if (examples.get(file)!.length > 0) write(`module-${i}.ts`, file, examples.get(file)!)
  })
  const surface = files.find((file) => file.endsWith(join('surface', 'mock-surface.d.ts')))!
  write('canary.ts', surface, [{ file: 'canary', code: CANARY }])
  const tsconfig = {
    extends: relative(dir, resolve('tsconfig.json')),
    compilerOptions: { noEmit: true, module: 'ESNext', moduleResolution: 'Bundler', types: ['node', 'vite/client'] },
    include: [],
    files: written,
  }
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig))
  return (file: string, line: number) => lines.get(file)?.findLast(({ start }) => start <= line)?.example
}
