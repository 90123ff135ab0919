// Small pure helpers shared by the routes: date formats, pagination, reply bodies.

/** `yyyy-mm-dd hh:mm:ss` in UTC, the service's date-time format. */
export function formatDateTime(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** `yyyy-mm-dd`, used by channel items. */
export function formatDay(dateTime: string): string {
  return dateTime.slice(0, 10);
}

/** Parses `yyyy-mm-dd hh:mm:ss` (UTC) and refuses impossible dates such as Feb 30. */
export function parseDateTime(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  const roundTrips =
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    h < 24 &&
    mi < 60 &&
    s < 60;
  return roundTrips ? date : null;
}

/** Parses a legacy `yyyy-mm-dd`; the link stays valid through the whole day (23:59:59 UTC). */
export function parseLegacyDay(text: string): string | null {
  const date = parseDateTime(`${text} 23:59:59`);
  return date ? formatDateTime(date) : null;
}

export interface Reply {
  status?: number;
  body: unknown;
}

/** Application error as deployed servers send it: HTTP 200 and `error` 1. */
export function fail(message: string): Reply {
  return { body: { error: 1, message } };
}

/** Non-list success: integer `error` 0. */
export function ok(fields: Record<string, unknown>): Reply {
  return { body: { error: 0, ...fields } };
}

/** PHP servers fall back to the default on anything that is not a positive integer. */
function positiveIntOr(raw: string | null, fallback: number): number {
  if (raw === null || !/^\s*\d+\s*$/.test(raw)) return fallback;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : fallback;
}

const DEFAULT_LIMIT = 15;

/**
 * The pagination envelope. `limit` defaults to 15 with no maximum, `page` to 1; a page past
 * the end is an empty page (not an error); `nextpage` is null on the last page.
 */
export function paginate<T>(
  ctx: { query: URLSearchParams; flavor: { listError: 0 | '0' } },
  key: string,
  items: T[],
): Reply {
  const { query } = ctx;
  const perpage = positiveIntOr(query.get('limit'), DEFAULT_LIMIT);
  const currentpage = positiveIntOr(query.get('page'), 1);
  const maxpage = Math.max(1, Math.ceil(items.length / perpage));
  const start = (currentpage - 1) * perpage;
  const page = start < items.length ? items.slice(start, start + perpage) : [];
  return {
    body: {
      error: ctx.flavor.listError,
      data: {
        result: items.length,
        perpage,
        currentpage,
        nextpage: currentpage < maxpage ? currentpage + 1 : null,
        maxpage,
        [key]: page,
      },
    },
  };
}

/** Newest first, as the service lists its objects. */
export function newestFirst<T extends { id: number }>(items: T[]): T[] {
  return [...items].sort((a, b) => b.id - a.id);
}

/** Path ids are positive integers; anything else is treated as an unknown id. */
export function parseId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,15}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 ? n : null;
}

/** PHP's json_encode escapes `/` as `\/`; clients must cope, so the sandbox does it too. */
export function phpJson(value: unknown): string {
  return JSON.stringify(value).replace(/\//g, '\\/');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function htmlPage(status: number, title: string, detail: string): string {
  return (
    `<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>${status} ${escapeHtml(title)}</title></head>` +
    `<body><h1>${status} ${escapeHtml(title)}</h1><p>${escapeHtml(detail)}</p></body></html>\n`
  );
}
