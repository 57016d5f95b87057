import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'

// Reads every `@example` of the published declaration files (dist/**/*.d.ts, as `npm pack` ships
// them) and writes each module's examples as a TypeScript file that imports what the module exports,
// so that tsc can check them as a consumer's code.

/** One example: the declaration file it is in, its code, and the line its generated function starts at. */
export interface PublishedExample {
  file: string
  code: string
}

/** Every .d.ts below a directory. */
export function declarationFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return declarationFiles(path)
    return path.endsWith('.d.ts') ? [path] : []
  })
}

/** The `@example` blocks of a declaration file's doc comments, each as code (the ` * ` margins gone). */
export function examplesIn(file: string): PublishedExample[] {
  const text = readFileSync(file, 'utf8')
  return [...text.matchAll(/\/\*\*[\s\S]*?\*\//g)].flatMap(([comment]) => {
    const body = comment
      .replace(/^\/\*\*|\*\/$/g, '')
      .split('\n')
      .map((line) => line.replace(/^\s*\* ?/, ''))
      .join('\n')
    // A tag is `@example` followed by space or a line end (not `@example.com`); it runs to the next tag.
    return [...body.matchAll(/@example(?=\s)([\s\S]*?)(?=\n\s*@\w|$)/g)].map((match) => ({
      file,
      code: match[1]!.trim().replaceAll('*\\/', '*/'),
    }))
  })
}

/** What a module exports, by name: whether each is a value (else a type only). */
export function exportsOf(files: string[]): Map<string, Map<string, boolean>> {
  const program = ts.createProgram(files, { noEmit: true, skipLibCheck: true, types: [] })
  const checker = program.getTypeChecker()
  return new Map(
    files.map((file) => {
      const source = program.getSourceFile(file)
      const module = source && checker.getSymbolAtLocation(source)
      const names = new Map<string, boolean>()
      for (const symbol of module ? checker.getExportsOfModule(module) : []) {
        // `export type { X }` of a value is a type here; an alias's own declaration says so.
        const typeOnly = symbol.declarations?.some(
          (declaration) =>
            ts.isExportSpecifier(declaration) && (declaration.isTypeOnly || declaration.parent.parent.isTypeOnly),
        )
        const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
        names.set(symbol.name, !typeOnly && (target.flags & ts.SymbolFlags.Value) !== 0)
      }
      return [file, names]
    }),
  )
}

/**
 * A module's examples as one file: its exports imported, then the context's names it does not
 * export itself, then each example in an async function of its own. Answers the file's text and
 * the line each example starts at.
 */
export function exampleModule(
  declarationFile: string,
  examples: PublishedExample[],
  exported: Map<string, boolean>,
  context: { file: string; names: string[] },
  from: string,
): { text: string; starts: number[] } {
  const specifier = (path: string) => {
    const relativePath = relative(from, path)
      .replace(/\.d\.ts$/, '.js')
      .replace(/\.ts$/, '.js')
    return relativePath.startsWith('.') ? relativePath : `./${relativePath}`
  }
  const values = [...exported].filter(([, value]) => value).map(([name]) => name)
  const types = [...exported].filter(([, value]) => !value).map(([name]) => name)
  const lines = [
    `import { ${[...values, ...types.map((name) => `type ${name}`)].join(', ')} } from '${specifier(declarationFile)}'`,
    `import { ${context.names.filter((name) => !exported.has(name)).join(', ')} } from '${specifier(context.file)}'`,
  ]
  const starts: number[] = []
  examples.forEach((example, index) => {
    starts.push(lines.length + 1)
    lines.push(`export async function example${index}() {`, ...example.code.split('\n'), '}')
  })
  return { text: `${lines.join('\n')}\n`, starts }
}
