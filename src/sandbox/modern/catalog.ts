// Read-only lists seeded at start: overlays (call-to-action pages, key `cta`) and splash pages.
import { newestFirst, paginate } from '../format.js';
import type { Router } from '../router.js';

export function registerCatalogRoutes(router: Router): void {
  router.get('/overlay', ({ query, store }) =>
    paginate(query, 'cta', newestFirst(store.state.overlays).map(({ id, type, name, date }) => ({ id, type, name, date }))),
  );
  router.get('/splash', ({ query, store }) =>
    paginate(query, 'splash', newestFirst(store.state.splash).map(({ id, name, date }) => ({ id, name, date }))),
  );
}
