// Writes the generated OpenAPI files (npm run openapi), or with --check fails when the
// committed ones differ from what the code generates (npm run openapi:check).
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { renderOpenApiFiles } from './render-openapi-files.js'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const check = process.argv.includes('--check')
const files = await renderOpenApiFiles()

const stale: string[] = []
for (const [path, content] of Object.entries(files)) {
  const target = resolve(root, path)
  const current = await readFile(target, 'utf8').catch(() => undefined)
  if (current === content) continue
  if (check) {
    stale.push(current === undefined ? `${path} (missing)` : path)
  } else {
    await mkdir(dirname(target), { recursive: true })
    await writeFile(target, content)
    console.log(`wrote ${path}`)
  }
}

if (stale.length > 0) {
  console.error(
    `These files differ from what the code generates:\n  ${stale.join('\n  ')}\nRun \`npm run openapi\` and commit the result.`,
  )
  process.exit(1)
}
if (check) console.log(`${Object.keys(files).length} OpenAPI files match the code.`)
