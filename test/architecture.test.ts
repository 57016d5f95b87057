import { readdirSync, readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { join, relative } from 'node:path'
import { expect, it } from 'vitest'

/** Every non-test TypeScript file under src/, with the modules it imports. */
function sourceFiles(dir = 'src'): { file: string; imports: string[]; code: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    if (!entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) return []
    const text = readFileSync(path, 'utf8')
    const imports = [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]/g)].map((m) => m[1]!)
    // The code without comments, so "in-process" in a comment is not mistaken for `process`.
    const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
    return [{ file: relative('src', path), imports, code }]
  })
}

const nodeOnly = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`), 'express', 'msw/node', 'supertest'])
const runsOnlyInNode = (file: string) => file.startsWith('adapters/') || file === 'cli.ts'

it('keeps Node built-ins and Express out of everything but the adapters and the CLI', () => {
  const offenders = sourceFiles()
    .filter(({ file }) => !runsOnlyInNode(file))
    .flatMap(({ file, imports }) => imports.filter((name) => nodeOnly.has(name)).map((name) => `${file} imports ${name}`))
  expect(offenders).toEqual([])
})

it('uses no Node-only globals outside the adapters and the CLI', () => {
  const nodeGlobals = /\b(Buffer|process|__dirname|__filename|require|global)\b(?=\s*[.(\[])/g
  const offenders = sourceFiles()
    .filter(({ file }) => !runsOnlyInNode(file))
    .flatMap(({ file, code }) => [...code.matchAll(nodeGlobals)].map((m) => `${file} uses ${m[1]}`))
  expect(offenders).toEqual([])
  const cli = sourceFiles().find(({ file }) => file === 'cli.ts')!
  expect([...cli.code.matchAll(nodeGlobals)].length).toBeGreaterThan(0) // the pattern finds real uses
})

it('lets data flow one way: nothing below the handlers imports a handler or an adapter', () => {
  const offenders = sourceFiles()
    .filter(({ file }) => /^(schemas|store|domain|http|operations|openapi)\//.test(file))
    .flatMap(({ file, imports }) => imports.filter((name) => /\/(handlers|adapters)\//.test(`/${name}`)).map((name) => `${file} imports ${name}`))
  expect(offenders).toEqual([])
})

it('finds the imports it polices (the check itself works)', () => {
  const express = sourceFiles().find(({ file }) => file === 'adapters/express.ts')!
  expect(express.imports).toContain('express')
  expect(express.imports.some((name) => name.startsWith('node:'))).toBe(true)
})
