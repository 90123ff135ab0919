// The view of `urls get` (a link record made from a detail answer) / `qr get` on a terminal, as strings: widths, colour, charset, and
// server text made safe.
import { describe, expect, test } from 'vitest';
import { barChart, tallyOf } from '../../src/output/bar-chart.js';
import { PLAIN, renderLinkView, renderQrView, viewPaint, type ViewStyle } from '../../src/output/stats-view.js';
import { linkRecord } from '../../src/input/link-record.js';
import { cellWidth, fitCells, isUtf8Locale, terminalText } from '../../src/util/terminal-text.js';

const ESC = '\x1b';
const stripAnsi = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');
const lines = (s: string) => s.replace(/\n$/, '').split('\n');

const DETAIL = {
  id: 1,
  details: {
    id: 1,
    shorturl: 'https://sho.rt/spring',
    longurl:
      'https://example.com/a/very/long/path/to/the/spring-sale/landing-page?utm_source=newsletter&utm_medium=email&utm_campaign=spring',
    title: `Spring sale ${ESC}]0;pwned${ESC}\\ ${ESC}[2J`,
    description: 'All the deals',
    location: { Canada: 'https://example.ca' },
    device: { iPhone: 'https://apps.apple.com/app/id1' },
    expiry: '2030-03-31 23:59:59',
    date: '2026-03-01 10:00:00',
  },
  data: {
    clicks: 1234,
    uniqueClicks: 567,
    topCountries: { 'United States': 600, France: 300, Germany: 200, Unknown: 134 },
    topReferrers: { direct: 700, 'www.facebook.com': 400, [`evil${ESC}[31m.example`]: 134 },
    topBrowsers: { Chrome: '800', Safari: '300', Firefox: '134' },
    topOs: { Windows: 500, iOS: 400, Linux: 334 },
    socialCount: { facebook: 400, twitter: 0, instagram: 0 },
  },
};

const style = (width: number, unicode: boolean, paint = PLAIN): ViewStyle => ({ width, unicode, paint });

describe('renderLinkView', () => {
  test.each([80, 160])('at %i columns every line fits, the charts in order with counts and shares', (width) => {
    const out = renderLinkView(linkRecord(DETAIL), style(width, true));
    for (const line of lines(out)) expect(cellWidth(line), line).toBeLessThanOrEqual(width);
    expect(out).toContain('https://sho.rt/spring → https://example.com/a/very');
    expect(out).toMatch(/Expires +2030-03-31 23:59:59/);
    expect(out).toMatch(/Geo target +Canada → https:\/\/example\.ca/);
    expect(out).toMatch(/Device target +iPhone → https:\/\/apps\.apple\.com\/app\/id1/);
    expect(out).toMatch(/Clicks +1,234 +\(567 unique\)/);
    const headings = lines(out).filter((l) => /^(Top |Social)/.test(l));
    expect(headings).toEqual([
      'Top countries',
      'Top referrers',
      'Top browsers',
      'Top operating systems',
      'Social networks',
    ]);
    expect(out).toMatch(/United States +█+ +600 +49%/);
    expect(out).toMatch(/Chrome +█+ +800 +65%/);
    // social: only the networks that count
    expect(out).toMatch(/facebook +█+ +400 +100%/);
    expect(out).not.toMatch(/twitter/);
  });

  test('the longest bar of a chart is the largest count; the others scale to it', () => {
    const chart = barChart(tallyOf({ a: 10, b: 5 }), { width: 40, unicode: false, bar: (s) => s, dim: (s) => s });
    const bars = chart.map((l) => /#+/.exec(l)![0].length);
    expect(bars[1]).toBe(Math.round(bars[0] / 2));
    expect(chart.every((l) => l.length === 40)).toBe(true);
  });

  test('160 columns shows the long URL whole; 80 cuts it with an ellipsis', () => {
    expect(renderLinkView(linkRecord(DETAIL), style(160, true))).toContain(DETAIL.details.longurl);
    const narrow = renderLinkView(linkRecord(DETAIL), style(80, true));
    expect(narrow).not.toContain(DETAIL.details.longurl);
    // Cut in the middle: the start and the end of a URL say the most about it.
    expect(lines(narrow)[1]).toMatch(
      /^https:\/\/sho\.rt\/spring → https:\/\/example\.com\/a\/very.*….*campaign=spring$/,
    );
  });

  test('C locale: ASCII only, bars of #', () => {
    const out = renderLinkView(linkRecord(DETAIL), style(80, false));
    expect(out).toMatch(/^[\x20-\x7e\n]*$/);
    expect(out).toContain('https://sho.rt/spring -> ');
    expect(out).toMatch(/United States +#+ +600 +49%/);
  });

  test('colour off: no escape sequence at all, even from server text', () => {
    const out = renderLinkView(linkRecord(DETAIL), style(80, true));
    expect(out).not.toContain(ESC);
    expect(out).toContain('Spring sale \u241b]0;pwned\u241b\\ \u241b[2J');
    expect(out).toContain('evil\u241b[31m.example');
  });

  test('colour on: only SGR colour sequences, and the same text underneath', async () => {
    const out = renderLinkView(linkRecord(DETAIL), style(80, true, await viewPaint(true)));
    const sequences = out.match(/\x1b[^m]*m/g) ?? [];
    expect(sequences.length).toBeGreaterThan(0);
    expect(sequences.every((s) => /^\x1b\[\d+m$/.test(s))).toBe(true);
    expect(stripAnsi(out)).toBe(renderLinkView(linkRecord(DETAIL), style(80, true)));
    expect(out.replace(/\x1b\[\d+m/g, '')).not.toContain(ESC);
  });

  test('no clicks yet: the count and no chart; a spec server sends 0 for an empty top*', () => {
    const out = renderLinkView(
      linkRecord({
        details: DETAIL.details,
        data: {
          clicks: 0,
          uniqueClicks: 0,
          topCountries: 0,
          topReferrers: 0,
          topBrowsers: 0,
          topOs: 0,
          socialCount: { facebook: 0 },
        },
      }),
      style(80, true),
    );
    expect(out).toMatch(/Clicks +0 +\(0 unique\)/);
    expect(out).not.toMatch(/Top |Social/);
  });

  test('password, redirect type, languages and deep links are shown when the server sends them', () => {
    const details = {
      ...DETAIL.details,
      password: true,
      type: 'splash',
      languagetarget: [{ language: 'fr', link: 'https://example.fr' }],
      deeplink: { apple: 'https://apps.apple.com/app/id1', google: '' },
    };
    const out = renderLinkView(linkRecord({ details, data: DETAIL.data }), style(100, false));
    expect(out).toMatch(/Password +yes/);
    expect(out).toMatch(/Redirect +splash/);
    expect(out).toMatch(/Language +fr -> https:\/\/example\.fr/);
    expect(out).toMatch(/Deep link +apple -> https:\/\/apps\.apple\.com/);
    expect(out).not.toMatch(/google/);
  });

  test('more than eight entries: the first eight and how many more', () => {
    const many = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`c${i}`, 20 - i]));
    const out = renderLinkView(
      linkRecord({ details: DETAIL.details, data: { clicks: 200, uniqueClicks: 1, topCountries: many } }),
      style(80, false),
    );
    expect(out).toMatch(/c7 /);
    expect(out).not.toMatch(/c8 /);
    expect(out).toContain('... and 3 more');
  });
});

describe('a view in the height of the window', () => {
  const tall = renderLinkView(linkRecord(DETAIL), style(80, true));

  test.each([23, 16, 9, 5, 3])('in %i lines: title, addresses and totals always, the rest as it fits', (height) => {
    const out = renderLinkView(linkRecord(DETAIL), { ...style(80, true), height });
    expect(lines(out).length).toBeLessThanOrEqual(Math.max(height, 4));
    expect(lines(out)[0]).toMatch(/^Spring sale/);
    expect(lines(out)[1]).toMatch(/^https:\/\/sho\.rt\/spring → /);
    expect(out).toMatch(/Clicks +1,234 +\(567 unique\)/);
  });

  test('fewer chart rows first, then fewer charts (the first ones kept), then the facts', () => {
    expect(lines(tall).length).toBeGreaterThan(23);
    const at23 = renderLinkView(linkRecord(DETAIL), { ...style(80, true), height: 23 });
    expect(at23).toMatch(/Top countries\n +United States +█+ +600 +49%\n +… and 3 more/);
    expect(at23).toMatch(/Expires +2030-03-31/);
    const headings = lines(at23).filter((l) => /^(Top |Social)/.test(l));
    expect(headings[0]).toBe('Top countries');
    expect(headings.length).toBeLessThan(5);
    const at7 = renderLinkView(linkRecord(DETAIL), { ...style(80, true), height: 7 });
    expect(at7).not.toMatch(/Top countries/);
    expect(at7).not.toMatch(/Geo target/);
  });

  test('a view that fits is left whole', () => {
    expect(renderLinkView(linkRecord(DETAIL), { ...style(80, true), height: 200 })).toBe(tall);
  });

  test('qr get --watch: the drawing only when it fits; printed once, always after the view', () => {
    const qr = {
      details: { id: 7, name: 'Flyer', link: 'https://sho.rt/qr/abc', scans: 3, date: '2026-03-01 10:00:00' },
      data: { ...DETAIL.data, clicks: 3, uniqueClicks: 2 },
    };
    const art = `${'▄▄▄▄\n'.repeat(12)}`;
    const watched = renderQrView(qr, { ...style(80, true), height: 23, redraw: true }, art);
    expect(lines(watched).length).toBeLessThanOrEqual(23);
    expect(watched).toContain(art);
    const small = renderQrView(qr, { ...style(80, true), height: 10, redraw: true }, art);
    expect(lines(small).length).toBeLessThanOrEqual(10);
    expect(small).not.toContain('▄');
    expect(renderQrView(qr, { ...style(80, true), height: 10 }, art).endsWith(`\n${art}`)).toBe(true);
  });
});

describe('renderQrView', () => {
  const qr = {
    details: { id: 7, name: 'Flyer', link: 'https://sho.rt/qr/abc', scans: 3, date: '2026-03-01 10:00:00' },
    data: { ...DETAIL.data, clicks: 3, uniqueClicks: 2 },
  };

  test('scans, charts, then the drawing', () => {
    const out = renderQrView(qr, style(80, true), '▄▄▄\n█ █\n');
    expect(lines(out).slice(0, 2)).toEqual(['Flyer', 'https://sho.rt/qr/abc']);
    expect(out).toMatch(/Scans +3 +\(2 unique\)/);
    expect(out).toMatch(/Top browsers/);
    expect(out.endsWith('\n▄▄▄\n█ █\n')).toBe(true);
  });

  test('no statistics for a QR code without a link (v6): the scans alone', () => {
    const out = renderQrView(
      { details: { id: 8, name: 'Card', link: 'https://sho.rt/qr/x', scans: 4, date: '2026-01-02 03:04:05' } },
      style(80, false),
    );
    expect(out).toMatch(/Created +2026-01-02 03:04:05/);
    expect(out).toMatch(/Scans +4/);
  });
});

describe('terminal text', () => {
  test('controls, DEL, C1 and bidi overrides are made visible; newlines and tabs a space', () => {
    expect(terminalText(`a${ESC}[31mb\x07c\x7fd\x9be\u202ef\ng\th`)).toBe(
      'a\u241b[31mb\u2407c\u2421d<U+009B>e<U+202E>f g h',
    );
  });

  test('wide characters take two cells and are cut on a cell boundary', () => {
    expect(cellWidth('日本')).toBe(4);
    expect(fitCells('日本語のタイトル', 7)).toBe('日本語…');
  });

  test.each([
    [{ LANG: 'en_US.UTF-8' }, true],
    [{ LANG: 'C.UTF-8' }, true],
    [{ LC_ALL: 'C', LANG: 'en_US.UTF-8' }, false],
    [{ LC_CTYPE: 'en_US.utf8', LANG: 'C' }, true],
    [{ LC_ALL: 'POSIX' }, false],
    [{ LANG: 'de_DE.ISO-8859-1' }, false],
    [{}, false],
  ])('%j -> UTF-8 %s', (env, utf8) => {
    expect(isUtf8Locale(env)).toBe(utf8);
  });
});
