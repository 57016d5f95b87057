/** Which page of a list to read, as list queries give it. */
export interface PageQuery {
  page: number
  per_page: number
}

/** The offset of a page's first record. */
export function pageOffset({ page, per_page }: PageQuery): number {
  return (page - 1) * per_page
}
