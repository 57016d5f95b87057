import { readdirSync, readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { join, posix, relative } from 'node:path'

/** A source file as the rules see it: its path below src/, what it imports, and its code without comments. */
export interface SourceFile {
  file: string
  imports: string[]
  code: string
}

/** The layers of src/, as the README's "Architecture" names them. */
export const LAYERS = [
  'schemas/',
  'errors/',
  'operations/',
  'store/',
  'domain/',
  'http/',
  'handlers/',
  'openapi/',
  'src/*.ts',
  'adapters/',
  'cli.ts',
] as const
/** One of the layers. */
export type Layer = (typeof LAYERS)[number]

/** Which layers each layer may import (its own always): every arrow of the README's diagram, pointing down. */
export const MAY_IMPORT: Readonly<Record<Layer, readonly Layer[]>> = {
  'schemas/': [],
  'errors/': ['schemas/'],
  'operations/': ['errors/', 'schemas/'],
  'store/': ['schemas/'],
  'domain/': ['store/', 'errors/', 'schemas/'],
  'http/': ['domain/', 'errors/', 'schemas/'],
  'handlers/': ['http/', 'domain/', 'operations/', 'store/', 'errors/', 'schemas/'],
  'openapi/': ['handlers/', 'http/', 'domain/', 'operations/', 'store/', 'errors/', 'schemas/'],
  'src/*.ts': ['openapi/', 'handlers/', 'http/', 'domain/', 'operations/', 'store/', 'errors/', 'schemas/'],
  'adapters/': ['src/*.ts', 'openapi/', 'handlers/', 'http/', 'domain/', 'operations/', 'store/', 'errors/', 'schemas/'],
  'cli.ts': ['adapters/', 'src/*.ts', 'openapi/', 'handlers/', 'http/', 'domain/', 'operations/', 'store/', 'errors/', 'schemas/'],
}

/** Layers that run only in Node: the only ones that may use Node built-ins, Express or msw/node. */
const NODE_ONLY: readonly Layer[] = ['adapters/', 'cli.ts']
/** Layers that know HTTP as msw sees it: the only ones that may import msw. */
const MSW: readonly Layer[] = ['handlers/', 'src/*.ts', 'adapters/', 'cli.ts']
/** Layers that know no HTTP at all: no Fetch Request, Response or Headers. */
const NO_HTTP: readonly Layer[] = ['schemas/', 'errors/', 'operations/', 'store/', 'domain/']

const nodeModules = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`), 'express', 'msw/node', 'supertest'])
const nodeGlobals = /\b(Buffer|process|__dirname|__filename|require|global)\b(?=\s*[.(\[])/g
const fetchTypes = /\b(Request|Response|Headers)\b/g

/** The layer a file below src/ belongs to. */
export function layerOf(file: string): Layer {
  if (file === 'cli.ts') return 'cli.ts'
  if (!file.includes('/')) return 'src/*.ts'
  const layer = `${file.split('/')[0]}/` as Layer
  if (!LAYERS.includes(layer)) throw new Error(`${file} is in no layer of the README's diagram`)
  return layer
}

/**
 * Every broken rule in a list of files, as one line each (empty when all hold): an import of a
 * layer the importer may not import, Node-only code outside the Node-only layers, msw below the
 * handlers, and Fetch's Request, Response or Headers where no HTTP belongs.
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
      } else if (nodeModules.has(name) && !NODE_ONLY.includes(layer)) problems.push(`${file} imports ${name}, which runs only in Node`)
      else if (name.startsWith('msw') && !MSW.includes(layer)) problems.push(`${file} imports ${name}, below the handlers`)
    }
    if (!NODE_ONLY.includes(layer)) for (const [, name] of code.matchAll(nodeGlobals)) problems.push(`${file} uses ${name}, which runs only in Node`)
    if (NO_HTTP.includes(layer)) for (const [, name] of withoutStrings(code).matchAll(fetchTypes)) problems.push(`${file} uses ${name}, where no HTTP belongs`)
    return problems
  })
}

/** Every non-test TypeScript file under a directory (src/ by default), read as the rules see it. */
export function readSourceFiles(root = 'src', dir = root): SourceFile[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return readSourceFiles(root, path)
    if (!entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) return []
    const text = readFileSync(path, 'utf8')
    const imports = [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]/g)].map((m) => m[1]!)
    return [{ file: relative(root, path).split(/[\\/]/).join('/'), imports, code: codeOnly(text) }]
  })
}

/** The code without comments, so "in-process" in a comment is not mistaken for `process`. */
function codeOnly(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
}

/** The code without string literals, so "Request" in a message is not mistaken for the Fetch type. */
function withoutStrings(code: string): string {
  return code.replace(/'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`/g, "''")
}
