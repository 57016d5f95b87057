import defaultFixtures from '../../fixtures/default.json' with { type: 'json' }
import type { DatasetInput } from '../schemas/dataset.js'
import { must } from './must.js'

/** The default dataset (fixtures/default.json): what the mock starts with and a reset restores. */
export const DEFAULT_FIXTURES: DatasetInput = defaultFixtures as DatasetInput

/**
 * The demo user's API key in a dataset: its first user's, the one the CLI prints, the docs page
 * pre-fills and the Node mock hands out; undefined when the dataset has no users.
 * @example demoApiKey(api.context.fixtures) // 'acs_demo_…' with the default fixtures
 */
export function demoApiKey(dataset: DatasetInput): string | undefined {
  return dataset.users[0]?.api_key
}

/** The demo user's fixed API key, from the default fixtures. */
export const DEMO_API_KEY: string = must(demoApiKey(DEFAULT_FIXTURES), "the default fixtures' first user")

/** The second fixture user's key, handy for trying user isolation by hand. */
export const OTHER_API_KEY: string = must(DEFAULT_FIXTURES.users[1], "the default fixtures' second user").api_key
