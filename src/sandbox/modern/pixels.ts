// Tracking pixels of the 13 supported providers.
import { PIXEL_TYPES, type PixelType } from '../../api/types.js';
import { fail, newestFirst, ok, paginate, parseId } from '../format.js';
import type { Flavor } from '../flavor.js';
import type { PixelRecord } from '../records.js';
import type { Router } from '../router.js';
import { AppError, MESSAGES, optionalString } from '../validate.js';

const NOT_FOUND = 'Pixel does not exist.';

function toOutput({ id, type, name, tag, date }: PixelRecord, flavor: Flavor) {
  return { id: flavor.column(id), type, name, tag, date };
}

export function registerPixelRoutes(router: Router): void {
  router.get('/pixels', (ctx) =>
    paginate(
      ctx,
      'pixels',
      newestFirst(ctx.store.state.pixels).map((p) => toOutput(p, ctx.flavor)),
    ),
  );

  router.post('/pixel/add', ({ body, store }) => {
    const type = optionalString(body, 'type');
    if (!type || !(PIXEL_TYPES as readonly string[]).includes(type)) throw new AppError(MESSAGES.pixelProvider);
    const name = optionalString(body, 'name');
    if (!name) throw new AppError('Please enter a name for the pixel.');
    const tag = optionalString(body, 'tag');
    if (!tag) throw new AppError('Please enter the pixel tag.');
    const record: PixelRecord = {
      id: store.nextId('pixels'),
      type: type as PixelType,
      name,
      tag,
      date: store.timestamp(),
    };
    store.state.pixels.push(record);
    store.changed();
    return ok({ id: record.id });
  });

  // The provider cannot change once created; a `type` in the body is ignored.
  router.put('/pixel/:id/update', ({ params, body, store }) => {
    const record = store.state.pixels.find((p) => p.id === parseId(params.id));
    if (!record) return fail(NOT_FOUND);
    const tag = optionalString(body, 'tag');
    if (!tag) throw new AppError('Please enter the pixel tag.');
    const name = optionalString(body, 'name');
    record.tag = tag;
    if (name) record.name = name;
    store.changed();
    return ok({ message: 'Pixel has been updated successfully.' });
  });

  router.delete('/pixel/:id/delete', ({ params, store }) => {
    const id = parseId(params.id);
    const index = store.state.pixels.findIndex((p) => p.id === id);
    if (index < 0) return fail(NOT_FOUND);
    store.state.pixels.splice(index, 1);
    for (const link of store.state.links) link.pixels = link.pixels.filter((p) => p !== id);
    store.changed();
    return ok({ message: 'Pixel has been deleted successfully.' });
  });
}
