import type { View } from '../../output/printer.js';

/** How links are shown, declared once for every `urls` verb. -q prints the short URL. */

/** A row of GET /urls. */
export const LINK_LIST_VIEW: View = {
  columns: ['id', 'alias', 'shorturl', 'longurl', 'clicks', 'date'],
  quiet: 'shorturl',
  fields: ['id', 'alias', 'shorturl', 'longurl', 'clicks', 'title', 'description', 'date'],
  extraFields: ['uniqueclicks', 'domain', 'campaign', 'channel'],
};

/** GET /url/:id and GET /urls?short=... (the response without `error`). */
export const LINK_DETAIL_VIEW: View = {
  columns: [
    'id', 'details.shorturl', 'details.longurl', 'details.title', 'details.description',
    'details.expiry', 'details.date', 'data.clicks', 'data.uniqueClicks',
  ],
  quiet: 'details.shorturl',
  fields: [
    'id', 'details.id', 'details.shorturl', 'details.longurl', 'details.title', 'details.description', 'details.location',
    'details.device', 'details.expiry', 'details.date', 'data',
  ],
};

/** POST /url/add: `{id, shorturl}`. */
export const LINK_CREATED_VIEW: View = { columns: ['id', 'shorturl'], quiet: 'shorturl', fields: ['id', 'shorturl'] };

/** PUT /url/:id/update: `{id, short}`; -q prints the id, as for every other write. */
export const LINK_UPDATED_VIEW: View = { columns: ['id', 'short'], quiet: 'id', fields: ['id', 'short'] };
