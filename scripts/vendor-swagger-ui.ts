// Copies the files of Swagger UI the docs page loads into dist/docs-assets/swagger-ui (npm run
// build runs this after tsc). The package ships them instead of depending on swagger-ui-dist, which
// pulls in @scarf/scarf, an analytics postinstall script that npm flags and some companies block:
// the published package has no install script anywhere in its runtime dependency tree. Swagger UI is
// Apache-2.0; its LICENSE and NOTICE go with it. Source maps are left out (and the comments naming
// them), so the page asks for nothing it cannot have.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** What the docs page loads, and the licence files that go with it. */
export const SWAGGER_UI_FILES = [
  'swagger-ui.css',
  'swagger-ui-bundle.js',
  'swagger-ui-standalone-preset.js',
  'favicon-32x32.png',
  'favicon-16x16.png',
  'LICENSE',
  'NOTICE',
] as const

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const from = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))
const to = join(root, 'dist', 'docs-assets', 'swagger-ui')

rmSync(to, { recursive: true, force: true })
mkdirSync(to, { recursive: true })
for (const file of SWAGGER_UI_FILES) {
  const bytes = readFileSync(join(from, file))
  const text = /\.(js|css)$/.test(file)
    ? bytes.toString('utf8').replace(/\n?\/[*/][#@] sourceMappingURL=[^\s*]+\s*(\*\/)?\s*$/, '\n')
    : undefined
  writeFileSync(join(to, file), text ?? bytes)
}
const { version } = JSON.parse(readFileSync(join(from, 'package.json'), 'utf8')) as { version: string }
console.log(`vendored Swagger UI ${version} into dist/docs-assets/swagger-ui`)
