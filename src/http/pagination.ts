import { z } from 'zod';

export const paginationQuery = {
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
};

export interface PageRequest {
  page: number;
  limit: number;
}

export const offsetOf = ({ page, limit }: PageRequest): number => (page - 1) * limit;

/** The spec's standard envelope: `{ data, pagination: { page, limit, total, totalPages } }`. */
export function paginated<T>(data: T[], total: number, { page, limit }: PageRequest) {
  return { data, pagination: { page, limit, total, totalPages: Math.ceil(total / limit) } };
}

export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    pagination: z.object({
      page: z.number().int(),
      limit: z.number().int(),
      total: z.number().int(),
      totalPages: z.number().int(),
    }),
  });
}

/** Escapes LIKE wildcards so a user's `%` or `_` matches itself. */
export function likeContains(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
