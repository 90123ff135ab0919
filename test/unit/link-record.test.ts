// One link vocabulary for every answer the API gives about a link, and the references a command
// accepts for one.
import { describe, expect, test } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { LINK_FIELDS, linkRecord, mergedRecord } from '../../src/input/link-record.js';
import { aliasOf } from '../../src/util/short-url.js';
import { parseLinkRef } from '../../src/input/link-ref.js';

const base = 'https://sho.rt';

describe('linkRecord', () => {
  test("a list item keeps its names, in the vocabulary's order, with the branded domain", () => {
    const item = {
      id: 7,
      alias: 'spring',
      shorturl: 'https://go.example.com/spring',
      longurl: 'https://e.com/',
      clicks: 3,
      title: 't',
      description: '',
      date: 'd',
      campaign: null,
    };
    expect(Object.entries(linkRecord(item, { baseUrl: base }))).toEqual([
      ['id', 7],
      ['alias', 'spring'],
      ['shorturl', 'https://go.example.com/spring'],
      ['longurl', 'https://e.com/'],
      ['title', 't'],
      ['description', ''],
      ['clicks', 3],
      ['domain', 'https://go.example.com'],
      ['date', 'd'],
      ['campaign', null],
    ]);
  });

  test("a detail is flattened: details' fields, data's counts, statistics as name -> count", () => {
    const detail = {
      id: 7,
      details: {
        id: 7,
        shorturl: 'https://sho.rt/spring',
        longurl: 'https://e.com/',
        title: 't',
        description: 'd',
        location: { Canada: 'https://e.ca' },
        device: {},
        expiry: null,
        date: 'x',
      },
      data: {
        clicks: 4,
        uniqueClicks: 2,
        topCountries: { Canada: '4' },
        topReferrers: 0,
        topBrowsers: { Chrome: 4 },
        topOs: 0,
        socialCount: { facebook: 1 },
      },
    };
    expect(linkRecord(detail, { baseUrl: base })).toEqual({
      id: 7,
      alias: 'spring',
      shorturl: 'https://sho.rt/spring',
      longurl: 'https://e.com/',
      title: 't',
      description: 'd',
      clicks: 4,
      uniqueclicks: 2,
      domain: '',
      expiry: null,
      date: 'x',
      geotarget: { Canada: 'https://e.ca' },
      devicetarget: {},
      countries: { Canada: 4 },
      referrers: {},
      browsers: { Chrome: 4 },
      os: {},
      social: { facebook: 1 },
    });
  });

  test('an add answer with what was sent; an update answer under `short` or `shorturl`', () => {
    const sent = { url: 'https://e.com/', metatitle: 'T', expiry: '2030-01-01 00:00:00' };
    expect(linkRecord({ id: 1, shorturl: 'https://sho.rt/abc' }, { baseUrl: base, sent })).toEqual({
      id: 1,
      alias: 'abc',
      shorturl: 'https://sho.rt/abc',
      longurl: 'https://e.com/',
      title: 'T',
      domain: '',
      expiry: '2030-01-01 00:00:00',
    });
    expect(linkRecord({ id: 1, short: 'https://sho.rt/abc' }, { baseUrl: base })).toEqual(
      linkRecord({ id: 1, shorturl: 'https://sho.rt/abc' }, { baseUrl: base }),
    );
  });

  test("records merge, later ones winning, in the vocabulary's order", () => {
    const before = linkRecord(
      { id: 1, alias: 'old', shorturl: 'https://sho.rt/old', longurl: 'https://e.com/', clicks: 9 },
      { baseUrl: base },
    );
    const after = linkRecord({ id: 1, short: 'https://sho.rt/new' }, { baseUrl: base });
    expect(mergedRecord(before, after)).toEqual({
      id: 1,
      alias: 'new',
      shorturl: 'https://sho.rt/new',
      longurl: 'https://e.com/',
      clicks: 9,
      domain: '',
    });
  });

  test('every record field is named once', () => {
    expect(new Set(LINK_FIELDS).size).toBe(LINK_FIELDS.length);
  });

  test.each([
    ['https://sho.rt/spring', 'spring'],
    ['https://sho.rt/base/path/x1/', 'x1'],
    ['https://sho.rt/', undefined],
    ['not a url', undefined],
    [undefined, undefined],
  ])('aliasOf(%j) is %j', (shorturl, alias) => expect(aliasOf(shorturl)).toBe(alias));
});

describe('parseLinkRef', () => {
  test.each([
    ['42', { kind: 'id', id: 42 }],
    [' 42 ', { kind: 'id', id: 42 }],
    ['spring', { kind: 'alias', alias: 'spring' }],
    ['a_b-1', { kind: 'alias', alias: 'a_b-1' }],
    ['https://sho.rt/spring', { kind: 'shorturl', shorturl: 'https://sho.rt/spring' }],
  ])('%j names a link', (text, ref) => expect(parseLinkRef(text)).toMatchObject(ref));

  test.each([
    ['0', /must be a positive integer/],
    ['-3', /must be a positive integer/],
    ['9007199254740993', /at most/],
    ['a b', /contains a space/],
    ['', /is empty/],
    ['sho.rt/x', /starts with http/],
    ['sp!ng', /only letters, digits/],
    ['https://', /not a URL/],
    ['https://sho.rt', /no alias/],
    ['ftp://sho.rt/x', /only http and https/],
  ])('%j cannot name a link: a usage error', (text, message) => {
    expect(() => parseLinkRef(text)).toThrow(UsageError);
    expect(() => parseLinkRef(text)).toThrow(message);
  });
});
