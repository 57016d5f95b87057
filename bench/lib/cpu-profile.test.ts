import { describe, expect, it } from 'vitest'
import { analyzeProfile, formatProfile, layerOf, type CpuProfile } from './cpu-profile.js'

const frame = (functionName: string, url = '') => ({ functionName, url, lineNumber: 9 })

/** root -> handle (express) -> run (msw) -> recurse (ours) -> recurse (ours); plus idle. */
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)'), children: [2, 6] },
    { id: 2, callFrame: frame('handle', 'file:///app/node_modules/express/lib/application.js'), children: [3] },
    {
      id: 3,
      callFrame: frame('run', 'file:///app/node_modules/msw/lib/core/handlers/RequestHandler.mjs'),
      children: [4],
    },
    { id: 4, callFrame: frame('recurse', 'file:///app/src/store/store.ts'), children: [5] },
    { id: 5, callFrame: frame('recurse', 'file:///app/src/store/store.ts'), children: [] },
    { id: 6, callFrame: frame('(idle)'), children: [] },
  ],
  // timeDeltas[i + 1] is the time sample i stood for: 1 ms each here, 10 ms of idle.
  samples: [2, 3, 4, 5, 5, 6],
  timeDeltas: [0, 1000, 1000, 1000, 1000, 1000, 10_000],
}

describe('cpu profile analysis', () => {
  it('names the layer of a frame from its script', () => {
    expect(layerOf('file:///app/node_modules/router/node_modules/path-to-regexp/dist/index.js', 'x')).toBe(
      'express and its dependencies',
    )
    expect(layerOf('file:///app/node_modules/path-to-regexp/dist/index.js', 'x')).toBe(
      'msw: path matching (path-to-regexp 6)',
    )
    expect(layerOf('file:///app/node_modules/tough-cookie/dist/index.js', 'x')).toBe(
      'msw: request cookies (tough-cookie)',
    )
    expect(layerOf('node:internal/deps/undici/undici', '_Request')).toMatch(/^Fetch API objects/)
    expect(layerOf('node:_http_outgoing', 'end')).toBe('node http and sockets')
    expect(layerOf('file:///app/src/handlers/campaigns.ts', 'x')).toBe('ours: src/handlers/')
    expect(layerOf('', '(garbage collector)')).toBe('(garbage collector)')
    expect(layerOf('', 'stringify')).toMatch(/^V8 builtins/)
  })

  it('counts self time per function, leaves idle out, and counts a recursive function once per sample in its total', () => {
    const analysis = analyzeProfile(profile)
    expect(analysis.busyMs).toBe(5)
    expect(analysis.bySelf.map(({ name, ms }) => [name, ms])).toEqual([
      ['recurse', 3],
      ['handle', 1],
      ['run', 1],
    ])
    expect(analysis.byTotal.map(({ name, ms }) => [name, ms])).toEqual([
      ['handle', 5],
      ['run', 4],
      ['recurse', 3],
    ])
    expect(analysis.byLayer).toEqual([
      { layer: 'ours: src/store/', ms: 3, share: 0.6 },
      { layer: 'express and its dependencies', ms: 1, share: 0.2 },
      { layer: 'msw', ms: 1, share: 0.2 },
    ])
  })

  it('formats the analysis as markdown tables', () => {
    const text = formatProfile('listener', analyzeProfile(profile))
    expect(text).toContain('| ours: src/store/ | 3 | 60.0% |')
    expect(text).toContain('| recurse | src/store/store.ts:10 | ours: src/store/ | 3 | 60.0% |')
  })
})
