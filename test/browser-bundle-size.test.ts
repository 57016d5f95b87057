import { gzipSync } from 'node:zlib'
import { build, type Metafile } from 'esbuild'
import { expect, it } from 'vitest'

/** The gzip budget of the default browser import: startBrowserMock with its handlers, fixtures and msw/browser. */
const BUDGET_BYTES = 160_000

/** The outputs a page loads at start: the entry and the chunks it imports statically (not dynamic `import()`s). */
function initialOutputs(metafile: Metafile): Set<string> {
  const initial = new Set<string>()
  const visit = (path: string) => {
    if (initial.has(path)) return
    initial.add(path)
    for (const { path: next, kind } of metafile.outputs[path]!.imports) if (kind === 'import-statement') visit(next)
  }
  visit(Object.keys(metafile.outputs).find((path) => metafile.outputs[path]!.entryPoint)!)
  return initial
}

/** Minified bytes by npm package (ours as `ad-campaign-mock`), largest first. */
function bytesByPackage(metafile: Metafile, outputs: Set<string>): [string, number][] {
  const totals = new Map<string, number>()
  for (const output of outputs) {
    for (const [input, { bytesInOutput }] of Object.entries(metafile.outputs[output]!.inputs)) {
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? 'ad-campaign-mock'
      totals.set(name, (totals.get(name) ?? 0) + bytesInOutput)
    }
  }
  return [...totals].sort((a, b) => b[1] - a[1])
}

it(`keeps the default browser import within ${BUDGET_BYTES / 1000} kB gzip, faker in a chunk loaded only to generate data`, async () => {
  const { metafile, outputFiles } = await build({
    stdin: {
      contents: "import { startBrowserMock } from './src/runtimes/browser.ts'\nawait startBrowserMock()",
      resolveDir: '.',
      loader: 'ts',
    },
    bundle: true,
    minify: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    outdir: 'out',
    write: false,
    metafile: true,
    logLevel: 'silent',
  })
  const initial = initialOutputs(metafile)
  const gzipped = (path: string) => gzipSync(outputFiles.find((file) => file.path.endsWith(path))!.contents).length
  const initialGzip = [...initial].reduce((sum, path) => sum + gzipped(path), 0)
  const lazy = Object.keys(metafile.outputs).filter((path) => !initial.has(path) && path.endsWith('.js'))
  const packages = bytesByPackage(metafile, initial)

  console.log(
    [
      `Default browser import: ${(initialGzip / 1000).toFixed(1)} kB gzip (budget ${BUDGET_BYTES / 1000} kB), minified by package:`,
      ...packages.map(([name, bytes]) => `  ${name.padEnd(32)} ${(bytes / 1000).toFixed(1).padStart(6)} kB`),
      `Loaded on demand: ${lazy.map((path) => `${path} (${(gzipped(path) / 1000).toFixed(1)} kB gzip)`).join(', ')}`,
    ].join('\n'),
  )
  expect(initialGzip).toBeLessThanOrEqual(BUDGET_BYTES)
  expect(packages.map(([name]) => name)).not.toContain('@faker-js/faker')
  expect(packages.map(([name]) => name)).toEqual(expect.arrayContaining(['msw', 'zod', 'ad-campaign-mock']))
  // A twin is served in the page from its file (surface/twin.ts); learning one (src/twin/, with the
  // contract suite's client), the command and the Node-side layers stay out of every chunk.
  const ours = Object.values(metafile.outputs).flatMap((output) =>
    Object.keys(output.inputs).filter((input) => !input.includes('node_modules/')),
  )
  expect(ours).toContain('src/surface/twin.ts')
  expect(
    ours.filter((input) =>
      /^(src\/(twin|cli|listener)\/|src\/cli\.ts|src\/persistence\/state-file|contract-tests\/)/.test(input),
    ),
  ).toEqual([])
  // Generating a dataset still works: faker sits in a chunk of its own.
  expect(
    lazy.some((path) => bytesByPackage(metafile, new Set([path])).some(([name]) => name === '@faker-js/faker')),
  ).toBe(true)
})
