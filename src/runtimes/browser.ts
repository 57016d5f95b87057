import type { BrowserMock, BrowserMockOptions } from './browser-mock.js'

export type { BrowserMock, BrowserMockOptions } from './browser-mock.js'
export type { MockSurface } from '../surface/mock-surface.js'
export { parseTwinFile, TwinFileError } from '../surface/twin.js'
export type { TwinFile } from '../profile/twin-file.js'

/**
 * Starts the mock inside the page with msw's setupWorker: the same handlers and model as in Node.
 * The mock and msw are loaded when it is called (a dynamic import, its own chunks in a bundle), so a
 * page that only imports this entry loads a few hundred bytes up front.
 * @example
 * if (import.meta.env.DEV) {
 *   const { startBrowserMock } = await import('ad-campaign-mock/browser')
 *   const mock = await startBrowserMock({ persist: 'session' })
 * }
 */
export async function startBrowserMock(options: BrowserMockOptions = {}): Promise<BrowserMock> {
  const { startWorkerMock } = await import('./browser-mock.js')
  return startWorkerMock(options)
}
