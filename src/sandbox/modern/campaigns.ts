// Campaigns: groups of links with an optional rotator address built from a slug.
// Add/update answer the name under `domain` (as deployed servers do); list items use `name`.
import { fail, newestFirst, ok, paginate, parseId } from '../format.js';
import type { CampaignRecord } from '../records.js';
import type { Router } from '../router.js';
import type { Store } from '../store.js';
import { AppError, type Body, optionalBoolean, optionalString } from '../validate.js';

const NOT_FOUND = 'Campaign does not exist.';

function rotator(store: Store, c: CampaignRecord): false | string {
  return c.slug ? `${store.baseUrl}/r/${c.slug}` : false;
}

function listUrl(store: Store, c: CampaignRecord): string {
  return `${store.baseUrl}/u/${c.slug || c.id}/${c.id}`;
}

function writeResponse(store: Store, c: CampaignRecord) {
  return ok({ id: c.id, domain: c.name, public: c.public, rotator: rotator(store, c), list: listUrl(store, c) });
}

function readSlug(body: Body, store: Store, selfId?: number): string | undefined {
  const slug = optionalString(body, 'slug');
  if (slug === undefined || slug === '') return slug;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(slug)) throw new AppError('The slug may only contain letters, numbers, dashes and underscores.');
  if (store.state.campaigns.some((c) => c.slug === slug && c.id !== selfId)) {
    throw new AppError('That slug is taken. Please choose another one.');
  }
  return slug;
}

export function registerCampaignRoutes(router: Router): void {
  router.get('/campaigns', ({ query, store }) =>
    paginate(
      query,
      'campaigns',
      newestFirst(store.state.campaigns).map((c) => ({
        id: c.id,
        name: c.name,
        public: c.public,
        rotator: rotator(store, c),
        list: listUrl(store, c),
      })),
    ),
  );

  // Every field is optional on add; a campaign without a name gets an empty one.
  router.post('/campaign/add', ({ body, store }) => {
    const record: CampaignRecord = {
      id: 0,
      name: optionalString(body, 'name') ?? '',
      slug: readSlug(body, store) ?? '',
      public: optionalBoolean(body, 'public') ?? false,
      rotatorNext: 0,
      date: store.timestamp(),
    };
    record.id = store.nextId('campaigns');
    store.state.campaigns.push(record);
    store.changed();
    return writeResponse(store, record);
  });

  router.put('/campaign/:id/update', ({ params, body, store }) => {
    const record = store.state.campaigns.find((c) => c.id === parseId(params.id));
    if (!record) return fail(NOT_FOUND);
    const name = optionalString(body, 'name');
    if (!name) throw new AppError('Campaign name is required.');
    const slug = readSlug(body, store, record.id);
    const isPublic = optionalBoolean(body, 'public');
    record.name = name;
    if (slug !== undefined) record.slug = slug;
    if (isPublic !== undefined) record.public = isPublic;
    store.changed();
    return writeResponse(store, record);
  });

  router.post('/campaign/:campaignid/assign/:linkid', ({ params, store }) => {
    const campaign = store.state.campaigns.find((c) => c.id === parseId(params.campaignid));
    if (!campaign) return fail(NOT_FOUND);
    const link = store.findLink(parseId(params.linkid));
    if (!link) return fail('Link does not exist.');
    link.campaign = campaign.id;
    store.changed();
    return ok({ message: 'Link has been successfully added to the campaign.' });
  });

  router.delete('/campaign/:id/delete', ({ params, store }) => {
    const id = parseId(params.id);
    const index = store.state.campaigns.findIndex((c) => c.id === id);
    if (index < 0) return fail(NOT_FOUND);
    store.state.campaigns.splice(index, 1);
    for (const link of store.state.links) if (link.campaign === id) link.campaign = null;
    store.changed();
    return ok({ message: 'Campaign has been deleted successfully.' });
  });
}
