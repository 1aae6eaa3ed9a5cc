import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { badRequest, conflict, notFound } from '../http/errors';
import { likeContains, offsetOf, offsetPage, sortedPage, type ListPage } from '../http/pagination';
import { iso } from '../db/base.entity';
import { recordEvent } from '../events/outbox';
import type { Event } from '../events/event.entity';
import { newId } from '../shared/ids';
import { normalizeDocument } from '../shared/documents';
import { Customer } from './customer.entity';
import { checkDocument, type CreateCustomerInput, type CustomerView, type ListCustomersQuery, type UpdateCustomerInput } from './customers.schemas';

/** A customer as read for an answer: the entity's fields, managed or a plain row. */
export type CustomerRow = Pick<Customer, 'id' | 'companyId' | 'name' | 'email' | 'type' | 'document' | 'documentType' | 'phone' | 'address' | 'metadata' | 'createdAt' | 'updatedAt' | 'deletedAt'>;

export function toCustomerView(c: CustomerRow): CustomerView {
  return {
    id: c.id,
    companyId: c.companyId,
    name: c.name,
    email: c.email,
    type: c.type,
    document: c.document,
    documentType: c.documentType,
    phone: c.phone,
    address: c.address,
    metadata: c.metadata,
    createdAt: iso(c.createdAt),
    updatedAt: iso(c.updatedAt),
    deletedAt: iso(c.deletedAt),
  };
}

/**
 * Every document is stored in its canonical form (no `.`, `/`, `-` or spaces; upper case), the
 * form its validation checked, so that searches and comparisons agree. A passport written
 * `AB-123456` is the passport `AB123456`.
 */
function storedDocument(document: string): string {
  return normalizeDocument(document);
}

export async function createCustomer(em: EntityManager, companyId: string, input: CreateCustomerInput): Promise<{ customer: Customer; event: Event }> {
  const customer = em.create(Customer, {
    id: newId('cust'),
    companyId,
    name: input.name,
    email: input.email.toLowerCase(),
    type: input.type,
    document: storedDocument(input.document),
    documentType: input.documentType,
    phone: input.phone,
    address: input.address ?? null,
    metadata: input.metadata ?? {},
  });
  em.persist(customer);
  const event = recordEvent(em, { companyId, type: 'customer.created', entityType: 'customer', data: toCustomerView(customer) });
  return { customer, event };
}

interface CustomerColumns {
  id: string;
  company_id: string;
  name: string;
  email: string;
  type: Customer['type'];
  document: string;
  document_type: Customer['documentType'];
  phone: string;
  address: Customer['address'];
  metadata: Customer['metadata'];
  created_at: string | Date;
  updated_at: string | Date;
  deleted_at: string | Date | null;
}

const customerOf = (r: CustomerColumns): CustomerRow => ({
  id: r.id,
  companyId: r.company_id,
  name: r.name,
  email: r.email,
  type: r.type,
  document: r.document,
  documentType: r.document_type,
  phone: r.phone,
  address: r.address,
  metadata: r.metadata,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
  deletedAt: r.deleted_at === null ? null : new Date(r.deleted_at),
});

/**
 * The caller's customer (deleted ones included: they stay readable with deletedAt), or 404.
 * Reads answer with plain rows, never managed entities: nothing is written back, and an
 * entity's identity-map entry and change-tracking snapshot (JSON fields deep-copied) cost more
 * CPU than the query (`npm run bench -- customers`). By id, the hottest read, the statement is
 * written out: building it with the query builder cost more CPU than PostgreSQL spends on it.
 */
export async function getCustomer(em: EntityManager, companyId: string, id: string): Promise<CustomerRow> {
  const [row] = await em.execute<CustomerColumns[]>(`select "c0".* from "customers" as "c0" where "c0"."id" = ? and "c0"."company_id" = ? limit 1`, [id, companyId]);
  if (!row) throw notFound('Customer');
  return customerOf(row);
}

export async function updateCustomer(
  em: EntityManager,
  companyId: string,
  id: string,
  input: UpdateCustomerInput,
): Promise<{ customer: Customer; event: Event | null }> {
  const customer = await em.findOne(Customer, { id, companyId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!customer) throw notFound('Customer');
  if (customer.deletedAt) throw conflict('customer_deleted', 'A deleted customer cannot be updated');

  const documentType = input.documentType ?? customer.documentType;
  if (input.document !== undefined || input.documentType !== undefined) {
    const document = input.document ?? customer.document;
    const problem = checkDocument(document, documentType);
    if (problem) throw badRequest('validation_failed', `document: ${problem}`, [{ path: 'document', message: problem }]);
    customer.document = storedDocument(document);
    customer.documentType = documentType;
  }
  if (input.name !== undefined) customer.name = input.name;
  if (input.email !== undefined) customer.email = input.email.toLowerCase();
  if (input.type !== undefined) customer.type = input.type;
  if (input.phone !== undefined) customer.phone = input.phone;
  if (input.address !== undefined) customer.address = input.address;
  if (input.metadata !== undefined) customer.metadata = input.metadata;

  // Only a real change is an update: a PUT that changes nothing sends no event.
  await em.getUnitOfWork().computeChangeSets();
  const changed = em.getUnitOfWork().getChangeSets().some((cs) => cs.entity === customer);
  if (!changed) return { customer, event: null };
  customer.updatedAt = new Date();
  const event = recordEvent(em, { companyId, type: 'customer.updated', entityType: 'customer', data: toCustomerView(customer) });
  return { customer, event };
}

/** Soft delete; deleting again returns the same deleted customer. */
export async function deleteCustomer(em: EntityManager, companyId: string, id: string): Promise<Customer> {
  const customer = await em.findOne(Customer, { id, companyId });
  if (!customer) throw notFound('Customer');
  customer.deletedAt ??= new Date();
  return customer;
}

/**
 * The list query, built on its own so that its plan can be inspected (the trigram indexes).
 * Text filters are partial and case-insensitive; deleted customers are hidden.
 */
export function customerListQuery(em: EntityManager, companyId: string, q: ListCustomersQuery, page: ListPage<Customer> = offsetPage(q, sortOf(q))) {
  const where: Record<string, unknown> = { companyId, deletedAt: null };
  if (q.name) where.name = { $ilike: likeContains(q.name) };
  if (q.email) where.email = { $ilike: likeContains(q.email) };
  // Documents are stored canonical, so the term is too: `529.982.247-25` finds `52998224725`.
  if (q.document) where.document = { $ilike: likeContains(normalizeDocument(q.document)) };
  if (q.phone) where.phone = { $ilike: likeContains(q.phone) };
  if (q.documentType) where.documentType = q.documentType;
  if (q.type) where.type = q.type;
  if (q.createdFrom || q.createdTo) {
    where.createdAt = { ...(q.createdFrom ? { $gte: new Date(q.createdFrom) } : {}), ...(q.createdTo ? { $lte: new Date(q.createdTo) } : {}) };
  }
  if (q.q) {
    const term = likeContains(q.q);
    const documentTerm = normalizeDocument(q.q);
    where.$or = [
      { name: { $ilike: term } },
      { email: { $ilike: term } },
      // Only when something is left of the term once punctuation is stripped (`-` alone must not match every document).
      ...(documentTerm ? [{ document: { $ilike: likeContains(documentTerm) } }] : []),
    ];
  }
  return em.createQueryBuilder(Customer).where(page.where(where) as Record<string, unknown>).orderBy(page.options.orderBy).limit(page.options.limit).offset(page.options.offset);
}

const sortOf = (q: ListCustomersQuery) => ({ by: q.sortBy, order: q.sortDir });

/**
 * A page of customers (plain rows, as getCustomer) and the exact total. A page shorter than
 * `limit` with something on it, or an empty first page, is the end of the list, so the total
 * is known without counting: a selective search (a document, an email) is one statement. Only
 * a full page, or an empty one past the first, runs the count over the same filters.
 */
export async function listCustomers(em: EntityManager, companyId: string, q: ListCustomersQuery): Promise<{ customers: CustomerRow[]; total: number }> {
  const page = await sortedPage(em, Customer, { companyId }, q, sortOf(q), 'Customer');
  const rows: CustomerRow[] = await customerListQuery(em, companyId, q, page).execute('all');
  const customers = page.inListOrder(rows);
  const endReached = customers.length < q.limit && (customers.length > 0 || q.page === 1);
  const total = endReached ? offsetOf(q) + customers.length : await customerListQuery(em, companyId, q, page).getCount();
  return { customers, total };
}
