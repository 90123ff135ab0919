import { describe, expect, test } from 'vitest';
import {
  fieldsToObject,
  fieldsToQuery,
  parseApiPath,
  parseInputJson,
  parseMethod,
  typedValue,
} from '../../src/commands/api/request.js';
import { followingPage } from '../../src/api/paginate.js';

describe('shorty api arguments', () => {
  test('methods are case-insensitive and limited to the five', () => {
    expect(parseMethod('patch')).toBe('PATCH');
    expect(() => parseMethod('HEAD')).toThrow(/invalid method/);
  });

  test.each([
    ['/urls', '/urls'],
    ['/api/urls', '/urls'],
    ['/api', '/'],
    ['/api?x=1', '/?x=1'],
    ['/apiary', '/apiary'],
    ['/urls?limit=5', '/urls?limit=5'],
  ])('path %s -> %s', (input, expected) => {
    expect(parseApiPath(input)).toBe(expected);
  });

  test('a path without a leading slash is a usage error', () => {
    expect(() => parseApiPath('urls')).toThrow(/must start with \//);
  });

  test.each([
    ['true', true],
    ['false', false],
    ['null', null],
    ['42', 42],
    ['-1.5', -1.5],
    ['1e3', 1000],
    ['007', '007'],
    ['0x10', '0x10'],
    ['', ''],
    ['hello world', 'hello world'],
    ['True', 'True'],
  ])('value %j -> %j', (raw, value) => {
    expect(typedValue(raw)).toEqual(value);
  });

  test('fields: last one wins, key[] appends, values may contain =', () => {
    expect(fieldsToObject(['a=1', 'a=2', 'p[]=1', 'p[]=2', 'url=https://x.io/?a=b'])).toEqual({
      a: 2,
      p: [1, 2],
      url: 'https://x.io/?a=b',
    });
    expect(() => fieldsToObject(['=x'])).toThrow(/key=value/);
    expect(fieldsToQuery({ limit: 5, on: true, ids: [1, 2] })).toEqual({ limit: '5', on: 'true', ids: '1,2' });
  });

  test('input JSON is checked before sending', () => {
    expect(parseInputJson('{"a":1}', 'stdin')).toEqual({ a: 1 });
    expect(() => parseInputJson('  ', 'stdin')).toThrow(/empty/);
    expect(() => parseInputJson('{', 'body.json')).toThrow(/--input body.json: invalid JSON/);
  });
});

describe('followingPage', () => {
  test.each([
    [{ nextpage: 2 }, 1, 2],
    [{ nextpage: 'x' }, 1, undefined],
    [{ nextpage: '' }, 1, undefined],
    [{ nextpage: 2, maxpage: 3 }, 1, 2],
    [{ nextpage: '3', maxpage: '3' }, 2, 3],
    [{ nextpage: null }, 1, undefined],
    [{}, 1, undefined],
    [{ nextpage: 0 }, 1, undefined],
    [{ nextpage: 1, maxpage: 1 }, 1, undefined],
    [{ nextpage: 4, maxpage: 3 }, 3, undefined],
  ])('%j on page %i -> %s', (data, current, expected) => {
    expect(followingPage(data, current)).toBe(expected);
  });
});
