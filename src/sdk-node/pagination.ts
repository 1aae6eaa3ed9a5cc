/**
 * The API's pages (docs/api-conventions.md, "Lists"): `page` and `limit` in the query, and
 * either the standard envelope `{ data, pagination: { page, limit, total, totalPages, hasMore } }`
 * or the spec's flat one `{ data, page, limit, total, hasMore }` (checkout links, subscriptions).
 * Lists that grow also take a cursor: `startingAfter` or `endingBefore`, an item's id.
 */
export type PageEnvelope<T> =
  | { data: T[]; pagination: { page: number; limit: number; total: number; totalPages: number; hasMore?: boolean } }
  | { data: T[]; page: number; limit: number; total: number; hasMore?: boolean };

/** Where a page starts: a page number, or an item of the list the page comes after (or before). */
export type PageAt = { page: number } | { startingAfter: string } | { endingBefore: string };

/** The page an envelope is, and whether another follows it. */
export function pageInfo(envelope: PageEnvelope<unknown>): { page: number; hasMore: boolean } {
  const { page, limit, total } = 'pagination' in envelope ? envelope.pagination : envelope;
  const stated = 'pagination' in envelope ? envelope.pagination.hasMore : envelope.hasMore;
  const totalPages = 'pagination' in envelope ? envelope.pagination.totalPages : Math.ceil(total / limit);
  return { page, hasMore: envelope.data.length > 0 && (stated ?? page < totalPages) };
}

const idOf = (item: unknown): string | undefined => {
  const id = (item as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id : undefined;
};

/**
 * The page after `envelope`, fetched from `at`. On a list that takes cursors, the next page
 * starts after the last item (or, walking back with `endingBefore`, before the first), so
 * items created or deleted while a loop runs shift nothing; other lists go by page number.
 */
export function nextPageAt(at: PageAt, envelope: PageEnvelope<unknown>, cursors: boolean): PageAt | null {
  const info = pageInfo(envelope);
  if (!info.hasMore) return null;
  if (cursors) {
    const { data } = envelope;
    const id = 'endingBefore' in at ? idOf(data[0]) : idOf(data[data.length - 1]);
    if (id !== undefined) return 'endingBefore' in at ? { endingBefore: id } : { startingAfter: id };
  }
  return { page: info.page + 1 };
}

/**
 * A list call. `await` it for one page (the envelope, as the API answers); iterate it with
 * `for await` for every item of every page from that one on, fetched one page at a time as the
 * loop goes; `.pages()` for the envelopes; `.toArray()` to collect every item.
 *
 * On lists that take cursors (transactions, withdrawals, refunds, invoices, subscriptions,
 * checkout links and sessions, webhook deliveries) each next page starts after the last item seen: a sale arriving
 * while the loop runs neither repeats nor hides an item. Started with `endingBefore`, the loop
 * walks towards the start of the list, page by page (each page in the list's order). Other
 * lists go by page number, where an item created or deleted meanwhile can shift a page by one.
 */
export class PageList<T, E extends PageEnvelope<T> = PageEnvelope<T>> implements PromiseLike<E>, AsyncIterable<T> {
  private first?: Promise<E>;

  constructor(
    private readonly fetchPage: (at: PageAt) => Promise<E>,
    private readonly start: PageAt = { page: 1 },
    private readonly cursors = false,
  ) {}

  then<R1 = E, R2 = never>(onfulfilled?: ((value: E) => R1 | PromiseLike<R1>) | null, onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null): Promise<R1 | R2> {
    this.first ??= this.fetchPage(this.start);
    return this.first.then(onfulfilled, onrejected);
  }

  /** Every page, from the first asked for, each fetched when the previous one has been used. */
  async *pages(): AsyncGenerator<E, void, undefined> {
    let at: PageAt | null = this.start;
    while (at) {
      const envelope: E = await this.fetchPage(at);
      yield envelope;
      at = nextPageAt(at, envelope, this.cursors);
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for await (const envelope of this.pages()) yield* envelope.data;
  }

  /** Every item of every page. */
  async toArray(): Promise<T[]> {
    const all: T[] = [];
    for await (const item of this) all.push(item);
    return all;
  }
}
