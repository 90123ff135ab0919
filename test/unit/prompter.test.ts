import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CancelError } from '../../src/errors.js';
import { createTestIO } from '../../src/io.js';
import { createPrompter } from '../../src/prompter.js';

async function prompterWith(signal: AbortSignal) {
  const io = await createTestIO({ tty: true });
  const stdin = new PassThrough();
  return { prompter: await createPrompter({ stdin, stderr: io.stderr, signal }), stdin, io };
}

describe('prompter', () => {
  it('reads an answer from the context stdin and draws on stderr, not stdout', async () => {
    const { prompter, stdin, io } = await prompterWith(new AbortController().signal);
    const answer = prompter.input('Base URL');
    setTimeout(() => stdin.write('https://sho.rt\n'), 20);
    expect(await answer).toBe('https://sho.rt');
    expect(io.out()).toBe('');
  });

  it('masks a password', async () => {
    const { prompter, stdin, io } = await prompterWith(new AbortController().signal);
    const answer = prompter.password('API key');
    setTimeout(() => stdin.write('sk_secret_value\n'), 20);
    expect(await answer).toBe('sk_secret_value');
    await new Promise((r) => setImmediate(r));
    expect(io.err()).not.toContain('sk_secret_value');
  });

  it('turns an interrupted prompt into CancelError (exit 130)', async () => {
    const controller = new AbortController();
    const { prompter } = await prompterWith(controller.signal);
    const answer = prompter.confirm('Delete?');
    setTimeout(() => controller.abort(new CancelError()), 20);
    await expect(answer).rejects.toBeInstanceOf(CancelError);
  });
});
