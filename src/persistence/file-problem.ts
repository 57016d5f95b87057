/**
 * What went wrong opening a file, in words: for the command line's files and the state file alike.
 * @example fileProblem(Object.assign(new Error('…'), { code: 'ENOENT' })) // 'no such file'
 */
export function fileProblem(error: NodeJS.ErrnoException): string {
  const problems: Record<string, string> = {
    ENOENT: 'no such file',
    EISDIR: 'is a directory, not a file',
    EACCES: 'permission denied',
    EPERM: 'permission denied',
  }
  return problems[error.code ?? ''] ?? error.message
}
