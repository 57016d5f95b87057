import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, relative } from 'node:path'
import { build } from 'esbuild'
import { beforeAll, describe, expect, it } from 'vitest'
import { DEMO_API_KEY } from '../src/store/fixtures.js'
import { BROWSER_CONSUMER, NODE_CONSUMER, RUN_BY_NAME } from './support/package-consumers.js'
import { bareImports, filesUnder } from './support/package-files.js'
import { startMock } from '../examples/playwright-http/start-mock.js'
import { packAndInstall, type ScratchProject } from './support/scratch-project.js'

// The package as users get it: `npm pack`, installed into an app's own project beside the lowest
// msw the peer range admits, then imported, typechecked, bundled and run from there.
const pkg = JSON.parse(readFileSync('package.json', 'utf8'))
const LOWEST_MSW = /^\^(2\.\d+\.\d+)$/.exec(pkg.peerDependencies.msw)?.[1]
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')

let app: ScratchProject
const installed = (path = '') => join(app.dir, 'node_modules/ad-campaign-mock', path)

beforeAll(async () => {
  app = await packAndInstall([`msw@${LOWEST_MSW}`, '@types/node@^20'])
}, 240_000)

describe('the packed package', () => {
  it(`declares msw as a peer (${pkg.peerDependencies.msw}) and installs only the app's own copy`, () => {
    expect(LOWEST_MSW, 'the peer range is ^2.x.y').toBeDefined()
    expect(JSON.parse(readFileSync(join(app.dir, 'node_modules/msw/package.json'), 'utf8')).version).toBe(LOWEST_MSW)
    expect(existsSync(installed('node_modules/msw'))).toBe(false)
    expect(app.manifest.dependencies).not.toHaveProperty('msw')
  })

  it('is publishable, and depends at run time on exactly what dist/ imports', () => {
    expect(app.manifest).not.toHaveProperty('private')
    expect(app.manifest).toMatchObject({
      license: expect.any(String),
      repository: { url: expect.any(String) },
      keywords: expect.any(Array),
    })
    const imported = new Set(
      filesUnder(installed('dist'))
        // Swagger UI's vendored files are the docs page's, loaded by a browser: not modules of the package.
        .filter((file) => file.endsWith('.js') && !file.includes('docs-assets'))
        .flatMap(bareImports),
    )
    imported.delete('ad-campaign-mock') // a string in the snapshot format marker, not an import
    expect([...imported].sort()).toEqual(
      Object.keys({ ...app.manifest.dependencies, ...app.manifest.peerDependencies }).sort(),
    )
  })

  it('installs with no install-script warning: nothing in its runtime dependency tree has an install script', () => {
    expect(app.installOutput).not.toMatch(/install.scripts?|postinstall|preinstall/i)
    const withScripts = filesUnder(join(app.dir, 'node_modules'))
      .filter((file) => file.endsWith('/package.json') && !file.includes('/node_modules/msw/'))
      .flatMap((file) => {
        const { name, scripts = {} } = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; scripts?: object }
        const hooks = ['preinstall', 'install', 'postinstall'].filter((hook) => hook in scripts)
        return name && hooks.length > 0 ? [`${name}: ${hooks.join(', ')}`] : []
      })
    expect(withScripts).toEqual([])
    // The docs page's Swagger UI is in the package itself, with its licence; swagger-ui-dist (and @scarf/scarf) is not installed.
    expect(existsSync(installed('dist/docs-assets/swagger-ui/swagger-ui-bundle.js'))).toBe(true)
    expect(existsSync(installed('dist/docs-assets/swagger-ui/LICENSE'))).toBe(true)
    expect(existsSync(join(app.dir, 'node_modules/swagger-ui-dist'))).toBe(false)
    expect(existsSync(join(app.dir, 'node_modules/@scarf/scarf'))).toBe(false)
  })

  it('ships every export with its types, and every file the README and the CLI point to, and no tests', () => {
    for (const [subpath, target] of Object.entries<Record<string, unknown> | string>(app.manifest.exports)) {
      const paths = typeof target === 'string' ? [target] : JSON.stringify(target).match(/\.\/[^"]+/g)!
      for (const path of paths) expect(existsSync(installed(path)), `${subpath} -> ${path}`).toBe(true)
    }
    const readme = readFileSync(installed('README.md'), 'utf8')
    const cli = [installed('dist/src/cli.js'), ...filesUnder(installed('dist/src/cli'))]
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n')
    const pointed = new Set(
      [...`${readme}\n${cli}`.matchAll(/\b((?:docs|fixtures|openapi)\/[\w./-]+\.(?:md|json|yaml|ts))/g)].map(
        (m) => m[1]!,
      ),
    )
    expect(pointed.size).toBeGreaterThan(3)
    for (const path of pointed) expect(existsSync(installed(path)), path).toBe(true)
    expect(
      filesUnder(installed())
        .map((file) => relative(installed(), file))
        .filter((file) => /\.test\.|^examples\/|^test\//.test(file)),
    ).toEqual([])
  })
})

describe(`in the app's own project (msw ${LOWEST_MSW})`, () => {
  it('resolves every entry by name to a module that exports what it promises', async () => {
    const entries = {
      'ad-campaign-mock': ['createMockApi', 'generateDataset', 'serializeSnapshot', 'parseSnapshot'],
      'ad-campaign-mock/node': ['startNodeMock'],
      'ad-campaign-mock/express': ['startListener', 'createExpressApp', 'mswMiddleware', 'toFetchRequest'],
      'ad-campaign-mock/contract': ['runContractSuite', 'loadContractDocument', 'SchemaValidator'],
    }
    app.write(
      'entries.mjs',
      `import { readFileSync } from 'node:fs'
      import document from 'ad-campaign-mock/openapi.json' with { type: 'json' }
      const found = {}
      for (const [entry, names] of Object.entries(${JSON.stringify(entries)})) {
        const module = await import(entry)
        found[entry] = names.filter((name) => typeof module[name] === 'function')
      }
      const yaml = readFileSync(new URL(import.meta.resolve('ad-campaign-mock/openapi.yaml')), 'utf8')
      console.log(JSON.stringify({ found, documents: [document.openapi, yaml.match(/^openapi: .*$/m)[0]] }))`,
    )
    const { stdout } = await app.exec(process.execPath, ['entries.mjs'])
    expect(JSON.parse(stdout)).toEqual({ found: entries, documents: ['3.1.0', 'openapi: 3.1.0'] })
  }, 60_000) // loads every entry in a fresh Node: 10 s beside another test run

  it("runs the handlers under the app's setupServer, the listener and the contract suite, all imported by name", async () => {
    app.write('run.mjs', RUN_BY_NAME)
    const { stdout } = await app.exec(process.execPath, ['run.mjs'])
    expect(JSON.parse(stdout.trim().split('\n').pop()!)).toEqual({
      get: 200,
      create: 201,
      head: 200,
      wrongCase: 404,
      undecodable: 404,
      preferred: 503,
      noKey: 401,
      admin: 200,
      rateLimited: 429,
      nodeMock: 200,
      listener: 200,
      contract: true,
    })
  }, 60_000)

  it('refuses ./browser in Node at resolution', async () => {
    app.write('browser-in-node.mjs', "await import('ad-campaign-mock/browser')")
    await expect(app.exec(process.execPath, ['browser-in-node.mjs'])).rejects.toThrow(/ERR_PACKAGE_PATH_NOT_EXPORTED/)
  })

  it('typechecks a consumer with skipLibCheck false and no @types/express, for Node and for the browser', async () => {
    expect(existsSync(join(app.dir, 'node_modules/@types/express'))).toBe(false)
    const strict = { strict: true, skipLibCheck: false, noEmit: true, target: 'ES2022', isolatedModules: true }
    // msw's own types need the DOM lib, in Node projects too (msw documents it); nothing of ours does.
    app.write(
      'tsconfig.node.json',
      JSON.stringify({
        compilerOptions: {
          ...strict,
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2023', 'DOM'],
          types: ['node'],
        },
        files: ['node-consumer.ts'],
      }),
    )
    app.write(
      'tsconfig.browser.json',
      JSON.stringify({
        compilerOptions: {
          ...strict,
          module: 'ESNext',
          moduleResolution: 'Bundler',
          lib: ['ES2023', 'DOM', 'DOM.Iterable'],
          types: [],
        },
        files: ['browser-consumer.ts'],
      }),
    )
    app.write('node-consumer.ts', NODE_CONSUMER)
    app.write('browser-consumer.ts', BROWSER_CONSUMER)
    await Promise.all([
      app.exec(process.execPath, [tsc, '-p', 'tsconfig.node.json']),
      app.exec(process.execPath, [tsc, '-p', 'tsconfig.browser.json']),
    ])
  }, 300_000) // skipLibCheck false checks every declaration file the consumer reaches: ~10 s of CPU; 83 s beside another test run

  it('bundles ./browser for the browser, and fails to build each entry where it cannot run', async () => {
    const bundle = (entry: string, platform: 'browser' | 'node') =>
      build({
        stdin: { contents: `export * from '${entry}'`, resolveDir: app.dir },
        absWorkingDir: app.dir,
        bundle: true,
        write: false,
        format: 'esm',
        platform,
        logLevel: 'silent',
      })
    const browser = await bundle('ad-campaign-mock/browser', 'browser')
    expect(browser.outputFiles[0]!.text).toContain('mockServiceWorker.js')
    for (const [entry, platform] of [
      ['ad-campaign-mock/node', 'browser'],
      ['ad-campaign-mock/express', 'browser'],
      ['ad-campaign-mock/contract', 'browser'],
      ['ad-campaign-mock/browser', 'node'],
    ] as const) {
      await expect(bundle(entry, platform), `${entry} on ${platform}`).rejects.toThrow(`Could not resolve "${entry}"`)
    }
  }, 60_000)

  it('runs the bin through npx, answers with the demo data, and keeps a write across a restart with --state', async () => {
    const state = join(app.dir, 'mock-state.json')
    // As docs/harness.md says: npx in a process group of its own, the group stopped.
    const start = () => startMock(['--state', state], { cwd: app.dir })
    const first = await start()
    const firstUrl = first.apiUrl
    try {
      const response = await fetch(`${firstUrl}/user`, { headers: { Authorization: DEMO_API_KEY } })
      expect(response.status).toBe(200)
      expect((await response.json()).data.email).toBe('demo@example.com')
      const created = await fetch(`${firstUrl}/adverts`, {
        method: 'POST',
        headers: { Authorization: DEMO_API_KEY, 'Content-Type': 'application/json' },
        body: JSON.stringify({ advert: { title: 'Kept by the installed bin' } }),
      })
      expect(created.status).toBe(201)
      // The docs page's assets come from the package's own vendored Swagger UI.
      const origin = new URL(firstUrl).origin
      const asset = await fetch(`${origin}/docs/assets/swagger-ui-bundle.js`)
      expect([asset.status, (await asset.text()).includes('SwaggerUIBundle')]).toEqual([200, true])
    } finally {
      await first.stop()
    }
    // Nothing of the bin outlives the test.
    expect(await fetch(`${firstUrl}/user`).catch(() => 'refused')).toBe('refused')

    const second = await start()
    try {
      const adverts = await (
        await fetch(`${second.apiUrl}/adverts`, { headers: { Authorization: DEMO_API_KEY } })
      ).json()
      expect(adverts.data.map((advert: { title: string }) => advert.title)).toContain('Kept by the installed bin')
    } finally {
      await second.stop()
    }
  }, 60_000)

  it('runs the contract command from the bin: PASSED (exit 0) against a listener the app starts, FAILED (exit 1) against one with a forced fault', async () => {
    const [sound, faulty] = await Promise.all([
      startMock([], { cwd: app.dir }),
      startMock(['--error-rate', '1', '--error-route', 'POST /campaigns'], { cwd: app.dir }),
    ])
    // Nothing of this process's CONTRACT_* variables leaks in; the document is the one the package ships.
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('CONTRACT_')))
    const contract = async (baseUrl: string) =>
      app.run('npx', ['ad-campaign-mock', 'contract'], {
        env: { ...env, CONTRACT_BASE_URL: baseUrl, CONTRACT_API_KEY: DEMO_API_KEY },
      })
    try {
      const passed = await contract(sound.apiUrl)
      expect(passed.stdout, passed.stderr).toMatch(/^PASSED: 0 findings;/m)
      expect(passed.code).toBe(0)
      const failed = await contract(faulty.apiUrl)
      expect(failed.stdout, failed.stderr).toMatch(
        /^FAILED: 1 finding .*\n[\s\S]*1\) not_a_server_error \[spec\]: Server error 500\n {3}Seen in \d+ responses? on 1 operation: POST \/campaigns\n/m,
      )
      expect(failed.code).toBe(1)
    } finally {
      await Promise.all([sound.stop(), faulty.stop()])
    }
    const help = await app.run('npx', ['ad-campaign-mock', 'contract', '--help'])
    expect(help.code).toBe(0)
    for (const variable of readFileSync('README.md', 'utf8').match(/^\| `CONTRACT_[A-Z_0-9]+/gm)!)
      expect(help.stdout).toContain(variable.slice(3))
  }, 180_000) // two starts and two runs of about 4 s each through npx; up to 40 s beside another test run
})
