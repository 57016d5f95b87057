import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Rolldown } from 'vite'
import { build } from 'vite'
import { expect, it } from 'vitest'

// A page that imports ad-campaign-mock/browser (the built package, dist/) and starts the mock, built
// by Vite's own production build with its defaults, as an app's `vite build` would. What the page
// loads up front is the entry and its static imports; starting the mock loads the chunks of the
// dynamic import in startBrowserMock; faker loads only to generate data.

/** The gzip budget of what the page loads up front (issue 26: at most 150 kB). */
const UP_FRONT_BUDGET = 150_000
/** The gzip bound of what starting the mock loads besides (msw/browser is about 154 kB of it under Vite 8). */
const ON_START_BOUND = 240_000

type Chunk = Rolldown.OutputChunk

/** The chunks reachable from these through static imports. */
function closure(start: Chunk[], byName: Map<string, Chunk>): Set<Chunk> {
  const found = new Set<Chunk>()
  const visit = (chunk: Chunk) => {
    if (found.has(chunk)) return
    found.add(chunk)
    for (const name of chunk.imports) visit(byName.get(name)!)
  }
  start.forEach(visit)
  return found
}

const gzip = (chunks: Iterable<Chunk>) => [...chunks].reduce((sum, chunk) => sum + gzipSync(chunk.code).length, 0)
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`

/** Rendered bytes (before minifying) by npm package, largest first. */
function byPackage(chunks: Iterable<Chunk>): [string, number][] {
  const totals = new Map<string, number>()
  for (const chunk of chunks)
    for (const [id, { renderedLength }] of Object.entries(chunk.modules)) {
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id)?.[1] ?? 'ad-campaign-mock'
      totals.set(name, (totals.get(name) ?? 0) + renderedLength)
    }
  return [...totals].sort((a, b) => b[1] - a[1])
}

it(`loads at most ${UP_FRONT_BUDGET / 1000} kB gzip up front under Vite's production build; faker and the docs page never`, async () => {
  mkdirSync('test-results', { recursive: true })
  const root = mkdtempSync(resolve('test-results/vite-bundle-'))
  try {
    writeFileSync(join(root, 'index.html'), '<!doctype html><script type="module" src="./main.js"></script>')
    writeFileSync(
      join(root, 'main.js'),
      "import { startBrowserMock } from 'ad-campaign-mock/browser'\nawait startBrowserMock()\n",
    )
    const result = await build({
      root,
      configFile: false,
      logLevel: 'silent',
      resolve: {
        alias: [{ find: /^ad-campaign-mock\/browser$/, replacement: resolve('dist/src/runtimes/browser.js') }],
      },
      build: { write: false },
    })
    const chunks = (Array.isArray(result) ? result : [result as Rolldown.RolldownOutput])
      .flatMap(({ output }) => output)
      .filter((item): item is Chunk => item.type === 'chunk')
    const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
    const upFront = closure(
      chunks.filter((chunk) => chunk.isEntry),
      byName,
    )
    const started = closure(
      chunks.filter((chunk) => Object.keys(chunk.modules).some((id) => id.endsWith('runtimes/browser-mock.js'))),
      byName,
    )
    const onStart = new Set([...started].filter((chunk) => !upFront.has(chunk)))
    const lazy = chunks.filter((chunk) => !upFront.has(chunk) && !onStart.has(chunk))
    console.log(
      [
        `Vite ${(await import('vite')).version} production build of a page that imports ad-campaign-mock/browser:`,
        `  up front: ${kB(gzip(upFront))} gzip (budget ${kB(UP_FRONT_BUDGET)})`,
        `  on startBrowserMock(): ${kB(gzip(onStart))} gzip more (bound ${kB(ON_START_BOUND)}); rendered bytes by package:`,
        ...byPackage(onStart).map(([name, bytes]) => `    ${name.padEnd(30)} ${kB(bytes).padStart(9)}`),
        `  only to generate data: ${lazy.map((chunk) => `${chunk.fileName} (${kB(gzip([chunk]))} gzip)`).join(', ')}`,
      ].join('\n'),
    )
    expect(gzip(upFront)).toBeLessThanOrEqual(UP_FRONT_BUDGET)
    expect(gzip(onStart)).toBeLessThanOrEqual(ON_START_BOUND)
    const packages = (set: Iterable<Chunk>) => byPackage(set).map(([name]) => name)
    expect(packages([...upFront, ...onStart])).not.toContain('@faker-js/faker')
    expect(packages(onStart)).toEqual(expect.arrayContaining(['msw', 'ad-campaign-mock']))
    // zod loads up front: the entry exports parseTwinFile, which checks a twin file in the page.
    expect(packages(upFront)).toContain('zod')
    expect(
      lazy.some((chunk) => packages([chunk]).includes('@faker-js/faker')),
      'faker in a chunk of its own',
    ).toBe(true)
    // A twin is served in the page from its file (surface/twin.ts); learning one (src/twin/, with the
    // contract suite's client), the command and the Node-side layers stay out of every chunk.
    const ours = chunks.flatMap((chunk) => Object.keys(chunk.modules).filter((id) => !id.includes('node_modules/')))
    expect(ours.some((id) => id.endsWith('dist/src/surface/twin.js'))).toBe(true)
    expect(
      ours.filter((id) =>
        /dist\/(src\/(twin|cli|listener)\/|src\/cli\.js|src\/persistence\/state-file|contract-tests\/)/.test(id),
      ),
    ).toEqual([])
    // The docs page (Swagger UI, the listener's routes) is Node's: nothing of it reaches a browser bundle.
    expect(
      chunks.filter((chunk) => /SwaggerUIBundle|docs-routes/.test(chunk.code + Object.keys(chunk.modules).join())),
    ).toEqual([])
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}, 180_000)
