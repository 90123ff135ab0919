// QR codes of the 7 types. Each one gets an address `{base}/qr/<alias>`; visiting it counts a
// scan (see redirects.ts), which feeds the detail's `top*` objects (counts as strings, per spec).
import { QR_TYPES, type QrType } from '../../api/types.js';
import type { QrFacts } from '../flavor.js';
import { fail, newestFirst, ok, paginate, parseId } from '../format.js';
import { clickBreakdown } from '../clicks.js';
import type { QrRecord } from '../records.js';
import type { Router } from '../router.js';
import type { Store } from '../store.js';
import { AppError, type Body, MESSAGES, isHttpUrl, isRgbColor, optionalString } from '../validate.js';
import { unassignItem } from './channel-items.js';

const NOT_FOUND = 'QR code does not exist.';

/** Plain types take a non-empty string (a URL for `link`); structured ones may take an object or array. */
function isValidData(type: QrType, data: unknown): boolean {
  if (typeof data === 'string') return data.trim() !== '' && (type !== 'link' || isHttpUrl(data.trim()));
  if (data !== null && typeof data === 'object')
    return type !== 'link' && type !== 'text' && Object.keys(data).length > 0;
  return false;
}

function readType(body: Body): QrType {
  const type = body.type;
  if (typeof type !== 'string' || !(QR_TYPES as readonly string[]).includes(type))
    throw new AppError(MESSAGES.qrInvalid);
  return type as QrType;
}

function readColor(body: Body, field: string): string | undefined {
  const color = optionalString(body, field);
  if (color !== undefined && color !== '' && !isRgbColor(color)) {
    throw new AppError(`Invalid value for "${field}": expected rgb(r,g,b) with values 0-255.`);
  }
  return color;
}

/** The logo is a path or URL of a PNG or JPG; the sandbox stores the string and never fetches it. */
function readLogo(body: Body): string | undefined {
  const logo = optionalString(body, 'logo');
  if (logo && !/\.(png|jpe?g)(\?.*)?$/i.test(logo)) throw new AppError('The logo must be a PNG or JPG image.');
  return logo;
}

function defaultName(type: QrType, data: unknown): string {
  return typeof data === 'string' ? data.trim().slice(0, 60) : `${type} QR code`;
}

function facts(store: Store, q: QrRecord): QrFacts {
  return { id: q.id, name: q.name, link: `${store.baseUrl}/qr/${q.alias}`, scans: q.hits.length, date: q.date };
}

export function registerQrRoutes(router: Router): void {
  router.get('/qr', (ctx) =>
    paginate(
      ctx,
      'qrs',
      newestFirst(ctx.store.state.qrs).map((q) => ctx.flavor.qrListItem(facts(ctx.store, q))),
    ),
  );

  router.get('/qr/:id', ({ params, store, flavor }) => {
    const qr = store.state.qrs.find((q) => q.id === parseId(params.id));
    if (!qr) return fail(NOT_FOUND);
    const stats = {
      clicks: qr.hits.length,
      uniqueClicks: new Set(qr.hits.map((h) => h.visitor)).size,
      ...clickBreakdown(qr.hits, String),
    };
    return ok(flavor.qrDetail(facts(store, qr), stats, qr.type === 'link'));
  });

  router.post('/qr/add', ({ body, store }) => {
    const type = readType(body);
    if (!isValidData(type, body.data)) throw new AppError(MESSAGES.qrInvalid);
    const record: QrRecord = {
      id: 0,
      type,
      data: body.data,
      name: optionalString(body, 'name') || defaultName(type, body.data),
      alias: store.randomAlias(),
      background: readColor(body, 'background') || 'rgb(255,255,255)',
      foreground: readColor(body, 'foreground') || 'rgb(0,0,0)',
      logo: readLogo(body) ?? '',
      hits: [],
      date: store.timestamp(),
    };
    record.id = store.nextId('qrs');
    store.addQr(record);
    store.changed();
    return ok({ id: record.id, link: facts(store, record).link });
  });

  // `data` is required; a `type` in the body (the spec's sample sends one) may change the type.
  router.put('/qr/:id/update', ({ params, body, store, flavor }) => {
    const qr = store.state.qrs.find((q) => q.id === parseId(params.id));
    if (!qr) return fail(NOT_FOUND);
    const type = body.type === undefined || body.type === null ? qr.type : readType(body);
    if (!isValidData(type, body.data)) throw new AppError(MESSAGES.qrInvalid);
    const background = readColor(body, 'background');
    const foreground = readColor(body, 'foreground');
    const logo = readLogo(body);
    Object.assign(qr, { type, data: body.data });
    if (background) qr.background = background;
    if (foreground) qr.foreground = foreground;
    if (logo !== undefined) qr.logo = logo;
    store.changed();
    return ok({ message: flavor.qrUpdated });
  });

  router.delete('/qr/:id/delete', ({ params, store, flavor }) => {
    const id = parseId(params.id);
    const qr = store.state.qrs.find((q) => q.id === id);
    if (!qr) return fail(NOT_FOUND);
    store.removeQr(qr);
    unassignItem(store, 'qr', qr.id);
    store.changed();
    return ok({ message: flavor.qrDeleted });
  });
}
