// Where a caller's credentials travel besides the API key's Authorization header. How a key is kept
// out of what the mock writes down (the journal, the listener's log) is redactKey, in
// domain/request-journal.ts.

/** The header that carries the control-plane token, when the mock has one. */
export const ADMIN_TOKEN_HEADER = 'x-admin-token'
