/**
 * Largest request line plus headers the listener reads, in bytes (Node's default, set explicitly
 * so a `--max-http-header-size` flag cannot change what the document says): more is a 431.
 */
export const MAX_HEADER_BYTES = 16_384
