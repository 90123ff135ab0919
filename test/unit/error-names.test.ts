import { describe, expect, it } from 'vitest';
import * as pace from '../../src/bulk/engine/pace/outage.js';
import * as errors from '../../src/errors.js';
import * as keyring from '../../src/settings/keyring.js';

// The bundle's minifier renames classes, so an error's name can't come from its class: each class
// says its own, and a --debug stack starts with it.
const classes = [errors, pace, keyring].flatMap((mod) =>
  Object.values(mod).filter(
    (value): value is new (...args: unknown[]) => errors.ShortyError =>
      typeof value === 'function' && (value === errors.ShortyError || value.prototype instanceof errors.ShortyError),
  ),
);

describe('error names', () => {
  it('finds the error classes', () => {
    expect(classes.map((c) => c.name)).toEqual(
      expect.arrayContaining([
        'ShortyError',
        'UsageError',
        'NoWaitError',
        'OutputError',
        'OutageTooLong',
        'KeyringError',
      ]),
    );
  });

  it.each(classes.map((c) => [c.name, c] as const))('%s names itself', (name, ErrorClass) => {
    const err = new ErrorClass('a message', 2, 'a hint');
    expect(err.name).toBe(name);
    expect(String(err.stack).split('\n')[0]).toMatch(new RegExp(`^${name}: `));
  });
});
