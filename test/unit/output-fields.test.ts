import { describe, expect, it } from 'vitest';
import {
  checkFields,
  fieldPaths,
  flattenRow,
  getPath,
  parseFieldList,
  pickFields,
  withoutError,
} from '../../src/output/fields.js';
import { UsageError } from '../../src/errors.js';

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  return undefined;
}

const link = {
  id: 7,
  details: { longurl: 'https://example.com', location: { fr: 'https://fr.example.com' } },
  tags: [1, 2],
};

describe('field picking', () => {
  it('splits --fields and drops blanks', () => {
    expect(parseFieldList(' id, details.longurl ,,')).toEqual(['id', 'details.longurl']);
    expect(parseFieldList(undefined)).toBeUndefined();
    expect(() => parseFieldList(' , ')).toThrow(UsageError);
  });

  it('reads dotted paths', () => {
    expect(getPath(link, 'details.longurl')).toBe('https://example.com');
    expect(getPath(link, 'details.location.fr')).toBe('https://fr.example.com');
    expect(getPath(link, 'details.nope')).toBeUndefined();
    expect(getPath(link, 'tags.0')).toBeUndefined();
  });

  it('picks fields in the asked order, dotted paths as flat keys', () => {
    expect(pickFields(link, ['details.longurl', 'id'])).toEqual({ 'details.longurl': 'https://example.com', id: 7 });
  });

  it('lists every valid path', () => {
    expect(fieldPaths(link)).toEqual([
      'id',
      'details',
      'details.longurl',
      'details.location',
      'details.location.fr',
      'tags',
    ]);
  });

  it('rejects an unknown field and names the valid ones', () => {
    expect(() => checkFields(link, ['id', 'nope'])).toThrow(/unknown field "nope"/);
    const error = thrown(() => checkFields(link, ['nope']));
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).hint).toBe(
      'valid fields: id, details, details.longurl, details.location, details.location.fr, tags',
    );
    expect(() => checkFields({ a: null }, ['a'])).not.toThrow();
  });

  it('flattens nested objects for key/value tables, keeping arrays and empty objects whole', () => {
    expect(flattenRow({ a: 1, b: { c: 2, d: {} }, e: [1] })).toEqual({ a: 1, 'b.c': 2, 'b.d': {}, e: [1] });
  });

  it('drops the error flag of a response', () => {
    expect(withoutError({ error: 0, id: 3 })).toEqual({ id: 3 });
  });
});
