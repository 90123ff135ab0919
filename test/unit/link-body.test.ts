import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import {
  LINK_COLUMNS,
  linkBodyFromFlags,
  linkBodyFromRow,
  linkBodyToRow,
  type LinkFlags,
} from '../../src/input/link-body.js';

const URL_A = 'https://example.com/a';

describe('linkBodyFromFlags: each option lands in its body field', () => {
  const cases: [string, LinkFlags, Record<string, unknown>][] = [
    ['url only', {}, {}],
    ['--custom', { custom: 'my-alias_1' }, { custom: 'my-alias_1' }],
    ['--type direct', { type: 'direct' }, { type: 'direct' }],
    ['--type frame', { type: 'frame' }, { type: 'frame' }],
    ['--type splash', { type: 'splash' }, { type: 'splash' }],
    ['--type splash page id', { type: '12' }, { type: '12' }],
    ['--type overlay', { type: 'overlay-3' }, { type: 'overlay-3' }],
    ['--password', { password: 's3cret pass' }, { password: 's3cret pass' }],
    ['--domain', { domain: ' https://go.example.com ' }, { domain: 'https://go.example.com' }],
    ['--domain without a scheme', { domain: 'go.example.com/' }, { domain: 'https://go.example.com' }],
    ['--expiry', { expiry: '2030-12-31 23:59:59' }, { expiry: '2030-12-31 23:59:59' }],
    ['--expiry leap day', { expiry: '2028-02-29 00:00:00' }, { expiry: '2028-02-29 00:00:00' }],
    [
      '--geo',
      { geo: ['Canada=https://ca.example.com', 'United States=https://us.example.com/x?a=b'] },
      {
        geotarget: [
          { location: 'Canada', link: 'https://ca.example.com/' },
          { location: 'United States', link: 'https://us.example.com/x?a=b' },
        ],
      },
    ],
    [
      '--device',
      { device: ['iPhone=https://apple.example.com'] },
      { devicetarget: [{ device: 'iPhone', link: 'https://apple.example.com/' }] },
    ],
    [
      '--language',
      { language: ['fr=https://fr.example.com'] },
      { languagetarget: [{ language: 'fr', link: 'https://fr.example.com/' }] },
    ],
    ['--meta-title', { metaTitle: 'Title' }, { metatitle: 'Title' }],
    ['--meta-description', { metaDescription: 'Some words' }, { metadescription: 'Some words' }],
    ['--meta-image', { metaImage: 'https://cdn.example.com/i.png' }, { metaimage: 'https://cdn.example.com/i.png' }],
    ['--pixel repeated', { pixel: ['1', '22'] }, { pixels: [1, 22] }],
    ['--channel', { channel: '7' }, { channel: 7 }],
    [
      '--deeplink-apple',
      { deeplinkApple: 'https://apps.apple.com/app/id1' },
      { deeplink: { apple: 'https://apps.apple.com/app/id1' } },
    ],
    [
      'both deeplinks',
      { deeplinkApple: 'https://apps.apple.com/x', deeplinkGoogle: 'https://play.google.com/y' },
      { deeplink: { apple: 'https://apps.apple.com/x', google: 'https://play.google.com/y' } },
    ],
    [
      '--param',
      { param: ['utm_source=news', 'empty=', 'eq=a=b'] },
      {
        parameters: [
          { name: 'utm_source', value: 'news' },
          { name: 'empty', value: '' },
          { name: 'eq', value: 'a=b' },
        ],
      },
    ],
    [
      'an empty meta option is sent as "" (it clears the field)',
      { metaTitle: '', metaDescription: '', metaImage: '' },
      { metatitle: '', metadescription: '', metaimage: '' },
    ],
  ];
  it.each(cases)('%s', (_name, flags, expected) => {
    expect(linkBodyFromFlags({ url: URL_A, ...flags }, { requireUrl: true })).toEqual({ url: URL_A, ...expected });
  });

  it('keeps no key for options that were not given', () => {
    expect(Object.keys(linkBodyFromFlags({ url: URL_A, geo: [], pixel: [] }, { requireUrl: true }))).toEqual(['url']);
  });
});

describe('linkBodyFromFlags: invalid values are usage errors naming the option', () => {
  const cases: [string, LinkFlags, RegExp][] = [
    ['not a URL', { url: 'example.com' }, /long URL.*not a URL/],
    ['ftp URL', { url: 'ftp://example.com/f' }, /long URL.*only http and https/],
    ['javascript URL', { url: 'javascript:alert(1)' }, /long URL/],
    ['short alias', { custom: 'ab' }, /--custom.*at least 3/],
    ['alias with a space', { custom: 'a b c' }, /--custom.*letters, digits/],
    ['alias with a slash', { custom: 'abc/def' }, /--custom/],
    ['unknown type', { type: 'popup' }, /--type "popup"/],
    ['type 0', { type: '0' }, /--type/],
    ['type -1', { type: '-1' }, /--type/],
    ['expiry not a real date', { expiry: '2026-02-30 10:00:00' }, /--expiry.*not a real date/],
    ['expiry hour 24', { expiry: '2026-01-01 24:00:00' }, /--expiry.*not a real/],
    ['expiry read two ways', { expiry: '01/02/2030' }, /--expiry "01\/02\/2030": ambiguous/],
    ['geo without =', { geo: ['Canada'] }, /--geo "Canada".*LOCATION=URL/],
    ['geo with empty key', { geo: ['=https://x.example.com'] }, /--geo/],
    ['geo with a bad URL', { geo: ['Canada=ca.example.com'] }, /--geo URL for Canada/],
    ['device with mailto', { device: ['iPhone=mailto:a@b.c'] }, /--device URL for iPhone.*http/],
    ['language with bad URL', { language: ['fr=nope'] }, /--language URL for fr/],
    ['meta image not a URL', { metaImage: 'image.png' }, /--meta-image/],
    ['pixel 0', { pixel: ['0'] }, /--pixel id "0"/],
    ['pixel -1', { pixel: ['3', '-1'] }, /--pixel id "-1"/],
    ['pixel abc', { pixel: ['abc'] }, /--pixel id "abc"/],
    ['channel 0', { channel: '0' }, /--channel id "0"/],
    ['channel 1.5', { channel: '1.5' }, /--channel id/],
    ['deeplink apple not a URL', { deeplinkApple: 'apps.apple.com' }, /--deeplink-apple/],
    ['deeplink google ftp', { deeplinkGoogle: 'ftp://play.google.com' }, /--deeplink-google/],
    ['param without =', { param: ['utm'] }, /--param "utm".*NAME=VALUE/],
    ['param with empty name', { param: ['=x'] }, /--param/],
    // Servers read "" there as "not given": sent, it would change nothing.
    ['empty expiry', { expiry: '' }, /^--expiry cannot be empty$/],
    ['empty password', { password: '' }, /^--password cannot be empty$/],
    ['blank domain', { domain: ' ' }, /^--domain cannot be empty$/],
    ['empty custom alias', { custom: '' }, /^--custom cannot be empty$/],
  ];
  it.each(cases)('%s', (_name, flags, message) => {
    const run = () => linkBodyFromFlags({ url: URL_A, ...flags }, { requireUrl: true });
    expect(run).toThrow(UsageError);
    expect(run).toThrow(message);
  });

  it('requires the long URL on add', () => {
    expect(() => linkBodyFromFlags({}, { requireUrl: true })).toThrow(/missing long URL/);
  });
});

describe('linkBodyFromFlags for update', () => {
  it('leaves url out when --url is not given', () => {
    expect(linkBodyFromFlags({ metaTitle: 'T' }, { requireUrl: false })).toEqual({ metatitle: 'T' });
  });
  it('names --url in errors', () => {
    expect(() => linkBodyFromFlags({ url: 'nope' }, { requireUrl: false })).toThrow(/--url/);
  });
  it.each(['direct', 'frame', 'splash'])('accepts type %s', (type) => {
    expect(linkBodyFromFlags({ type }, { requireUrl: false }).type).toBe(type);
  });
  it.each(['12', 'overlay-3'])('refuses type %s (update takes only the three kinds)', (type) => {
    expect(() => linkBodyFromFlags({ type }, { requireUrl: false })).toThrow(/--type.*update takes only/);
  });
});

describe('linkBodyFromRow', () => {
  const cases: [string, Record<string, string>, Record<string, unknown>][] = [
    ['url only', { url: URL_A }, { url: URL_A }],
    ['longurl alias', { longurl: URL_A }, { url: URL_A }],
    ['long_url alias', { long_url: URL_A }, { url: URL_A }],
    ['alias -> custom', { url: URL_A, alias: 'promo' }, { url: URL_A, custom: 'promo' }],
    [
      'canonical column wins over alias',
      { longurl: 'https://other.example.com', url: URL_A, alias: 'zzz', custom: 'kept' },
      { url: URL_A, custom: 'kept' },
    ],
    ['headers are case-insensitive and trimmed', { ' URL ': URL_A, MetaTitle: 'T' }, { url: URL_A, metatitle: 'T' }],
    ['empty cells are absent', { url: URL_A, custom: '', password: ' ', pixels: '', deeplink: '' }, { url: URL_A }],
    [
      'unknown and informational columns are ignored',
      { url: URL_A, id: '3', clicks: '9', notes: 'x', shorturl: 'http://s/x' },
      { url: URL_A },
    ],
    [
      'the names spreadsheets and exports use',
      {
        'Long URL': URL_A,
        'Custom alias': 'abc',
        Title: 'T',
        DESCRIPTION: 'D',
        'expires-at': '2030-01-02 03:04:05',
        Meta_Image: 'https://i.example.com/a.png',
      },
      {
        url: URL_A,
        custom: 'abc',
        expiry: '2030-01-02 03:04:05',
        metatitle: 'T',
        metadescription: 'D',
        metaimage: 'https://i.example.com/a.png',
      },
    ],
    [
      'back-half, slug and short code are the alias',
      { Destination: URL_A, 'Back-half': 'b-h' },
      { url: URL_A, custom: 'b-h' },
    ],
    [
      'of two names for one field the more specific wins',
      { link: 'https://sho.rt/x', long_url: URL_A, title: 'shown', metatitle: 'set' },
      { url: URL_A, metatitle: 'set' },
    ],
    [
      'every scalar column',
      {
        url: URL_A,
        custom: 'abc',
        type: 'frame',
        password: 'pw',
        domain: 'go.example.com',
        expiry: '2030-01-02 03:04:05',
        metatitle: 'MT',
        metadescription: 'MD',
        metaimage: 'https://i.example.com/a.jpg',
        channel: '4',
      },
      {
        url: URL_A,
        custom: 'abc',
        type: 'frame',
        password: 'pw',
        domain: 'https://go.example.com',
        expiry: '2030-01-02 03:04:05',
        metatitle: 'MT',
        metadescription: 'MD',
        metaimage: 'https://i.example.com/a.jpg',
        channel: 4,
      },
    ],
    ['pixels separated by ;', { url: URL_A, pixels: '1; 2;;3' }, { url: URL_A, pixels: [1, 2, 3] }],
    [
      'targets KEY=URL;KEY=URL',
      {
        url: URL_A,
        geotarget: 'Canada=https://ca.example.com;France=https://fr.example.com',
        devicetarget: 'Android=https://a.example.com',
        languagetarget: 'de=https://de.example.com',
      },
      {
        url: URL_A,
        geotarget: [
          { location: 'Canada', link: 'https://ca.example.com/' },
          { location: 'France', link: 'https://fr.example.com/' },
        ],
        devicetarget: [{ device: 'Android', link: 'https://a.example.com/' }],
        languagetarget: [{ language: 'de', link: 'https://de.example.com/' }],
      },
    ],
    [
      'deeplink JSON',
      { url: URL_A, deeplink: '{"apple":"https://apps.apple.com/x","google":"https://play.google.com/y"}' },
      { url: URL_A, deeplink: { apple: 'https://apps.apple.com/x', google: 'https://play.google.com/y' } },
    ],
    [
      'parameters name=value;...',
      { url: URL_A, parameters: 'utm_source=mail;utm_medium=' },
      {
        url: URL_A,
        parameters: [
          { name: 'utm_source', value: 'mail' },
          { name: 'utm_medium', value: '' },
        ],
      },
    ],
  ];
  it.each(cases)('%s', (_name, row, expected) => {
    expect(linkBodyFromRow(row)).toEqual(expected);
  });

  const invalid: [string, Record<string, string>, RegExp][] = [
    ['no url', { custom: 'abc' }, /missing url/],
    ['empty url', { url: '  ' }, /missing url/],
    ['bad url', { url: 'not a url' }, /invalid url "not a url"/],
    ['bad url under another name', { longurl: 'mailto:x@y.z' }, /invalid longurl "mailto:x@y.z"/],
    ['short custom', { url: URL_A, alias: 'ab' }, /invalid alias "ab"/],
    ['bad type', { url: URL_A, type: 'iframe' }, /invalid type/],
    ['bad expiry', { url: URL_A, expiry: '2026-02-30 10:00:00' }, /invalid expiry.*not a real date/],
    ['bad pixel id', { url: URL_A, pixels: '1;x' }, /invalid pixels id "x"/],
    ['bad channel id', { url: URL_A, channel: '-2' }, /invalid channel id "-2"/],
    ['bad geotarget pair', { url: URL_A, geotarget: 'Canada' }, /invalid geotarget "Canada"/],
    ['bad geotarget URL', { url: URL_A, geotarget: 'Canada=ca' }, /invalid geotarget URL for Canada/],
    ['deeplink not JSON', { url: URL_A, deeplink: 'apple=https://x.example.com' }, /invalid deeplink.*JSON/],
    ['deeplink JSON array', { url: URL_A, deeplink: '["https://x.example.com"]' }, /invalid deeplink.*object/],
    [
      'deeplink unknown store',
      { url: URL_A, deeplink: '{"windows":"https://x.example.com"}' },
      /unknown store "windows"/,
    ],
    ['deeplink bad URL', { url: URL_A, deeplink: '{"apple":"nope"}' }, /invalid deeplink apple URL/],
    ['bad parameter', { url: URL_A, parameters: 'novalue' }, /invalid parameters "novalue"/],
  ];
  it.each(invalid)('rejects %s', (_name, row, message) => {
    expect(() => linkBodyFromRow(row)).toThrow(UsageError);
    expect(() => linkBodyFromRow(row)).toThrow(message);
  });
});

describe('linkBodyToRow', () => {
  it('has every recognised column, empty when absent', () => {
    const row = linkBodyToRow({ url: URL_A });
    expect(Object.keys(row)).toEqual([...LINK_COLUMNS]);
    expect(row.url).toBe(URL_A);
    expect(row.custom).toBe('');
  });

  it('round-trips through linkBodyFromRow', () => {
    const body = linkBodyFromFlags(
      {
        url: URL_A,
        custom: 'round-trip',
        type: 'splash',
        password: 'pw',
        domain: 'go.example.com',
        expiry: '2031-05-06 07:08:09',
        geo: ['Canada=https://ca.example.com'],
        device: ['iPhone=https://i.example.com'],
        language: ['fr=https://fr.example.com'],
        metaTitle: 'T',
        metaDescription: 'D',
        metaImage: 'https://i.example.com/x.png',
        pixel: ['1', '2'],
        channel: '3',
        deeplinkApple: 'https://apps.apple.com/x',
        param: ['a=1', 'b=2'],
      },
      { requireUrl: true },
    );
    expect(linkBodyFromRow(linkBodyToRow(body))).toEqual(body);
  });
});

describe('expiry through the one date parser (src/input/expiry.ts)', () => {
  const now = new Date(2026, 10, 26, 12).getTime();
  it('flags with the run clock: a bare date lasts through the day, a span counts from now, a past date is refused', () => {
    expect(linkBodyFromFlags({ url: URL_A, expiry: '2030-12-31' }, { requireUrl: true, now }).expiry).toBe(
      '2030-12-31 23:59:59',
    );
    expect(linkBodyFromFlags({ url: URL_A, expiry: '+1d' }, { requireUrl: true, now }).expiry).toBe(
      '2026-11-27 12:00:00',
    );
    expect(() => linkBodyFromFlags({ url: URL_A, expiry: '2026-11-25' }, { requireUrl: true, now })).toThrow(
      /--expiry "2026-11-25".*in the past/,
    );
  });

  it('an import row: the same forms, a past date kept, a span refused naming the column', () => {
    expect(linkBodyFromRow({ url: URL_A, expiry: '2030-12-31' }).expiry).toBe('2030-12-31 23:59:59');
    expect(linkBodyFromRow({ url: URL_A, expires: '2020-01-01 10:00' }).expiry).toBe('2020-01-01 10:00:00');
    expect(() => linkBodyFromRow({ url: URL_A, expires: '+30d' })).toThrow(/invalid expires "\+30d": a span/);
  });
});
