import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'

/** The longest a function may be, in lines: past it, its body usually holds two steps that want names. */
export const MAX_FUNCTION_LINES = 80

/** The folders whose shipped and tool code the function rule reads (tests and test/ are left out). */
export const FUNCTION_ROOTS = ['src', 'contract-tests', 'scripts', 'bench', 'examples'] as const

/**
 * Every function, method or arrow longer than MAX_FUNCTION_LINES in one file's text, as
 * `file:line name has N lines`, counted from its first line to its last as an editor shows them.
 * @example findLongFunctions('a.ts', 'function f() {\n}') // []
 */
export function findLongFunctions(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line
      const lines = last - first + 1
      if (lines > MAX_FUNCTION_LINES) found.push(`${file}:${first + 1} ${nameOf(node)} has ${lines} lines`)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** Every long function in the non-test TypeScript under a folder. */
export function findLongFunctionsUnder(root: string): string[] {
  return readdirSync(root, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !path.split(/[\\/]/).some((part) => part === 'node_modules' || part.startsWith('.')))
    .flatMap((path) => findLongFunctions(path, readFileSync(path, 'utf8')))
}

/** A function's name as a reader would look for it: its own, or the variable or property it is assigned to. */
function nameOf(node: ts.SignatureDeclaration): string {
  if (node.name) return node.name.getText()
  const parent = node.parent
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name) return parent.name.getText()
  return '(anonymous)'
}
