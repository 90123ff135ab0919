// Campaigns: groups of links with an optional rotator address built from a slug.
// Add/update answer the name under `domain` (`campaign` on v6); list items use `name`.
import { randomBytes } from 'node:crypto';
import type { CampaignFacts, Flavor } from '../flavor.js';
import { fail, newestFirst, ok, paginate, parseId } from '../format.js';
import type { CampaignRecord } from '../records.js';
import type { Router } from '../router.js';
import type { Store } from '../store.js';
import { AppError, type Body, optionalBoolean, optionalString } from '../validate.js';

const NOT_FOUND = 'Campaign does not exist.';

function facts(store: Store, flavor: Flavor, c: CampaignRecord): CampaignFacts {
  return {
    id: c.id,
    name: c.name,
    public: c.public,
    rotator: c.slug ? `${store.baseUrl}/r/${c.slug}` : false,
    list: flavor.campaignListUrl(store.baseUrl, store.state.account.username, c),
  };
}

function readSlug(body: Body, store: Store, flavor: Flavor, selfId?: number): string | undefined {
  const slug = optionalString(body, 'slug');
  if (slug === undefined || slug === '') return slug;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(slug))
    throw new AppError('The slug may only contain letters, numbers, dashes and underscores.');
  if (store.state.campaigns.some((c) => c.slug === slug && c.id !== selfId))
    throw new AppError(flavor.campaignSlugTaken);
  return slug;
}

/** A free random slug, as v6 gives every campaign created without one. */
function randomSlug(store: Store): string {
  for (;;) {
    const slug = randomBytes(3).toString('hex');
    if (!store.state.campaigns.some((c) => c.slug === slug)) return slug;
  }
}

/** v6 refuses names under 2 characters and a name another campaign has; v7 takes any name. */
function checkName(store: Store, flavor: Flavor, name: string, selfId?: number): string {
  if (!flavor.campaignNamesChecked) return name;
  if (name.length < 2) throw new AppError('Campaign name cannot be empty and must have at least 2 characters.');
  const capitalised = flavor.campaignName(name);
  if (store.state.campaigns.some((c) => c.id !== selfId && c.name === capitalised)) {
    throw new AppError('You already have a campaign with that name.');
  }
  return capitalised;
}

export function registerCampaignRoutes(router: Router): void {
  router.get('/campaigns', (ctx) =>
    paginate(
      ctx,
      'campaigns',
      newestFirst(ctx.store.state.campaigns).map((c) => ctx.flavor.campaignListItem(facts(ctx.store, ctx.flavor, c))),
    ),
  );

  // Every field is optional on add (on v7); a campaign without a name gets an empty one.
  router.post('/campaign/add', ({ body, store, flavor }) => {
    const record: CampaignRecord = {
      id: 0,
      name: checkName(store, flavor, optionalString(body, 'name') ?? ''),
      slug: readSlug(body, store, flavor) || (flavor.campaignRandomSlug ? randomSlug(store) : ''),
      public: optionalBoolean(body, 'public') ?? false,
      rotatorNext: 0,
      date: store.timestamp(),
    };
    record.id = store.nextId('campaigns');
    store.state.campaigns.push(record);
    store.changed();
    return ok(flavor.campaignWritten(facts(store, flavor, record)));
  });

  router.put('/campaign/:id/update', ({ params, body, store, flavor }) => {
    const record = store.state.campaigns.find((c) => c.id === parseId(params.id));
    if (!record) return fail(NOT_FOUND);
    const given = optionalString(body, 'name');
    if (!given) throw new AppError('Campaign name is required.');
    const name = checkName(store, flavor, given, record.id);
    const slug = readSlug(body, store, flavor, record.id);
    const isPublic = optionalBoolean(body, 'public');
    record.name = name;
    if (slug) record.slug = slug;
    else if (slug === '' && !flavor.campaignRandomSlug) record.slug = '';
    if (isPublic !== undefined) record.public = isPublic;
    store.changed();
    return ok(flavor.campaignWritten(facts(store, flavor, record)));
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
