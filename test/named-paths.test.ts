import { expect, it } from 'vitest'
import { headingSlugs, missingPaths, projectSources } from './support/named-paths.js'

// Words that are true: every path a comment or a doc names exists (issue 32).

it('finds every path the comments, the README and docs/ name', () => {
  expect(missingPaths(projectSources('.'), '.')).toEqual([])
})

it('fails on a canary: each way of naming a path that is not there', () => {
  const canary = [
    '// The edge (http/respond) and src/nope/gone.ts answer it; see request-edge.ts and docs/gone.md.',
    '/** Probes in src/twin/nothing-*.ts, then contract-tests/nowhere/ */',
    'const fine = "src/not-a-comment.ts" // a string is code, not a sentence',
  ].join('\n')
  const readme = [
    'The layers: src/pipeline/pipeline.ts and presentation/present-page.ts; [the twin](docs/twin.md#no-such-part),',
    '[gone](docs/gone.md), [here](#nowhere), [fine](docs/twin.md#serve).',
  ].join('\n')
  expect(
    missingPaths(
      [
        { file: 'src/canary.ts', text: canary },
        { file: 'README.md', text: readme },
      ],
      '.',
    ),
  ).toEqual([
    'src/canary.ts: http/respond',
    'src/canary.ts: src/nope/gone.ts',
    'src/canary.ts: docs/gone.md',
    'src/canary.ts: src/twin/nothing-*.ts',
    'src/canary.ts: contract-tests/nowhere/',
    'src/canary.ts: request-edge.ts',
    'README.md: presentation/present-page.ts',
    'README.md: docs/twin.md#no-such-part',
    'README.md: docs/gone.md',
    'README.md: #nowhere',
  ])
})

it('takes what does exist, however it is named', () => {
  const named = [
    '// src/twin/probe-*.ts, twin/learn-twin.ts, cli/serve, test/support/in-process, test/browser/,',
    '// bench/results/soak.{json,md}, routes/{id} in src/pipeline/, to-fetch-request.ts, docs/twin.md, msw/node',
  ].join('\n')
  expect(missingPaths([{ file: 'src/fine.ts', text: named }], '.')).toEqual([])
})

it('knows the anchors GitHub gives headings', () => {
  expect([...headingSlugs('# A twin\n## Rate limits, billing\n## `--state` file\n## Rate limits, billing\n')]).toEqual([
    'a-twin',
    'rate-limits-billing',
    '--state-file',
    'rate-limits-billing-1',
  ])
})
