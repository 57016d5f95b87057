import { readdirSync, readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { join, posix, relative } from 'node:path'

/** A source file as the rules see it: its path below src/, what it imports, and its code without comments. */
export interface SourceFile {
  file: string
  imports: string[]
  code: string
}

/** The longest a source file may be, in lines: past it, a file usually holds two ideas (the house style). */
export const MAX_LINES = 300

/** The folders whose TypeScript the circle and length rules read: every one the project writes. */
export const CHECKED_ROOTS = ['src', 'contract-tests', 'test', 'scripts', 'bench', 'examples'] as const

/** The layers of src/, as docs/architecture.md names them, lowest first. */
export const LAYERS = [
  'profile/',
  'schemas/',
  'errors/',
  'operations/',
  'store/',
  'domain/',
  'presentation/',
  'control-plane/',
  'http/',
  'model/',
  'pipeline/',
  'resolvers/',
  'msw/',
  'openapi/',
  'surface/',
  'src/*.ts',
  'persistence/',
  'listener/',
  'runtimes/',
  'twin/',
  'cli/',
] as const
/** One of the layers. */
export type Layer = (typeof LAYERS)[number]

// Every layer below the tester's surface, highest first: what the surface and everything above it may import.
const BELOW_SURFACE: readonly Layer[] = LAYERS.slice(0, LAYERS.indexOf('surface/')).reverse()
// The domain and every layer below it, highest first.
const DOMAIN_AND_BELOW = BELOW_SURFACE.slice(BELOW_SURFACE.indexOf('domain/'))

/** Which layers each layer may import (its own always): every arrow of docs/architecture.md's diagram, pointing down. */
export const MAY_IMPORT: Readonly<Record<Layer, readonly Layer[]>> = {
  'profile/': [],
  'schemas/': ['profile/'],
  'errors/': ['schemas/', 'profile/'],
  'operations/': ['errors/', 'schemas/', 'profile/'],
  'store/': ['schemas/', 'profile/'],
  'domain/': ['store/', 'errors/', 'schemas/', 'profile/'],
  'presentation/': ['domain/', 'store/', 'schemas/', 'profile/'],
  'control-plane/': ['presentation/', 'domain/', 'operations/', 'store/', 'errors/', 'schemas/', 'profile/'],
  'http/': ['domain/', 'errors/', 'schemas/', 'profile/'],
  'model/': ['http/', 'domain/', 'operations/', 'store/', 'errors/', 'schemas/', 'profile/'],
  'pipeline/': ['model/', 'http/', 'domain/', 'operations/', 'store/', 'errors/', 'schemas/', 'profile/'],
  'resolvers/': ['pipeline/', 'model/', 'http/', 'control-plane/', 'presentation/', ...DOMAIN_AND_BELOW],
  'msw/': BELOW_SURFACE.slice(2),
  'openapi/': ['pipeline/', 'model/', 'http/', 'presentation/', ...DOMAIN_AND_BELOW],
  'surface/': BELOW_SURFACE,
  'src/*.ts': ['surface/', ...BELOW_SURFACE],
  'persistence/': ['surface/', ...BELOW_SURFACE],
  'listener/': ['persistence/', 'surface/', ...BELOW_SURFACE],
  'runtimes/': ['listener/', 'persistence/', 'surface/', ...BELOW_SURFACE],
  'twin/': ['surface/', 'openapi/', 'model/', 'errors/', 'profile/'],
  'cli/': ['twin/', 'runtimes/', 'listener/', 'persistence/', 'surface/', 'src/*.ts', ...BELOW_SURFACE],
}

/** Layers that run only in Node: the only ones that may use Node built-ins, Express or msw/node. */
const NODE_ONLY: readonly Layer[] = ['persistence/', 'listener/', 'runtimes/', 'cli/']
/** Layers that know HTTP as msw sees it: the only ones that may import msw. */
const MSW: readonly Layer[] = [
  'pipeline/',
  'msw/',
  'surface/',
  'src/*.ts',
  'persistence/',
  'listener/',
  'runtimes/',
  'cli/',
]
/** Layers that know no HTTP at all (those below http/): no Fetch Request, Response or Headers. */
const NO_HTTP: readonly Layer[] = LAYERS.slice(0, LAYERS.indexOf('http/'))

const nodeModules = new Set([
  ...builtinModules,
  ...builtinModules.map((name) => `node:${name}`),
  'express',
  'msw/node',
  'supertest',
])
const nodeGlobals = /\b(Buffer|process|__dirname|__filename|require|global)\b(?=\s*[.(\[])/g
const fetchTypes = /\b(Request|Response|Headers)\b/g

/** The layer a file below src/ belongs to. */
export function layerOf(file: string): Layer {
  // The command: its entry (the bin) and its own parts beside it.
  if (file === 'cli.ts' || file.startsWith('cli/')) return 'cli/'
  if (!file.includes('/')) return 'src/*.ts'
  const layer = `${file.split('/')[0]}/` as Layer
  if (!LAYERS.includes(layer)) throw new Error(`${file} is in no layer of the diagram in docs/architecture.md`)
  return layer
}

/**
 * Every broken rule in a list of files, as one line each (empty when all hold): an import of a
 * layer the importer may not import, Node-only code outside the Node-only layers, msw below the
 * pipeline, and Fetch's Request, Response or Headers where no HTTP belongs.
 * @example checkArchitecture([{ file: 'domain/x.ts', imports: ['../http/respond.js'], code: '' }]) // ['domain/x.ts imports ../http/respond.js (http/)']
 */
export function checkArchitecture(files: readonly SourceFile[]): string[] {
  return files.flatMap(({ file, imports, code }) => {
    const layer = layerOf(file)
    const problems: string[] = []
    for (const name of imports) {
      if (name.startsWith('.')) {
        // Imports name the built file (`.js`); the layer is that of the source beside it.
        const target = posix.normalize(posix.join(posix.dirname(file), name)).replace(/\.js$/, '.ts')
        if (target.startsWith('..')) continue // outside src/: fixtures, package.json
        const to = layerOf(target)
        if (to !== layer && !MAY_IMPORT[layer].includes(to)) problems.push(`${file} imports ${name} (${to})`)
      } else if (nodeModules.has(name) && !NODE_ONLY.includes(layer))
        problems.push(`${file} imports ${name}, which runs only in Node`)
      else if (name.startsWith('msw') && !MSW.includes(layer))
        problems.push(`${file} imports ${name}, below the pipeline`)
    }
    if (!NODE_ONLY.includes(layer))
      for (const [, name] of code.matchAll(nodeGlobals)) problems.push(`${file} uses ${name}, which runs only in Node`)
    if (NO_HTTP.includes(layer))
      for (const [, name] of withoutStrings(code).matchAll(fetchTypes))
        problems.push(`${file} uses ${name}, where no HTTP belongs`)
    return problems
  })
}

/** Every non-test TypeScript file under a directory (src/ by default), read as the rules see it. */
export function readSourceFiles(root = 'src', dir = root): SourceFile[] {
  return readTypeScript(root, dir, false).map(({ file, text }) => ({
    file,
    imports: importsOf(text),
    code: codeOnly(text),
  }))
}

/**
 * The circles of imports among the files, each as a chain of files leading back to its first: at least one through every group
 * of files that import each other in a ring, each circle once (empty when there is none). A static,
 * type-only or lazy import of another file of the list counts.
 * @example findImportCircles([{ file: 'a.ts', imports: ['./b.js'] }, { file: 'b.ts', imports: ['./a.js'] }]) // ['a.ts -> b.ts -> a.ts']
 */
export function findImportCircles(files: readonly Pick<SourceFile, 'file' | 'imports'>[]): string[] {
  const known = new Set(files.map(({ file }) => file))
  const edges = new Map(
    files.map(({ file, imports }) => {
      const targets = imports
        .filter((name) => name.startsWith('.'))
        .map((name) => posix.normalize(posix.join(posix.dirname(file), name)).replace(/\.js$/, '.ts'))
      return [file, [...new Set(targets.filter((target) => known.has(target)))].sort()] as const
    }),
  )
  // Depth first from each file in order; a file met again while still on the path closes a circle.
  const circles = new Map<string, string[]>()
  const done = new Set<string>()
  const visit = (file: string, path: string[]): void => {
    const at = path.indexOf(file)
    if (at >= 0) {
      const circle = path.slice(at)
      circles.set([...circle].sort().join(' '), circle)
      return
    }
    if (done.has(file)) return
    for (const next of edges.get(file) ?? []) visit(next, [...path, file])
    done.add(file)
  }
  for (const file of [...known].sort()) visit(file, [])
  return [...circles.values()].map((circle) => [...circle, circle[0]].join(' -> '))
}

/** Every file longer than MAX_LINES, as one line each (empty when none is). */
export function findLongFiles(files: readonly { file: string; lines: number }[]): string[] {
  return files
    .filter(({ lines }) => lines > MAX_LINES)
    .map(({ file, lines }) => `${file} has ${lines} lines (at most ${MAX_LINES})`)
}

/** Every TypeScript file under a folder, tests too, with its imports and its length, for the circle and length rules. */
export function readProjectFiles(root: string): (Pick<SourceFile, 'file' | 'imports'> & { lines: number })[] {
  return readTypeScript(root, root, true).map(({ file, text }) => ({
    file,
    imports: importsOf(text),
    lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0),
  }))
}

/** The TypeScript files under a folder, with their path below `root`; never a dependency's or a cache's (node_modules, dot folders). */
function readTypeScript(root: string, dir: string, tests: boolean): { file: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name.startsWith('.') ? [] : readTypeScript(root, path, tests)
    if (!entry.name.endsWith('.ts') || (!tests && entry.name.endsWith('.test.ts'))) return []
    return [{ file: relative(root, path).split(/[\\/]/).join('/'), text: readFileSync(path, 'utf8') }]
  })
}

/** What a file imports: `import … from`, `export … from`, and `import('…')` (a lazy import is an import too). */
function importsOf(text: string): string[] {
  const statics = [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]/g)].map((m) => m[1]!)
  const lazy = [...codeOnly(text).matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]!)
  return [...statics, ...lazy]
}

/** The code without comments, so "in-process" in a comment is not mistaken for `process`. */
function codeOnly(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
}

/** The code without string literals, so "Request" in a message is not mistaken for the Fetch type. */
function withoutStrings(code: string): string {
  return code.replace(/'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`/g, "''")
}
