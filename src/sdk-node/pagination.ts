/**
 * The API's pages (docs/api-conventions.md, "Responses"): `page` and `limit` in the query, and
 * either the standard envelope `{ data, pagination: { page, limit, total, totalPages } }` or
 * the spec's flat one `{ data, page, limit, total }` (checkout links, subscriptions).
 */
export type PageEnvelope<T> =
  | { data: T[]; pagination: { page: number; limit: number; total: number; totalPages: number } }
  | { data: T[]; page: number; limit: number; total: number };

/** The page an envelope is, and whether another follows it. */
export function pageInfo(envelope: PageEnvelope<unknown>): { page: number; hasMore: boolean } {
  const { page, limit, total } = 'pagination' in envelope ? envelope.pagination : envelope;
  const totalPages = 'pagination' in envelope ? envelope.pagination.totalPages : Math.ceil(total / limit);
  return { page, hasMore: envelope.data.length > 0 && page < totalPages };
}

/**
 * A list call. `await` it for one page (the envelope, as the API answers); iterate it with
 * `for await` for every item of every page from that one on, fetched one page at a time as the
 * loop goes; `.pages()` for the envelopes; `.toArray()` to collect every item.
 *
 * Pages are offsets, as the API's are: an item created or deleted while the loop runs can shift
 * the next page by one (sort by creation when the list offers it, or filter by `createdTo`).
 */
export class PageList<T, E extends PageEnvelope<T> = PageEnvelope<T>> implements PromiseLike<E>, AsyncIterable<T> {
  private first?: Promise<E>;

  constructor(
    private readonly fetchPage: (page: number) => Promise<E>,
    private readonly startPage = 1,
  ) {}

  then<R1 = E, R2 = never>(onfulfilled?: ((value: E) => R1 | PromiseLike<R1>) | null, onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null): Promise<R1 | R2> {
    this.first ??= this.fetchPage(this.startPage);
    return this.first.then(onfulfilled, onrejected);
  }

  /** Every page, from the first asked for, each fetched when the previous one has been used. */
  async *pages(): AsyncGenerator<E, void, undefined> {
    let page = this.startPage;
    for (;;) {
      const envelope = await this.fetchPage(page);
      yield envelope;
      const info = pageInfo(envelope);
      if (!info.hasMore) return;
      page = info.page + 1;
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
