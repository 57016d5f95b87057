import { existsSync, readdirSync, statSync } from 'node:fs'
import { basename, dirname, join, posix } from 'node:path'
import ts from 'typescript'

// Every path the project's words name must exist: in the comments of its TypeScript and in its
// Markdown (the README, docs/). A renamed or deleted file otherwise leaves sentences that send a
// reader to nothing (three comments did, found in issue 32). Code is left out: an `@example`, a
// Markdown block of TypeScript or JSON, and the strings of the code itself name files of the
// reader's project or of a test's own making.

/** A text to check: where it lies (relative to the repository), whether it is Markdown or TypeScript, and its text. */
export interface NamedPathSource {
  file: string
  text: string
}

/** The repository's folders a path may start with; `src/`'s layers may also be named without `src/`. */
const ROOTS = ['src', 'docs', 'test', 'examples', 'contract-tests', 'scripts', 'bench', 'fixtures', 'openapi']
const LAYERS = [
  'profile',
  'schemas',
  'errors',
  'operations',
  'store',
  'domain',
  'presentation',
  'control-plane',
  'http',
  'pipeline',
  'resolvers',
  'msw',
  'openapi',
  'surface',
  'persistence',
  'listener',
  'runtimes',
  'twin',
  'cli',
]
/** Words shaped like a layer's path that are not one: npm subpaths, and prose. */
const NOT_PATHS = new Set(['msw/node', 'msw/browser', 'http/https'])
/** A repository path (`docs/twin.md`, `src/twin/probe-*.ts`, `test/browser/`) or a layer's file (`errors/validate.ts`, `cli/serve`). */
const PATH = new RegExp(
  `(?<![\\w./@:-])((?:${[...ROOTS, ...LAYERS].join('|')})\\/(?:[\\w*.-]|\\{[\\w,.]+\\})+(?:\\/(?:[\\w*.-]|\\{[\\w,.]+\\})+)*\\/?)`,
  'g',
)
/** A file named alone (`to-fetch-request.ts`, `twin.md`): it must exist somewhere in the repository. */
const BARE_FILE = /(?<![\w./@:-])([\w-]+\.(?:ts|md))(?![\w/])/g
/** A Markdown link to a local file, with its anchor. */
const LINK = /\]\(((?!https?:|mailto:)[^)\s#]*)(?:#([^)\s]+))?\)/g
/** Paths that exist only once built or run (`dist/`, caches, test output), never in a fresh clone. */
const GENERATED = /(^|\/)(dist|node_modules|test-results|\.cache)(\/|$)/

/**
 * What each source names that does not exist, as `file: name`: paths of the repository or of a
 * layer of `src/` (a glob must match a file), files named alone, and Markdown links with their anchors.
 * @example missingPaths([{ file: 'src/x.ts', text: '// see http/respond' }], '.') // ['src/x.ts: http/respond']
 */
export function missingPaths(sources: readonly NamedPathSource[], root: string): string[] {
  const files = repositoryFiles(root)
  const basenames = new Set(files.map((file) => basename(file)))
  return sources.flatMap(({ file, text }) => {
    const words = file.endsWith('.md') ? proseOf(text) : commentsOf(file, text)
    const named = [...words.matchAll(PATH)]
      .map((m) => trimmed(m[1]!))
      .filter((path) => !GENERATED.test(path) && !NOT_PATHS.has(path))
    const missing = named.filter((path) => !pathExists(root, files, path))
    const bare = [...words.matchAll(BARE_FILE)].map((m) => m[1]!).filter((name) => !basenames.has(name))
    const links = file.endsWith('.md') ? brokenLinks(root, file, text) : []
    return [...new Set([...missing, ...bare, ...links])].map((name) => `${file}: ${name}`)
  })
}

/** The texts of the repository the check reads: the README and docs/, and the comments of every TypeScript file. */
export function projectSources(root: string): NamedPathSource[] {
  return repositoryFiles(root)
    .filter((file) => /\.(ts|tsx|mts)$/.test(file) || file === 'README.md' || /^docs\/.*\.md$/.test(file))
    .map((file) => ({ file, text: ts.sys.readFile(join(root, file)) ?? '' }))
}

/** The comments of a TypeScript text, one after another (strings and code left out: a path in code is data). */
function commentsOf(file: string, text: string): string {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false)
  const seen = new Set<number>()
  const comments: string[] = []
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const { pos, end } of ranges ?? []) {
      if (seen.has(pos)) continue
      seen.add(pos)
      comments.push(text.slice(pos, end))
    }
  }
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.getFullStart()))
    collect(ts.getTrailingCommentRanges(text, node.getEnd()))
    node.forEachChild(visit)
  }
  visit(source)
  collect(ts.getLeadingCommentRanges(text, source.endOfFileToken.getFullStart()))
  return withoutExamples(comments.join('\n'))
}

/** Comments without their `@example` lines: code, naming the files it makes up. */
function withoutExamples(comments: string): string {
  return comments.replace(/@example[^\n]*/g, '')
}

/** Markdown without its blocks of code in a language (the reader's own files), its links' targets (checked as links) and its URLs. */
function proseOf(text: string): string {
  return text
    .replace(/```(?:ts|tsx|js|json|yaml)\n[\s\S]*?```/g, '')
    .replace(LINK, ']')
    .replace(/https?:\/\/\S+/g, '')
}

/** A path as written in a sentence, without the punctuation after it. */
function trimmed(path: string): string {
  return path.replace(/[.,:;]+$/, '')
}

/** Whether a named path is a file or folder of the repository (or of `src/`), or a glob matching one. */
function pathExists(root: string, files: readonly string[], path: string): boolean {
  const candidates = [path, `src/${path}`]
  if (!/\.\w+\/?$/.test(path) && !path.endsWith('/')) candidates.push(`${path}.ts`, `src/${path}.ts`)
  if (!/[*{}]/.test(path)) return candidates.some((candidate) => existsSync(join(root, candidate)))
  const patterns = candidates.map(globPattern)
  return files.some((file) => patterns.some((pattern) => pattern.test(file)))
}

/** A glob (`probe-*.ts`, `{id}` as any one name, `soak.{json,md}` as either) as a pattern over repository paths. */
function globPattern(glob: string): RegExp {
  const part = (piece: string) => {
    if (piece === '**') return '.*'
    if (piece === '*' || /^\{\w+\}$/.test(piece)) return '[^/]*'
    if (piece.startsWith('{')) return `(?:${piece.slice(1, -1).split(',').map(escape).join('|')})`
    return escape(piece)
  }
  const source = glob
    .replace(/\/$/, '')
    .split(/(\*\*|\*|\{[\w,.]+\})/)
    .map(part)
    .join('')
  return new RegExp(`^${source}(/.*)?$`)
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A Markdown file's links to local files that do not exist, or to headings those files do not have. */
function brokenLinks(root: string, file: string, text: string): string[] {
  return [...text.matchAll(LINK)].flatMap(([, target = '', anchor]) => {
    const path = target ? posix.normalize(posix.join(dirname(file), target)) : file
    if (target && !existsSync(join(root, path))) return [target]
    if (!anchor || !path.endsWith('.md')) return []
    const linked = target ? (ts.sys.readFile(join(root, path)) ?? '') : text
    return headingSlugs(linked).has(anchor) ? [] : [`${target}#${anchor}`]
  })
}

/** The anchors GitHub gives a Markdown file's headings (`## Rate limits` -> `rate-limits`). */
export function headingSlugs(markdown: string): Set<string> {
  const slugs = new Set<string>()
  const outsideCode = markdown.replace(/```[\s\S]*?```/g, '')
  for (const [, heading] of outsideCode.matchAll(/^#{1,6} +(.+)$/gm)) {
    const slug = heading!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-')
    let unique = slug
    for (let n = 1; slugs.has(unique); n++) unique = `${slug}-${n}`
    slugs.add(unique)
  }
  return slugs
}

/** Every file of the repository that a fresh clone has (dependencies, builds and hidden folders left out). */
function repositoryFiles(root: string, dir = ''): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = dir ? `${dir}/${name}` : name
    if (name.startsWith('.') || GENERATED.test(path)) return []
    return statSync(join(root, path)).isDirectory() ? repositoryFiles(root, path) : [path]
  })
}
