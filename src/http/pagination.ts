import { z } from 'zod';
import { raw, type EntityName, type FilterQuery } from '@mikro-orm/core';
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
 * A list page ordered by creation (`created_at`, then `id`), by page and limit or by a cursor.
 * `where` adds the cursor's condition to the list's own; `options` orders and bounds the query;
 * `inListOrder` puts the rows back in the list's order (an `endingBefore` page is read backwards).
 */
export interface CreationPage<T extends object> {
  where(list: FilterQuery<T>): FilterQuery<T>;
  options: { orderBy: Record<string, 'asc' | 'desc'>; limit: number; offset: number };
  inListOrder(rows: T[]): T[];
}

/**
 * Resolves a list request on an entity ordered by creation, newest first (`desc`) or oldest
 * first (`asc`). A cursor must name an item of the caller's (`scope`, e.g. `{ companyId }`),
 * whatever the filters: another company's id or a missing one is 404 naming the parameter.
 * The cursor's creation time is compared in the database, to the microsecond.
 */
export async function creationPage<T extends object>(
  em: EntityManager,
  entity: EntityName<T>,
  scope: { companyId: string },
  q: CursorPageRequest,
  order: 'asc' | 'desc',
  what: string,
): Promise<CreationPage<T>> {
  const cursor = cursorOf(q);
  const forward = { orderBy: { createdAt: order, id: order }, limit: q.limit, offset: offsetOf(q) };
  if (!cursor) return { where: (list) => list, options: forward, inListOrder: (rows) => rows };

  const table = em.getMetadata().find(entity)!.tableName;
  const [row] = await em.execute<{ created_at: string }[]>(`select created_at::text as created_at from "${table}" where id = ? and company_id = ?`, [cursor.id, scope.companyId]);
  if (!row) throw bodyIdNotFound(cursor.param, what);
  // startingAfter goes on in the list's order, endingBefore goes back against it.
  const backwards = cursor.param === 'endingBefore';
  const readOrder = backwards ? (order === 'asc' ? 'desc' : 'asc') : order;
  const op = readOrder === 'asc' ? '>' : '<';
  const past = { [raw((alias: string) => `(${alias}.created_at, ${alias}.id) ${op} (?::timestamptz, ?)`, [row.created_at, cursor.id])]: [] };
  return {
    where: (list) => ({ $and: [list, past] }) as FilterQuery<T>,
    options: { orderBy: { createdAt: readOrder, id: readOrder }, limit: q.limit, offset: 0 },
    inListOrder: (rows) => (backwards ? [...rows].reverse() : rows),
  };
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
