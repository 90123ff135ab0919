// Read-only lists seeded at start: overlays (call-to-action pages, key `cta`, `overlay` on v6) and splash pages.
import { newestFirst, paginate } from '../format.js';
import type { Router } from '../router.js';

export function registerCatalogRoutes(router: Router): void {
  router.get('/overlay', (ctx) => {
    const { store, flavor } = ctx;
    const items = newestFirst(store.state.overlays).map(({ id, type, name, date }) => ({
      id: flavor.column(id),
      type,
      name,
      date,
    }));
    return paginate(ctx, flavor.overlayListKey, items);
  });
  router.get('/splash', (ctx) =>
    paginate(
      ctx,
      'splash',
      newestFirst(ctx.store.state.splash).map(({ id, name, date }) => ({ id: ctx.flavor.column(id), name, date })),
    ),
  );
}
