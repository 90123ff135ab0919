import { describe, expect, it } from 'vitest';
import { withNumbers } from '../../src/api/numbers.js';

describe('withNumbers: numeric fields sent as strings (v6 servers)', () => {
  it('turns the known keys into numbers at any depth, in lists too', () => {
    const body = {
      error: 0,
      data: { currentpage: '2', urls: [{ id: '5', clicks: '13', uniqueclicks: '0', title: '42' }] },
    };
    expect(withNumbers(body)).toEqual({
      error: 0,
      data: { currentpage: 2, urls: [{ id: 5, clicks: 13, uniqueclicks: 0, title: '42' }] },
    });
  });

  it('leaves what is not the exact form of a safe integer as it came', () => {
    const odd = { id: '007', clicks: '1e3', scans: ' 4', views: '9007199254740993', planid: '', uniqueClicks: '-2' };
    expect(withNumbers(odd)).toEqual({ ...odd, uniqueClicks: -2 });
  });

  it("leaves a campaign's name alone even when it looks like a number", () => {
    expect(withNumbers({ id: '3', campaign: '2024' })).toEqual({ id: 3, campaign: '2024' });
  });

  it('keeps numbers, nulls and objects under the known keys', () => {
    expect(withNumbers({ id: 1, nextpage: null, clicks: { a: '1' } })).toEqual({
      id: 1,
      nextpage: null,
      clicks: { a: '1' },
    });
  });
});
