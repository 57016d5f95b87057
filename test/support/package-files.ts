import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** Bare module names a built file imports (statically, dynamically, or through require.resolve). */
export function bareImports(file: string): string[] {
  const code = readFileSync(file, 'utf8')
  const specifiers = [
    ...code.matchAll(/(?:from\s*|import\s*\(\s*|\bimport\s+|resolve\(\s*)['"]([^'"./][^'"]*)['"]/g),
  ].map((m) => m[1]!)
  return specifiers
    .filter((name) => /^[@a-z0-9][\w@./-]*$/.test(name) && !name.startsWith('node:'))
    .map((name) =>
      name
        .split('/')
        .slice(0, name.startsWith('@') ? 2 : 1)
        .join('/'),
    )
}

/** Every file under a folder, at any depth. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  )
}
