import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { commandWord } from '../../src/commands/command-word.js';
import { createContext } from '../../src/factory.js';
import { createTestIO } from '../../src/io.js';

const program = buildProgram(
  createContext({
    io: await createTestIO(),
    env: {},
    now: () => 0,
    sleep: async () => {},
    signal: new AbortController().signal,
  }),
);

describe('commandWord', () => {
  it.each([
    [['urls', 'list'], 'urls'],
    [['-o', 'json', 'urls', 'list'], 'urls'],
    [['--output', 'json', 'url', 'ls'], 'url'],
    [['--output=json', 'domains'], 'domains'],
    [['-ojson', 'qr'], 'qr'],
    [['-qo', 'json', 'pixels'], 'pixels'],
    [['-q', '--json', '--no-color', 'account'], 'account'],
    [['--fields', 'id,alias', '--profile', 'work', '--base-url', 'http://x', 'urls'], 'urls'],
    [['--api-key', 'k', '--rate-limit', '5/1s', '--timeout', '3', 'limits'], 'limits'],
    [['--', 'urls'], 'urls'],
    [['--help'], undefined],
    [[], undefined],
    [['-o', 'json'], undefined],
  ] as [string[], string | undefined][])('%j -> %s', (argv, word) => {
    expect(commandWord(program, argv)).toBe(word);
  });
});
