import { everyOperation, type Check } from './check.js'

/**
 * What gives a server's insides away in an error: a stack trace (JavaScript, Python, Java, Ruby,
 * .NET, Go, PHP), a database's own message, a path on the server's disk.
 */
const INTERNALS: ReadonlyArray<[what: string, pattern: RegExp]> = [
  ['a JavaScript stack trace', /\n?\s+at [\w$.<>[\] ]+ \(?(?:\/|[A-Z]:\\|file:|node:)[^)]*:\d+:\d+\)?/],
  ['a Python traceback', /Traceback \(most recent call last\)|File "[^"]+", line \d+/],
  ['a Java or .NET stack trace', /\bat [\w$.]+\((?:[\w$]+\.(?:java|kt|cs):\d+|Native Method|Unknown Source)\)/],
  ['a Ruby backtrace', /\/[\w/.-]+\.rb:\d+:in [`']/],
  ['a PHP stack trace', /(?:Stack trace:\s*#0|\.php(?::| on line )\d+)/],
  ['a Go panic', /goroutine \d+ \[running\]|panic: runtime error/],
  [
    'a database error',
    /\b(?:SQLSTATE\[|syntax error at or near|ORA-\d{5}|SQLITE_\w+|ER_\w+:|duplicate key value violates|relation "\w+" does not exist|PG::\w+Error)/,
  ],
]

/**
 * An error says what failed, not how the server is built (OWASP API8, security misconfiguration):
 * no answer, an error or a 5xx above all, carries a stack trace, a database's own message or a
 * file path of the server's. Judged on every answer with a body, at no cost.
 */
export const errorInternalsHidden: Check = {
  kind: 'response',
  finds: 'defect',
  description: "No answer shows the server's insides: a stack trace, a database message, a file path.",
  claims: { contract: everyOperation },
  run(ctx, exchange) {
    const { text, status } = exchange.response
    if (text === '') return false
    const found = INTERNALS.find(([, pattern]) => pattern.test(text))
    if (!found) return
    const [what, pattern] = found
    const match = pattern.exec(text)?.[0].trim() ?? ''
    ctx.fail(`${status >= 400 ? 'An error' : 'An answer'} shows ${what}`, {
      received: `${status}: …${match.slice(0, 160)}…`,
      documented: "what failed and why, for people (Error.message): never the server's code, database or files",
      rootCause: `internals ${what}`,
    })
  },
}
