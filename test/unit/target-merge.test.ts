import { describe, expect, test } from 'vitest';
import { changeTargets, updateTargets } from '../../src/input/target-merge.js';

describe('changeTargets: what an update sends and what it drops', () => {
  test.each([
    ['nothing given: nothing sent', { CA: 'c' }, undefined, undefined, { removed: [] }],
    [
      'replace: the new list, the old ones named',
      { CA: 'c', US: 'u' },
      { DE: 'd', US: 'u2' },
      undefined,
      { send: { DE: 'd', US: 'u2' }, removed: ['CA'] },
    ],
    [
      "add: laid over the link's",
      { CA: 'c' },
      undefined,
      { DE: 'd', CA: 'c2' },
      { send: { CA: 'c2', DE: 'd' }, removed: [] },
    ],
    ['add to none', undefined, undefined, { DE: 'd' }, { send: { DE: 'd' }, removed: [] }],
    [
      'replace and add together: the union replaces',
      { CA: 'c' },
      { DE: 'd' },
      { FR: 'f' },
      { send: { DE: 'd', FR: 'f' }, removed: ['CA'] },
    ],
  ])('%s', (_name, current, replace, add, expected) => {
    expect(changeTargets(current, replace, add)).toEqual(expected);
  });
});

describe('updateTargets: the lists of a body, per kind', () => {
  test('geo replaced with a warning, device added, language untouched', () => {
    const { send, warnings } = updateTargets(
      { geotarget: [{ location: 'Germany', link: 'https://de' }] },
      { devicetarget: [{ device: 'iPad', link: 'https://ipad' }] },
      { geotarget: { Canada: 'https://ca' }, devicetarget: { iPhone: 'https://ip' } },
    );
    expect(send).toEqual({
      geotarget: [{ location: 'Germany', link: 'https://de' }],
      devicetarget: [
        { device: 'iPhone', link: 'https://ip' },
        { device: 'iPad', link: 'https://ipad' },
      ],
    });
    expect(warnings).toEqual([
      {
        field: 'geo',
        message: expect.stringMatching(
          /^--geo replaces the link's geo targets: Canada \(https:\/\/ca\) removed; --geo-add/,
        ),
      },
    ]);
  });
});
