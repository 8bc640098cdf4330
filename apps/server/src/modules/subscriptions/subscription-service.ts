import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import {
  FEED_ENTRIES,
  MAX_SUBSCRIPTIONS,
  SEARCH_REQUEST_TEMPLATE,
  SUBSCRIPTION_FEED_PATH,
  SUBSCRIPTION_TITLE_MAX,
  SUBSCRIPTION_UNSUBSCRIBE_PATH,
  SearchRequest,
  SubscriptionErrCode,
  type Lang,
  type SubscribeRequest,
  type Subscription,
  type SubscriptionList,
  type UpdateSubscriptionRequest,
} from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import type { MessageKey } from '../../http/messages.js';
import { serverSecret } from '../auth/auth-repository.js';
import type { SearchService } from '../search/search-service.js';
import { matchSignature, planSearch } from '../search/search-query.js';
import type { TenantDirectory } from '../tenants/tenant-directory.js';
import type { Tenant } from '../tenants/tenant-repository.js';
import {
  countReaderSubscriptions,
  deleteSubscription,
  findReaderContact,
  findReaderSubscriptions,
  findRecordLines,
  findSubscription,
  insertSubscription,
  updateSubscription,
  type SubscriptionRow,
} from './subscription-repository.js';
import { subscriptionWords } from './subscription-texts.js';

const err = (key: MessageKey, code: number, params: Record<string, string | number> = {}) =>
  new AppError(key, code, params);
const noSuch = () => err('subscriptionNoSuch', SubscriptionErrCode.noSuchSubscription);

/** What a signed link is for: each has its own signature, so a feed address cannot unsubscribe. */
export type LinkPurpose = 'feed' | 'unsubscribe';

/** The portal's address of an institution: `https://host` plus its mapping path. */
export const portalBase = (siteUrl: string, tenant: Pick<Tenant, 'mappingPath'>) =>
  `${siteUrl}${tenant.mappingPath ? `/${encodeURIComponent(tenant.mappingPath)}` : ''}`;

const xml = (s: string) =>
  s
    // Characters XML 1.0 does not allow in a document.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/**
 * Subscriptions (My Library key 3): a reader's own (each call acts on the session's reader in the
 * session's institution only), their signed links (the Atom feed, the unsubscribe page) and what a
 * subscription searches. The digests are sent by `SubscriptionJob`.
 */
export class SubscriptionService {
  private secret: Promise<Buffer> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: { search: SearchService; tenants: TenantDirectory },
  ) {}

  /** The key of the signed links (server_secret 'subscription-links', made once). */
  private key(): Promise<Buffer> {
    this.secret ??= serverSecret(this.db, 'subscription-links', () => randomBytes(48).toString('base64url')).then((v) =>
      Buffer.from(v),
    );
    return this.secret;
  }

  /** The signature of a subscription's link (HMAC-SHA256 of the institution, the id and the purpose). */
  async sign(tenantId: number, id: number, purpose: LinkPurpose): Promise<string> {
    return createHmac('sha256', await this.key())
      .update(`openfind subscription ${purpose} ${tenantId} ${id}`)
      .digest('base64url')
      .slice(0, 32);
  }

  /** Whether `sig` is the signature of the link (compared in constant time). */
  async verify(tenantId: number, id: number, purpose: LinkPurpose, sig: string): Promise<boolean> {
    const want = Buffer.from(await this.sign(tenantId, id, purpose));
    const got = Buffer.from(String(sig));
    return got.length === want.length && timingSafeEqual(got, want);
  }

  /** The signed addresses of a subscription's feed and unsubscribe page. */
  async links(
    row: Pick<SubscriptionRow, 'id' | 'tenantId' | 'siteUrl'>,
  ): Promise<{ feed: string; unsubscribe: string }> {
    const [f, u] = await Promise.all([
      this.sign(row.tenantId, row.id, 'feed'),
      this.sign(row.tenantId, row.id, 'unsubscribe'),
    ]);
    return {
      feed: `${row.siteUrl}${SUBSCRIPTION_FEED_PATH}${row.id}?sig=${f}`,
      unsubscribe: `${row.siteUrl}${SUBSCRIPTION_UNSUBSCRIBE_PATH}${row.id}?sig=${u}`,
    };
  }

  private async present(row: SubscriptionRow): Promise<Subscription> {
    return {
      subscriptionId: row.id,
      kind: row.kind,
      title: row.title,
      query: row.queryText,
      frequency: row.frequency,
      byEmail: row.byEmail,
      byInbox: row.byInbox,
      paused: row.paused,
      feedUrl: (await this.links(row)).feed,
      lastSentAt: row.lastSentAt?.toISOString() ?? null,
      sentUpTo: (row.inboxUpTo < row.mailUpTo || !row.byEmail ? row.inboxUpTo : row.mailUpTo).toISOString(),
      lastCount: row.lastCount,
      version: row.version,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** `GET /find/subscribe/list`. */
  async list(tenantId: number, readerId: number): Promise<SubscriptionList> {
    const [rows, contact] = await Promise.all([
      findReaderSubscriptions(this.db, tenantId, readerId),
      findReaderContact(this.db, tenantId, readerId),
    ]);
    return {
      list: await Promise.all(rows.map((r) => this.present(r))),
      max: MAX_SUBSCRIPTIONS,
      emailVerified: contact?.emailVerified ?? false,
    };
  }

  /**
   * What a subscription searches: the search request the job runs, the words shown, and the key
   * that makes the same search one subscription per reader.
   */
  queryOf(req: SubscribeRequest): { query: SearchRequest; text: string; key: string } {
    let query: SearchRequest;
    let text: string;
    const base = { ...SEARCH_REQUEST_TEMPLATE, matchMode: '' as const, facet: '0' as const };
    if (req.kind === 'search') {
      if (!req.search) throw err('subscriptionEmptyQuery', SubscriptionErrCode.emptyQuery);
      query = SearchRequest.parse({ ...req.search, page: 1, rows: 10, sortField: '', sortClause: '', facet: '0' });
      text = '';
    } else if (req.kind === 'class') {
      const classNo = (req.classNo ?? '').toUpperCase().replace(/\s+/g, '');
      if (!classNo) throw err('subscriptionEmptyQuery', SubscriptionErrCode.emptyQuery);
      if (!/^[A-Z][A-Z0-9.\-/:=+()"]*$/.test(classNo))
        throw err('subscriptionInvalid', SubscriptionErrCode.invalid, { detail: classNo.slice(0, 40) });
      query = SearchRequest.parse({ ...base, searchField: 'kindNo', searchFieldContent: classNo });
      text = classNo;
    } else {
      const journal = (req.journal ?? '').trim();
      if (!journal) throw err('subscriptionEmptyQuery', SubscriptionErrCode.emptyQuery);
      const issn = /^\d{4}-?\d{3}[\dXx]$/.test(journal);
      query = SearchRequest.parse({
        ...base,
        searchField: issn ? 'issn' : 'periName',
        searchFieldContent: issn ? journal.toUpperCase() : journal,
      });
      text = issn ? `ISSN ${journal.toUpperCase()}` : journal;
    }
    let plan;
    try {
      plan = planSearch(query);
    } catch (e) {
      if (e instanceof AppError && e.key === 'searchQueryRequired')
        throw err('subscriptionEmptyQuery', SubscriptionErrCode.emptyQuery);
      throw e;
    }
    if (!text) text = plan.summary || query.searchFieldContent.trim();
    if (!text) throw err('subscriptionEmptyQuery', SubscriptionErrCode.emptyQuery);
    const key = createHash('sha256')
      .update(`${req.kind}|${matchSignature(plan)}`)
      .digest('hex');
    return { query, text, key };
  }

  /** `POST /find/subscribe/add`. */
  async subscribe(
    tenantId: number,
    readerId: number,
    req: SubscribeRequest,
    ctx: { lang: Lang; siteUrl: string },
  ): Promise<Subscription> {
    const { query, text, key } = this.queryOf(req);
    if (!req.byEmail && !req.byInbox) throw err('subscriptionNoChannel', SubscriptionErrCode.noChannel);
    const row = await inTransaction(this.db, async (trx) => {
      if (req.byEmail && !(await findReaderContact(trx, tenantId, readerId))?.emailVerified)
        throw err('subscriptionEmailNotVerified', SubscriptionErrCode.emailNotVerified);
      if ((await countReaderSubscriptions(trx, tenantId, readerId)) >= MAX_SUBSCRIPTIONS)
        throw err('subscriptionTooMany', SubscriptionErrCode.tooMany, { max: MAX_SUBSCRIPTIONS });
      return insertSubscription(trx, {
        tenantId,
        readerId,
        kind: req.kind,
        title: (req.title || text).slice(0, SUBSCRIPTION_TITLE_MAX),
        queryText: text.slice(0, 500),
        query: JSON.stringify(query),
        queryKey: key,
        frequency: req.frequency,
        byEmail: req.byEmail,
        byInbox: req.byInbox,
        lang: ctx.lang,
        siteUrl: ctx.siteUrl,
      });
    });
    if (!row) throw err('subscriptionDuplicate', SubscriptionErrCode.duplicate);
    return this.present(row);
  }

  /** `POST /find/subscribe/update`. */
  async update(tenantId: number, readerId: number, req: UpdateSubscriptionRequest, lang: Lang): Promise<Subscription> {
    const row = await inTransaction(this.db, async (trx) => {
      const now = await findSubscription(trx, tenantId, readerId, req.subscriptionId);
      if (!now) throw noSuch();
      if (now.version !== req.version) throw err('subscriptionChangedMeanwhile', SubscriptionErrCode.changedMeanwhile);
      const next = {
        title: req.title || now.title,
        frequency: req.frequency ?? now.frequency,
        byEmail: req.byEmail ?? now.byEmail,
        byInbox: req.byInbox ?? now.byInbox,
        paused: req.paused ?? now.paused,
      };
      if (!next.byEmail && !next.byInbox) throw err('subscriptionNoChannel', SubscriptionErrCode.noChannel);
      if (next.byEmail && !now.byEmail && !(await findReaderContact(trx, tenantId, readerId))?.emailVerified)
        throw err('subscriptionEmailNotVerified', SubscriptionErrCode.emailNotVerified);
      return updateSubscription(trx, tenantId, readerId, now.id, req.version, {
        ...next,
        resumed: now.paused && !next.paused,
        lang,
      });
    });
    if (!row) throw err('subscriptionChangedMeanwhile', SubscriptionErrCode.changedMeanwhile);
    return this.present(row);
  }

  /** `POST /find/subscribe/delete`. */
  async remove(tenantId: number, readerId: number, id: number): Promise<{ subscriptionId: number }> {
    if (!(await deleteSubscription(this.db, tenantId, readerId, id))) throw noSuch();
    return { subscriptionId: id };
  }

  /** A subscription named by a signed link, if the signature checks (any institution: the row says which). */
  async bySignedLink(id: string, sig: string, purpose: LinkPurpose): Promise<SubscriptionRow | undefined> {
    if (!/^\d{1,15}$/.test(id) || typeof sig !== 'string' || sig.length > 64) return undefined;
    const row = await findSubscription(this.db, null, null, Number(id));
    if (!row || !(await this.verify(row.tenantId, row.id, purpose, sig))) return undefined;
    return row;
  }

  /** Tests only: moves the watermarks of a reader's subscriptions `days` back (the e2e server's hook). */
  async makeDue(tenantId: number, account: string, days: number): Promise<void> {
    await sql`UPDATE subscription SET
        inbox_up_to = date_trunc('milliseconds', now()) - make_interval(days => ${days}),
        mail_up_to = date_trunc('milliseconds', now()) - make_interval(days => ${days})
      WHERE tenant_id = ${tenantId}
        AND reader_id = (SELECT id FROM reader WHERE tenant_id = ${tenantId} AND lower(account) = lower(${account}))`.execute(
      this.db,
    );
  }

  /** Unsubscribes by a signed link (the mail's); whether there was such a subscription. */
  async unsubscribeSigned(row: SubscriptionRow): Promise<boolean> {
    return deleteSubscription(this.db, row.tenantId, null, row.id);
  }

  /**
   * A subscription's Atom feed (RFC 4287): its latest matching records, newest arrivals first, each
   * linking its record page.
   */
  async feed(row: SubscriptionRow, now = new Date()): Promise<string> {
    const tenant = (await this.deps.tenants.list()).find((t) => t.id === row.tenantId);
    const base = portalBase(row.siteUrl, tenant ?? { mappingPath: '' });
    const found = await this.deps.search.addedBetween(row.tenantId, SearchRequest.parse(JSON.parse(row.query)), {
      upTo: now,
      limit: FEED_ENTRIES,
    });
    const lines = await findRecordLines(this.db, row.tenantId, found.ids);
    const records = found.ids.flatMap((id) => lines.get(id) ?? []);
    const w = subscriptionWords(row.lang);
    const self = (await this.links(row)).feed;
    const updated = records.reduce((d, r) => (r.createdAt > d ? r.createdAt : d), row.createdAt);
    const entries = records.map((r) => {
      const url = `${base}/searchList/bookDetails/${r.recordId}`;
      const summary = [r.author, r.publisher, r.publishYear].filter(Boolean).join(' · ');
      return [
        '  <entry>',
        `    <id>${xml(url)}</id>`,
        `    <title>${xml(r.title || w.untitled)}</title>`,
        `    <link rel="alternate" type="text/html" href="${xml(url)}"/>`,
        `    <updated>${r.createdAt.toISOString()}</updated>`,
        ...(r.author ? [`    <author><name>${xml(r.author)}</name></author>`] : []),
        ...(summary ? [`    <summary>${xml(summary)}</summary>`] : []),
        '  </entry>',
      ].join('\n');
    });
    return [
      '<?xml version="1.0" encoding="utf-8"?>',
      `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${row.lang}">`,
      `  <id>urn:openfind:subscription:${row.tenantId}:${row.id}</id>`,
      `  <title>${xml(w.feedTitle(row.title))}</title>`,
      `  <updated>${updated.toISOString()}</updated>`,
      `  <author><name>${xml(tenant?.name ?? 'OpenFind')}</name></author>`,
      `  <link rel="self" type="application/atom+xml" href="${xml(self)}"/>`,
      `  <link rel="alternate" type="text/html" href="${xml(base)}/"/>`,
      ...entries,
      '</feed>',
      '',
    ].join('\n');
  }

  /** The unsubscribe page (GET: a confirmation with a form; POST: done), in the subscription's language. */
  unsubscribePage(
    lang: Lang,
    state: { kind: 'confirm' | 'done'; title: string; action?: string } | { kind: 'bad' },
  ): string {
    const w = subscriptionWords(lang);
    const body =
      state.kind === 'bad'
        ? `<p>${xml(w.bad)}</p>`
        : state.kind === 'done'
          ? `<p role="status">${xml(w.done(state.title))}</p>`
          : `<p>${xml(w.confirm(state.title))}</p>\n<form method="post" action="${xml(state.action ?? '')}"><button type="submit">${xml(w.confirmButton)}</button></form>`;
    return `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${xml(w.pageTitle)}</title></head>
<body>
<main>
<h1>${xml(w.pageTitle)}</h1>
${body}
</main>
</body>
</html>
`;
  }
}
