import { describe, expect, test } from 'vitest';
import {
  acceptedColumnsHelp,
  COLUMN_SYNONYMS,
  headerKey,
  ignoredColumnsWarning,
  LINK_COLUMNS,
  linkColumnOf,
  parseColumnMap,
  planColumns,
} from '../../src/input/link-columns.js';
import { EXPORT_COLUMNS } from '../../src/bulk/export/rows.js';

describe('column names', () => {
  test.each([
    ['Long URL', 'url'],
    ['long_url', 'url'],
    ['LONG-URL', 'url'],
    ['Destination', 'url'],
    ['link', 'url'],
    ['URL', 'url'],
    ['Alias', 'custom'],
    ['Custom alias', 'custom'],
    ['back-half', 'custom'],
    ['Short code', 'custom'],
    ['slug', 'custom'],
    ['Title', 'metatitle'],
    ['Meta Title', 'metatitle'],
    ['description', 'metadescription'],
    ['Expires', 'expiry'],
    ['expiration', 'expiry'],
    ['Expiry date', 'expiry'],
    ['Pixels', 'pixels'],
    ['Channel ID', 'channel'],
  ])('%j is %s', (header, field) => {
    expect(linkColumnOf(header)).toBe(field);
  });

  test('no name stands for two fields', () => {
    const names = LINK_COLUMNS.flatMap((f) => [f, ...COLUMN_SYNONYMS[f]]);
    expect(new Set(names).size).toBe(names.length);
    expect(names.every((n) => headerKey(n) === n)).toBe(true);
  });

  test('every column export writes is read back or ignored without a warning', () => {
    const plan = planColumns(EXPORT_COLUMNS);
    expect(plan.unknown).toEqual([]);
    expect(plan.shadowed).toEqual([]);
    expect(plan.fields).toEqual([
      ['alias', 'custom'],
      ['longurl', 'url'],
      ['title', 'metatitle'],
      ['description', 'metadescription'],
      ['domain', 'domain'],
      ['expiry', 'expiry'],
    ]);
    expect(planColumns([...EXPORT_COLUMNS, 'row', 'status', 'error']).unknown).toEqual([]);
  });
});

describe('planColumns', () => {
  test('unknown and shadowed columns make one warning naming the accepted columns', () => {
    const plan = planColumns(['Link', 'Long URL', 'Notes', 'Owner', 'id']);
    expect(plan.fields).toEqual([['Long URL', 'url']]);
    expect(plan.unknown).toEqual(['Notes', 'Owner']);
    expect(plan.shadowed).toEqual([['Link', 'url', 'Long URL']]);
    const warning = ignoredColumnsWarning(plan)!;
    expect(warning.split('\n')).toHaveLength(1);
    expect(warning).toMatch(
      /^warning: not importing columns "Notes", "Owner", "Link" \(url is read from "Long URL"\); accepted columns: url, custom, type, .*parameters/,
    );
    expect(warning).toContain('--map "HEADER=FIELD"');
    expect(ignoredColumnsWarning(planColumns(['url', 'alias', 'shorturl']))).toBeUndefined();
  });

  test('--map reads any header as a field, and wins over the usual names', () => {
    const map = parseColumnMap(['Ziel=url', 'Kurz Name = alias', 'Link=title']);
    expect([...map]).toEqual([
      ['ziel', 'url'],
      ['kurzname', 'custom'],
      ['link', 'metatitle'],
    ]);
    const plan = planColumns(['ZIEL', 'Kurz-Name', 'Link', 'Title'], map);
    expect(plan.fields).toEqual([
      ['ZIEL', 'url'],
      ['Kurz-Name', 'custom'],
      ['Link', 'metatitle'],
    ]);
    expect(plan.shadowed).toEqual([['Title', 'metatitle', 'Link']]);
  });

  test.each(['url', '=url', 'Ziel=', 'Ziel=nothing', 'Ziel=id'])('--map %j is a usage error', (spec) => {
    expect(() => parseColumnMap([spec])).toThrow(/invalid --map .*HEADER=FIELD/);
  });
});

test('sets every field of the accepted-columns help apart from its other names by two blanks', () => {
  const lines = acceptedColumnsHelp().split('\n');
  expect(lines.find((line) => line.trim().startsWith('metadescription'))).toMatch(
    /^ {2}metadescription {2}description$/,
  );
  for (const line of lines) expect(line).toMatch(/^ {2}[a-z]+( {2,}\S.*)?$/);
});
