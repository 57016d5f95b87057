/** The parts of a V8 `.cpuprofile` the analysis reads. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[]
  samples: number[]
  timeDeltas: number[]
}

/** Time spent in one function (self) or under it (total), in ms and as a share of the busy time. */
export interface FunctionCost {
  name: string
  where: string
  layer: string
  ms: number
  share: number
}

/** What a profile says costs the time. */
export interface ProfileAnalysis {
  /** Sampled time minus idle, in ms. */
  busyMs: number
  bySelf: FunctionCost[]
  byTotal: FunctionCost[]
  /** Self time by layer (express, msw, our src/…, node internals, GC, …). */
  byLayer: { layer: string; ms: number; share: number }[]
}

const EXPRESS_PACKAGES = new Set([
  'express',
  'router',
  'body-parser',
  'raw-body',
  'type-is',
  'finalhandler',
  'send',
  'serve-static',
  'content-type',
  'on-finished',
  'parseurl',
  'accepts',
  'negotiator',
  'mime-types',
  'qs',
  'depd',
  'http-errors',
  'statuses',
  'iconv-lite',
  'content-disposition',
  'proxy-addr',
  'fresh',
  'cookie',
  'vary',
  'etag',
  'encodeurl',
  'escape-html',
  'range-parser',
  'media-typer',
  'mime-db',
  'forwarded',
  'ipaddr.js',
  'merge-descriptors',
  'debug',
  'ms',
  'bytes',
  'unpipe',
  'once',
  'wrappy',
  'ee-first',
  'setprototypeof',
  'inherits',
  'toidentifier',
  'safer-buffer',
  'utils-merge',
  'call-bind-apply-helpers',
  'get-intrinsic',
  'side-channel',
  'object-inspect',
  'es-errors',
  'math-intrinsics',
])

/** The layer a frame belongs to, from its script URL: a package, our `src/` folder, Node or V8. */
export function layerOf(url: string, functionName: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : 'V8 builtins (JSON, RegExp, …)'
  if (url.startsWith('node:')) {
    if (/undici|abort_controller|webstreams|domexception|js_transferable|event_target/.test(url))
      return 'Fetch API objects (undici Request/Response/Headers, streams, AbortSignal)'
    if (/_http_|node:net|node:internal\/streams|stream_base|node:stream/.test(url)) return 'node http and sockets'
    return 'node internals (other)'
  }
  // The first node_modules segment: express 5's own path-to-regexp sits under router/, msw's at the top.
  const module = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1]
  if (module) {
    if (EXPRESS_PACKAGES.has(module)) return 'express and its dependencies'
    if (module === 'path-to-regexp') return 'msw: path matching (path-to-regexp 6)'
    if (module === 'tough-cookie' || module === 'tldts' || module === 'tldts-core')
      return 'msw: request cookies (tough-cookie)'
    if (
      module === 'msw' ||
      module === '@mswjs/interceptors' ||
      module === 'headers-polyfill' ||
      module === 'strict-event-emitter' ||
      module === 'outvariant'
    )
      return 'msw'
    return module
  }
  const ours = /\/(src|bench)\/([^/]+)\//.exec(url)
  if (ours) return `ours: ${ours[1]}/${ours[2]}/`
  return /\/src\//.test(url) ? 'ours: src/' : 'other'
}

const IDLE = new Set(['(idle)', '(program)', '(root)'])

/**
 * Self and total (inclusive) time per function, and self time per layer. A function's total
 * counts each sample once, however deeply it recurses.
 */
export function analyzeProfile(profile: CpuProfile, top = 25): ProfileAnalysis {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parentOf = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id)
  const keyOf = (id: number) => {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame
    return `${functionName || '(anonymous)'}\u0000${url}\u0000${lineNumber + 1}`
  }
  const self = new Map<string, number>()
  const total = new Map<string, number>()
  let busy = 0
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0) / 1000
    const { functionName } = byId.get(id)!.callFrame
    if (IDLE.has(functionName)) return
    busy += ms
    self.set(keyOf(id), (self.get(keyOf(id)) ?? 0) + ms)
    const seen = new Set<string>()
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const key = keyOf(at)
      if (seen.has(key) || IDLE.has(byId.get(at)!.callFrame.functionName)) continue
      seen.add(key)
      total.set(key, (total.get(key) ?? 0) + ms)
    }
  })
  const cost = ([key, ms]: [string, number]): FunctionCost => {
    const [name, url, line] = key.split('\u0000') as [string, string, string]
    const file = url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(src|bench)\//, '$1/')
    // Scripts tsx compiled report line 1 for every function: the file alone says as much.
    const where = url === '' ? '' : line === '1' ? file : `${file}:${line}`
    return { name, where, layer: layerOf(url, name), ms, share: ms / busy }
  }
  const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1])
  const layers = new Map<string, number>()
  for (const entry of self) {
    const { layer, ms } = cost(entry)
    layers.set(layer, (layers.get(layer) ?? 0) + ms)
  }
  return {
    busyMs: busy,
    bySelf: sorted(self).slice(0, top).map(cost),
    byTotal: sorted(total).slice(0, top).map(cost),
    byLayer: sorted(layers).map(([layer, ms]) => ({ layer, ms, share: ms / busy })),
  }
}

/** The analysis as markdown tables. */
export function formatProfile(title: string, analysis: ProfileAnalysis): string {
  const pct = (share: number) => `${(share * 100).toFixed(1)}%`
  const rows = (costs: FunctionCost[]) =>
    costs.map((c) => `| ${c.name} | ${c.where} | ${c.layer} | ${c.ms.toFixed(0)} | ${pct(c.share)} |`).join('\n')
  return [
    `## ${title}`,
    '',
    `Busy (sampled, not idle): ${analysis.busyMs.toFixed(0)} ms.`,
    '',
    '### Self time by layer',
    '',
    '| layer | ms | share |',
    '|---|---:|---:|',
    ...analysis.byLayer.map((l) => `| ${l.layer} | ${l.ms.toFixed(0)} | ${pct(l.share)} |`),
    '',
    '### Top functions by self time',
    '',
    '| function | where | layer | ms | share |',
    '|---|---|---|---:|---:|',
    rows(analysis.bySelf),
    '',
    '### Top functions by total time (self and callees)',
    '',
    '| function | where | layer | ms | share |',
    '|---|---|---|---:|---:|',
    rows(analysis.byTotal),
    '',
  ].join('\n')
}
