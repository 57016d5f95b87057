import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import {
  CHECKED_ROOTS,
  checkArchitecture,
  findImportCircles,
  findLongFiles,
  LAYERS,
  layerOf,
  MAX_LINES,
  MAY_IMPORT,
  readProjectFiles,
  readSourceFiles,
  type Layer,
  type SourceFile,
} from './support/architecture.js'
import {
  FUNCTION_ROOTS,
  findLongFunctions,
  findLongFunctionsUnder,
  MAX_FUNCTION_LINES,
} from './support/long-functions.js'

const sources = readSourceFiles()

/** The layers that may use Node: the Node-side adapters and the command. */
const NODE_SIDE: readonly Layer[] = ['persistence/', 'listener/', 'runtimes/', 'cli/']

/** A file of a layer (a file x in it) that imports one module, as the checker sees it. */
function fileIn(layer: Layer, imports: string[], code = ''): SourceFile {
  const file = layer === 'src/*.ts' ? 'x.ts' : `${layer}x.ts`
  return { file, imports, code }
}

/** How a file of `from` names a module of `to`. */
function importOf(from: Layer, to: Layer): string {
  const up = from === 'src/*.ts' ? './' : '../'
  return to === 'src/*.ts' ? `${up}index.js` : `${up}${to}y.js`
}

it('finds no broken rule in src/: every arrow points down, Node and msw only where they belong, no HTTP in the domain', () => {
  expect(checkArchitecture(sources)).toEqual([])
})

it('reads the imports it polices (the reader itself works)', () => {
  const app = sources.find(({ file }) => file === 'listener/express-app.ts')!
  expect(app.imports).toContain('express')
  expect(app.imports).toContain('../http/mock-request.js')
  expect(
    sources.find(({ file }) => file === 'listener/listener.ts')!.imports.some((name) => name.startsWith('node:')),
  ).toBe(true)
  expect(new Set(sources.map(({ file }) => layerOf(file)))).toEqual(new Set(LAYERS))
})

it.each(
  LAYERS.flatMap((from) =>
    LAYERS.filter((to) => to !== from && !MAY_IMPORT[from].includes(to)).map((to) => [from, to] as const),
  ),
)('refuses %s importing %s (each forbidden arrow can fail)', (from, to) => {
  const name = importOf(from, to)
  expect(checkArchitecture([fileIn(from, [name])])).toEqual([`${fileIn(from, []).file} imports ${name} (${to})`])
})

it('lets every layer import what the diagram allows, and itself', () => {
  const allowed = LAYERS.flatMap((from) => [from, ...MAY_IMPORT[from]].map((to) => fileIn(from, [importOf(from, to)])))
  expect(checkArchitecture(allowed)).toEqual([])
})

it('keeps domain, store, schemas and operations clear of http, handlers and adapters', () => {
  for (const from of ['domain/', 'store/', 'schemas/', 'operations/'] as const) {
    for (const to of ['http/', 'pipeline/', 'msw/', 'listener/'] as const) expect(MAY_IMPORT[from]).not.toContain(to)
  }
})

it('refuses Node built-ins, Express and msw/node outside the Node-side layers (persistence, listener, runtimes, CLI)', () => {
  for (const layer of LAYERS) {
    const problems = checkArchitecture([fileIn(layer, ['node:fs', 'express', 'msw/node'])])
    expect(problems, layer).toHaveLength(NODE_SIDE.includes(layer) ? 0 : 3)
  }
})

it('refuses Node-only globals outside the Node-side layers, and reads past comments', () => {
  expect(checkArchitecture([fileIn('domain/', [], 'const port = process.env.PORT')])).toEqual([
    'domain/x.ts uses process, which runs only in Node',
  ])
  expect(checkArchitecture([fileIn('pipeline/', [], 'Buffer.from(text)')])).toEqual([
    'pipeline/x.ts uses Buffer, which runs only in Node',
  ])
  expect(checkArchitecture([fileIn('listener/', [], 'Buffer.from(text)')])).toEqual([])
  const cli = sources.find(({ file }) => file === 'cli.ts')!
  expect(checkArchitecture([{ ...cli, file: 'domain/cli.ts', imports: [] }]).length).toBeGreaterThan(0) // real uses are found
})

it('refuses msw below the pipeline', () => {
  expect(checkArchitecture([fileIn('domain/', ['msw'])])).toEqual(['domain/x.ts imports msw, below the pipeline'])
  expect(checkArchitecture([fileIn('http/', ['msw'])])).toHaveLength(1)
  expect(checkArchitecture([fileIn('msw/', ['msw'])])).toEqual([])
})

it('refuses a Fetch Request, Response or Headers where no HTTP belongs, but not the words in a message', () => {
  expect(checkArchitecture([fileIn('domain/', [], 'export function f(request: Request) {}')])).toEqual([
    'domain/x.ts uses Request, where no HTTP belongs',
  ])
  expect(checkArchitecture([fileIn('errors/', [], 'new Response(null)')])).toHaveLength(1)
  expect(checkArchitecture([fileIn('domain/', [], "const m = 'Request body'")])).toEqual([])
  expect(checkArchitecture([fileIn('http/', [], 'new Response(null)')])).toEqual([])
})

it('is the table docs/architecture.md shows: each layer with what it may import', () => {
  const doc = readFileSync('docs/architecture.md', 'utf8')
  const architecture = doc.slice(doc.indexOf('## Layers'))
  const rows = [...architecture.matchAll(/^\| `([^`]+)` \|[^\n]*\| ([^|\n]+) \|$/gm)]
  const table = Object.fromEntries(
    rows.map(([, layer, imports]) => [
      layer,
      imports!.trim() === 'nothing' ? [] : [...imports!.matchAll(/`([^`]+)`/g)].map((m) => m[1]),
    ]),
  )
  expect(table).toEqual(MAY_IMPORT)
})

it.each(CHECKED_ROOTS)('finds no circle of imports among the files of %s/', (root) => {
  expect(findImportCircles(readProjectFiles(root))).toEqual([])
})

it('refuses a circle of imports, type-only and lazy ones too, and only a circle', () => {
  const ring = [
    { file: 'adapters/a.ts', imports: ['./b.js', 'node:fs'] },
    { file: 'adapters/b.ts', imports: ['../handlers/c.js'] },
    { file: 'handlers/c.ts', imports: ['../adapters/a.js'] },
    { file: 'd.ts', imports: ['./adapters/a.js'] },
  ]
  expect(findImportCircles(ring)).toEqual(['adapters/a.ts -> adapters/b.ts -> handlers/c.ts -> adapters/a.ts'])
  expect(findImportCircles([{ file: 'x.ts', imports: ['./x.js'] }])).toEqual(['x.ts -> x.ts'])
  // A diamond (two paths to one file) is no circle.
  const diamond = [
    { file: 'a.ts', imports: ['./b.js', './c.js'] },
    { file: 'b.ts', imports: ['./d.js'] },
    { file: 'c.ts', imports: ['./d.js'] },
    { file: 'd.ts', imports: [] },
  ]
  expect(findImportCircles(diamond)).toEqual([])
  // The reader sees what the rule needs: `import type` and `import('…')` (the listener's lazy document builders).
  const src = readProjectFiles('src')
  expect(src.find(({ file }) => file === 'listener/docs-routes.ts')!.imports).toContain('../openapi/build-openapi.js')
  expect(src.find(({ file }) => file === 'pipeline/implement-operation.ts')!.imports).toContain('./route.js')
})

it(`finds no TypeScript file over ${MAX_LINES} lines, tests included`, () => {
  const files = CHECKED_ROOTS.flatMap((root) =>
    readProjectFiles(root).map(({ file, lines }) => ({ file: `${root}/${file}`, lines })),
  )
  expect(files.length).toBeGreaterThan(200) // the reader found the tree
  expect(findLongFiles(files)).toEqual([])
})

it(`refuses a file over ${MAX_LINES} lines, and counts them as an editor does`, () => {
  expect(findLongFiles([{ file: 'handlers/long.ts', lines: MAX_LINES + 1 }])).toEqual([
    `handlers/long.ts has ${MAX_LINES + 1} lines (at most ${MAX_LINES})`,
  ])
  expect(findLongFiles([{ file: 'handlers/ok.ts', lines: MAX_LINES }])).toEqual([])
  const pipeline = readProjectFiles('src').find(({ file }) => file === 'pipeline/pipeline.ts')!
  expect(pipeline.lines).toBe(readFileSync('src/pipeline/pipeline.ts', 'utf8').trimEnd().split('\n').length)
})

it.each(FUNCTION_ROOTS)(`finds no function over ${MAX_FUNCTION_LINES} lines outside the tests of %s/`, (root) => {
  expect(findLongFunctionsUnder(root)).toEqual([])
})

it(`refuses a function over ${MAX_FUNCTION_LINES} lines, an arrow or a method too, and names it`, () => {
  const body = (lines: number) => Array.from({ length: lines - 2 }, (_, i) => `  step${i}()`).join('\n')
  const long = `export function plan() {\n${body(MAX_FUNCTION_LINES + 1)}\n}\n`
  expect(findLongFunctions('a.ts', long)).toEqual([`a.ts:1 plan has ${MAX_FUNCTION_LINES + 1} lines`])
  expect(findLongFunctions('a.ts', `const go = () => {\n${body(MAX_FUNCTION_LINES + 1)}\n}\n`)).toEqual([
    `a.ts:1 go has ${MAX_FUNCTION_LINES + 1} lines`,
  ])
  expect(findLongFunctions('a.ts', `class A {\n  run() {\n${body(MAX_FUNCTION_LINES + 1)}\n  }\n}\n`)).toEqual([
    `a.ts:2 run has ${MAX_FUNCTION_LINES + 1} lines`,
  ])
  expect(findLongFunctions('a.ts', `export function fits() {\n${body(MAX_FUNCTION_LINES)}\n}\n`)).toEqual([])
})
