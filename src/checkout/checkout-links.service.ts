import { LockMode } from '@mikro-orm/core';
import { isDeepStrictEqual } from 'node:util';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { conflict, notFound } from '../http/errors';
import { creationPage, likeContains } from '../http/pagination';
import { iso } from '../db/base.entity';
import { recordEvent } from '../events/outbox';
import type { EventType } from '../events/catalog';
import type { Event } from '../events/event.entity';
import type { Company } from '../companies/company.entity';
import { newCapabilityId, newId } from '../shared/ids';
import { CheckoutLink } from './checkout-link.entity';
import { checkItems, checkSplits } from './checkout-content.service';
import type { CheckoutItem, ItemInput } from './checkout.schemas';
import type { CreateLinkInput, LinkView, ListLinksQuery, UpdateLinkInput } from './checkout-links.schemas';

export function toLinkView(l: CheckoutLink, checkoutPageUrl: string): LinkView {
  return {
    id: l.id,
    tenantId: l.tenantId,
    companyId: l.companyId,
    name: l.name,
    description: l.description,
    slug: l.slug,
    status: l.status,
    mode: l.mode,
    currency: l.currency,
    locale: l.locale,
    items: l.items,
    paymentMethods: l.paymentMethods,
    splits: l.splits,
    branding: l.branding,
    requiredFields: l.requiredFields,
    customFields: l.customFields,
    successUrl: l.successUrl,
    cancelUrl: l.cancelUrl,
    metadata: l.metadata,
    expirationMinutes: l.expirationMinutes,
    version: l.version,
    url: `${checkoutPageUrl}/c/${l.id}`,
    createdAt: iso(l.createdAt),
    updatedAt: iso(l.updatedAt),
    deletedAt: iso(l.deletedAt),
  };
}

const slugTaken = (slug: string) => conflict('slug_taken', `A checkout link with slug '${slug}' already exists`);

/**
 * Equal as JSON values, whatever the key order (jsonb hands objects back in its own order);
 * compared after a JSON round trip so that only the data counts, not where objects were made.
 */
const sameJson = (a: unknown, b: unknown): boolean => isDeepStrictEqual(JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b)));

const sameContent = ({ id: _id, ...stored }: CheckoutItem, given: Omit<CheckoutItem, 'id'>): boolean => sameJson(stored, given);

/**
 * Items as stored, each with its ci_ id. An item a PUT repeats unchanged at the same position
 * keeps its id, so resending the same list is not a change.
 */
export function storedItems(input: readonly ItemInput[], previous: readonly CheckoutItem[] = []): CheckoutItem[] {
  return input.map((i, n) => {
    const content = { name: i.name, description: i.description ?? null, imageUrl: i.imageUrl ?? null, quantity: i.quantity, unitAmount: i.unitAmount, metadata: i.metadata ?? {} };
    const kept = previous[n] && sameContent(previous[n], content) ? previous[n].id : newId('ci');
    return { id: kept, ...content };
  });
}

type ContentInput = Pick<
  CreateLinkInput,
  'mode' | 'currency' | 'locale' | 'items' | 'paymentMethods' | 'splits' | 'requiredFields' | 'customFields' | 'successUrl' | 'cancelUrl' | 'metadata' | 'expirationMinutes'
> & { branding?: CreateLinkInput['branding'] };

/** The content a link or an ad-hoc session stores from its create body: items with ids, absent structures as their defaults. */
export function storedContent(input: ContentInput) {
  return {
    mode: input.mode,
    currency: input.currency,
    locale: input.locale,
    items: storedItems(input.items),
    paymentMethods: input.paymentMethods,
    splits: input.splits ?? [],
    branding: input.branding ?? null,
    requiredFields: input.requiredFields ?? [],
    customFields: input.customFields ?? [],
    successUrl: input.successUrl ?? null,
    cancelUrl: input.cancelUrl ?? null,
    metadata: input.metadata ?? {},
    expirationMinutes: input.expirationMinutes,
  };
}

async function flushClaimingSlug(em: EntityManager, link: CheckoutLink): Promise<void> {
  try {
    // Flushed here so that a concurrent writer of the same slug loses on the unique index as a 409.
    await em.flush();
  } catch (err) {
    if (err instanceof UniqueConstraintViolationException && link.slug) throw slugTaken(link.slug);
    throw err;
  }
}

/**
 * `/c/<slug>` is a public URL resolved across all companies, so a slug is claimed for good by
 * the first company that uses it (`checkout_slugs`): no other company can ever take it, even
 * after the link is archived or renamed, so a printed URL never opens another merchant's page.
 * Within its company a slug names at most one live link at a time.
 */
async function assertSlugFree(em: EntityManager, companyId: string, slug: string | null | undefined, exceptId?: string): Promise<void> {
  if (!slug) return;
  await em.execute(`insert into checkout_slugs (slug, company_id, created_at) values (?, ?, now()) on conflict (slug) do nothing`, [slug, companyId]);
  const [claim] = await em.execute<{ company_id: string }[]>(`select company_id from checkout_slugs where slug = ?`, [slug]);
  if (claim.company_id !== companyId) throw slugTaken(slug);
  const taken = await em.findOne(CheckoutLink, { companyId, slug, deletedAt: null, ...(exceptId ? { id: { $ne: exceptId } } : {}) }, { fields: ['id'] });
  if (taken) throw slugTaken(slug);
}

const linkEvent = (em: EntityManager, type: EventType, link: CheckoutLink, checkoutPageUrl: string): Event =>
  recordEvent(em, { companyId: link.companyId, type, entityType: 'checkout_link', data: toLinkView(link, checkoutPageUrl) });

export async function createLink(em: EntityManager, company: Company, input: CreateLinkInput, checkoutPageUrl: string): Promise<{ link: CheckoutLink; event: Event }> {
  checkItems(input.items);
  await checkSplits(em, company.id, input.splits ?? []);
  await assertSlugFree(em, company.id, input.slug);
  const link = em.create(CheckoutLink, {
    id: newCapabilityId('chk'),
    companyId: company.id,
    tenantId: company.tenantId,
    name: input.name ?? null,
    description: input.description ?? null,
    slug: input.slug ?? null,
    ...storedContent(input),
  });
  em.persist(link);
  await flushClaimingSlug(em, link);
  return { link, event: linkEvent(em, 'checkout.link.created', link, checkoutPageUrl) };
}

/** The caller's link (archived ones too: they stay readable), or 404. */
export async function getLink(em: EntityManager, companyId: string, id: string, lock = false): Promise<CheckoutLink> {
  const link = await em.findOne(CheckoutLink, { id, companyId }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
  if (!link) throw notFound('Checkout link');
  return link;
}

/** What a PUT may set directly (everything but items, which get ids). */
const PLAIN_FIELDS = [
  'name', 'description', 'slug', 'mode', 'currency', 'locale', 'paymentMethods', 'splits', 'branding',
  'requiredFields', 'customFields', 'successUrl', 'cancelUrl', 'metadata', 'expirationMinutes',
] as const;

/**
 * PUT: any subset. Only a real change bumps the version and sends checkout.link.updated; a PUT
 * that changes nothing answers the link as it is. Sessions will hold their own snapshot, so
 * nothing here reaches them. An archived link is frozen (409 `link_archived`).
 */
export async function updateLink(
  em: EntityManager,
  companyId: string,
  id: string,
  input: UpdateLinkInput,
  checkoutPageUrl: string,
): Promise<{ link: CheckoutLink; event: Event | null }> {
  const link = await getLink(em, companyId, id, true);
  if (link.status === 'archived') throw conflict('link_archived', 'The checkout link is archived; it cannot be changed');
  if (input.items) checkItems(input.items);
  if (input.splits) await checkSplits(em, companyId, input.splits);
  if (input.slug !== link.slug) await assertSlugFree(em, companyId, input.slug, link.id);

  const before = toLinkView(link, checkoutPageUrl);
  const patch: Record<string, unknown> = {};
  for (const key of PLAIN_FIELDS) if (input[key] !== undefined) patch[key] = input[key];
  if (input.items) patch.items = storedItems(input.items, link.items);
  // Plain assignment: em.assign would merge JSON objects (metadata), and a PUT replaces them whole.
  Object.assign(link, patch);
  if (sameJson(toLinkView(link, checkoutPageUrl), before)) return { link, event: null };

  link.version += 1;
  await flushClaimingSlug(em, link);
  return { link, event: linkEvent(em, 'checkout.link.updated', link, checkoutPageUrl) };
}

/** DELETE: archived with deletedAt and version +1; archiving again answers the same link. */
export async function archiveLink(em: EntityManager, companyId: string, id: string, checkoutPageUrl: string): Promise<{ link: CheckoutLink; event: Event | null }> {
  const link = await getLink(em, companyId, id, true);
  if (link.status === 'archived') return { link, event: null };
  link.status = 'archived';
  link.deletedAt = new Date();
  link.version += 1;
  // Flushed first so that the answer and the event show the stored updatedAt (set on flush).
  await em.flush();
  return { link, event: linkEvent(em, 'checkout.link.archived', link, checkoutPageUrl) };
}

export async function listLinks(em: EntityManager, companyId: string, q: ListLinksQuery): Promise<{ links: CheckoutLink[]; total: number }> {
  const where: Record<string, unknown> = { companyId };
  if (q.status) where.status = { $in: q.status };
  if (q.search) {
    const term = likeContains(q.search);
    where.$or = [{ name: { $ilike: term } }, { description: { $ilike: term } }];
  }
  const page = await creationPage(em, CheckoutLink, { companyId }, q, 'desc', 'Checkout link');
  const [found, total] = await em.findAndCount(CheckoutLink, page.where(where), page.options);
  const links = page.inListOrder(found);
  return { links, total };
}
