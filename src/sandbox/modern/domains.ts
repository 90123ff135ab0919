// Branded domains. Stored as an origin (`https://go.example.com`): no path, no trailing slash.
import { fail, newestFirst, ok, paginate, parseId } from '../format.js';
import type { Flavor } from '../flavor.js';
import type { DomainRecord } from '../records.js';
import type { Router } from '../router.js';
import { AppError, isHttpUrl, optionalString, optionalUrl } from '../validate.js';

const NOT_FOUND = 'Domain does not exist.';

function toOutput({ id, domain, redirectroot, redirect404 }: DomainRecord, flavor: Flavor) {
  return { id: flavor.column(id), domain, redirectroot, redirect404 };
}

export function registerDomainRoutes(router: Router): void {
  router.get('/domains', (ctx) =>
    paginate(
      ctx,
      'domains',
      newestFirst(ctx.store.state.domains).map((d) => toOutput(d, ctx.flavor)),
    ),
  );

  router.post('/domain/add', ({ body, store }) => {
    const raw = optionalString(body, 'domain');
    if (!raw || !isHttpUrl(raw)) throw new AppError('Please enter a valid domain name, including http:// or https://.');
    const origin = new URL(raw).origin;
    const taken =
      origin === new URL(store.baseUrl).origin ||
      store.state.domains.some((d) => d.domain.toLowerCase() === origin.toLowerCase());
    if (taken) throw new AppError('This domain has already been added.');
    const record: DomainRecord = {
      id: store.nextId('domains'),
      domain: origin,
      redirectroot: optionalUrl(body, 'redirectroot') ?? '',
      redirect404: optionalUrl(body, 'redirect404') ?? '',
      date: store.timestamp(),
    };
    store.state.domains.push(record);
    store.changed();
    return ok({ id: record.id });
  });

  router.put('/domain/:id/update', ({ params, body, store }) => {
    const record = store.state.domains.find((d) => d.id === parseId(params.id));
    if (!record) return fail(NOT_FOUND);
    const redirectroot = optionalUrl(body, 'redirectroot');
    const redirect404 = optionalUrl(body, 'redirect404');
    if (redirectroot !== undefined) record.redirectroot = redirectroot;
    if (redirect404 !== undefined) record.redirect404 = redirect404;
    store.changed();
    return ok({ message: 'Domain has been updated successfully.' });
  });

  // Links keep their domain string after the domain is deleted, like servers that store it per link.
  router.delete('/domain/:id/delete', ({ params, store }) => {
    const id = parseId(params.id);
    const index = store.state.domains.findIndex((d) => d.id === id);
    if (index < 0) return fail(NOT_FOUND);
    store.state.domains.splice(index, 1);
    store.changed();
    return ok({ message: 'Domain has been deleted successfully.' });
  });
}
