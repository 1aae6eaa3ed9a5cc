import { z } from 'zod';
import { raw, type EntityKey, type EntityName, type FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiError, bodyIdNotFound } from './errors';

export const paginationQuery = {
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
};

/**
 * Cursor pagination beside page and limit (Stripe's `starting_after` / `ending_before`) on lists
 * that grow: a page named by an item of the list does not shift when items arrive or leave, as
 * an offset page does.
 */
export const cursorQuery = {
  startingAfter: z.string().min(1).max(100).optional().meta({
    description: 'The id of an item of this list: the page holds the items after it, in the list\'s order (the next page: the last item\'s id). Not with `endingBefore` or a `page` beyond 1.',
  }),
  endingBefore: z.string().min(1).max(100).optional().meta({
    description: 'The id of an item of this list: the page holds the items just before it, in the list\'s order (the previous page: the first item\'s id). Not with `startingAfter` or a `page` beyond 1.',
  }),
};

export interface PageRequest {
  page: number;
  limit: number;
}

export interface CursorPageRequest extends PageRequest {
  startingAfter?: string;
  endingBefore?: string;
}

export const offsetOf = ({ page, limit }: PageRequest): number => (page - 1) * limit;

/** Whether items follow this page: with a cursor, the page is the first of what lies past the cursor. */
const hasMoreAfter = (total: number, { page, limit }: PageRequest): boolean => page * limit < total;

/**
 * The spec's standard envelope `{ data, pagination: { page, limit, total, totalPages } }`, with
 * `hasMore` beside them. With a cursor, `total` and `totalPages` count what lies past the cursor
 * on its side (this page included) and `page` is 1.
 */
export function paginated<T>(data: T[], total: number, request: PageRequest) {
  const { page, limit } = request;
  return { data, pagination: { page, limit, total, totalPages: Math.ceil(total / limit), hasMore: hasMoreAfter(total, request) } };
}

/** The spec's flat envelope (checkout links, subscriptions): `{ data, page, limit, total }`, with `hasMore`. */
export function paginatedFlat<T>(data: T[], total: number, request: PageRequest) {
  return { data, page: request.page, limit: request.limit, total, hasMore: hasMoreAfter(total, request) };
}

const hasMoreSchema = z.boolean().meta({ description: 'Whether items follow this page (in the list\'s order, or before it with `endingBefore`)' });

export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    pagination: z.object({
      page: z.number().int(),
      limit: z.number().int(),
      total: z.number().int(),
      totalPages: z.number().int(),
      hasMore: hasMoreSchema,
    }),
  });
}

export function paginatedFlatSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), page: z.number().int(), limit: z.number().int(), total: z.number().int(), hasMore: hasMoreSchema });
}

/**
 * A list page in the list's sort (a column, then `id`), by page and limit or by a cursor.
 * `where` adds the cursor's condition to the list's own; `options` orders and bounds the query;
 * `inListOrder` puts the rows back in the list's order (an `endingBefore` page is read backwards).
 */
export interface ListPage<T extends object> {
  where(list: FilterQuery<T>): FilterQuery<T>;
  options: { orderBy: Record<string, 'asc' | 'desc'>; limit: number; offset: number };
  inListOrder<R>(rows: R[]): R[];
}

/** A list's sort: an entity property (a column) and a direction; `id` breaks ties the same way. */
export interface ListSort {
  by: string;
  order: 'asc' | 'desc';
}

/** The page of a request without a cursor: by page and limit. */
export function offsetPage<T extends object>(q: PageRequest, sort: ListSort): ListPage<T> {
  return { where: (list) => list, options: { orderBy: { [sort.by]: sort.order, id: sort.order }, limit: q.limit, offset: offsetOf(q) }, inListOrder: <R>(rows: R[]) => rows };
}

/**
 * Where a cursor page reads from: `startingAfter` goes on in the list's order, `endingBefore`
 * goes back against it (its rows are then put back in the list's order), and the comparison
 * of `(sort key, id)` with the cursor's that selects what lies past it.
 */
export function cursorReading(param: 'startingAfter' | 'endingBefore', order: 'asc' | 'desc'): { readOrder: 'asc' | 'desc'; op: '>' | '<'; backwards: boolean } {
  const backwards = param === 'endingBefore';
  const readOrder = backwards ? (order === 'asc' ? 'desc' : 'asc') : order;
  return { readOrder, op: readOrder === 'asc' ? '>' : '<', backwards };
}

/**
 * Resolves a list request on an entity of a company sorted by `sort` (then `id`). A cursor must
 * name a row of the caller's (`scope`, e.g. `{ companyId }`), whatever the filters: another
 * company's id or a missing one is 404 naming the parameter. The page holds the rows whose
 * `(sort key, id)` lies past the cursor row's, compared in the database against that row's
 * current values (a timestamp to the microsecond, a name in the column's collation).
 */
export async function sortedPage<T extends object>(
  em: EntityManager,
  entity: EntityName<T>,
  scope: { companyId: string },
  q: CursorPageRequest,
  sort: ListSort,
  what: string,
): Promise<ListPage<T>> {
  const cursor = cursorOf(q);
  if (!cursor) return offsetPage(q, sort);

  const meta = em.getMetadata().find(entity)!;
  const table = meta.tableName;
  const column = meta.properties[sort.by as EntityKey<T>].fieldNames[0];
  const [row] = await em.execute<unknown[]>(`select 1 from "${table}" where id = ? and company_id = ?`, [cursor.id, scope.companyId]);
  if (!row) throw bodyIdNotFound(cursor.param, what);
  const { readOrder, op, backwards } = cursorReading(cursor.param, sort.order);
  // A raw key serves one query: each query built from this page gets its own.
  const past = () => ({ [raw((alias: string) => `(${alias}."${column}", ${alias}.id) ${op} (select c."${column}", c.id from "${table}" c where c.id = ?)`, [cursor.id])]: [] });
  return {
    where: (list) => ({ $and: [list, past()] }) as FilterQuery<T>,
    options: { orderBy: { [sort.by]: readOrder, id: readOrder }, limit: q.limit, offset: 0 },
    inListOrder: <R>(rows: R[]) => (backwards ? [...rows].reverse() : rows),
  };
}

/** A list ordered by creation, newest first (`desc`) or oldest first (`asc`): `sortedPage` on `createdAt`. */
export function creationPage<T extends object>(em: EntityManager, entity: EntityName<T>, scope: { companyId: string }, q: CursorPageRequest, order: 'asc' | 'desc', what: string): Promise<ListPage<T>> {
  return sortedPage(em, entity, scope, q, { by: 'createdAt', order }, what);
}

/** The cursor of a request, if any; two cursors, or a cursor with a page beyond the first, are a 400. */
export function cursorOf(q: CursorPageRequest): { param: 'startingAfter' | 'endingBefore'; id: string } | null {
  if (q.startingAfter !== undefined && q.endingBefore !== undefined) {
    throw invalidCursor('endingBefore', 'startingAfter and endingBefore cannot be combined: give one cursor');
  }
  const param = q.startingAfter !== undefined ? 'startingAfter' : q.endingBefore !== undefined ? 'endingBefore' : null;
  if (!param) return null;
  if (q.page !== 1) throw invalidCursor('page', `page cannot be combined with ${param}: a cursor names where the page starts`);
  return { param, id: q[param]! };
}

const invalidCursor = (path: string, message: string): ApiError => new ApiError(400, 'validation_failed', `${path}: ${message}`, [{ path, message }]);

/** Escapes LIKE wildcards so a user's `%` or `_` matches itself. */
export function likeContains(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
