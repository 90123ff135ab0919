import { mkdirSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { rateStatePath } from '../../src/api/rate-store.js';
import { shellCommand } from '../../src/bulk/engine/end/run-end.js';
import { configFolderHint, fileError, isFileError, unexpectedFileError } from '../../src/file-errors.js';
import { tempDir } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const errno = (code: string, syscall: string, path?: string, dest?: string) =>
  Object.assign(new Error(`${code}: something, ${syscall} '${path}'`), { code, syscall, path, dest });

describe('file errors', () => {
  test.each([
    ['EACCES', 'permission denied (EACCES)', 'check the permissions of the file and of its folder'],
    ['EISDIR', 'it is a folder (EISDIR)', 'give the path of a file'],
    ['ENOSPC', 'no space left on the device (ENOSPC)', 'free some space, or choose a path on another disk'],
    ['EROFS', 'read-only file system (EROFS)', 'choose a path on a writable disk'],
  ])('%s: the reason in words and a hint', (code, reason, hint) => {
    const err = fileError('cannot write the journal j', errno(code, 'open', 'j'));
    expect(err).toMatchObject({ message: `cannot write the journal j: ${reason}`, hint, exitCode: 2 });
  });

  test('an error of another kind keeps its own message and gets no hint', () => {
    expect(fileError('cannot write x', new Error('boom'), 1)).toMatchObject({
      message: 'cannot write x: boom',
      hint: undefined,
      exitCode: 1,
    });
    expect(isFileError(new Error('boom'))).toBe(false);
    expect(isFileError(Object.assign(new Error('write EPIPE'), { code: 'EPIPE', syscall: 'write' }))).toBe(false);
  });

  test('an error nobody wrapped names what failed and where', () => {
    expect(unexpectedFileError(errno('EACCES', 'open', '/x/y')).message).toBe(
      'cannot open /x/y: permission denied (EACCES)',
    );
    expect(unexpectedFileError(errno('EISDIR', 'rename', '/x/a.tmp', '/x/a')).message).toBe(
      'cannot replace /x/a: it is a folder (EISDIR)',
    );
    expect(unexpectedFileError(errno('ENOSPC', 'mkdir', '/x')).message).toBe(
      'cannot create the folder /x: no space left on the device (ENOSPC)',
    );
  });

  describe('through main()', () => {
    const { sandbox, env } = useSandboxCli({ inProcess: true });

    test('a rate-limit state that can\'t be written: one line naming the file, not "unexpected error"', async () => {
      const configDir = tempDir();
      const state = rateStatePath(configDir, sandbox.baseUrl, sandbox.apiKey);
      mkdirSync(state, { recursive: true }); // a folder where the state file goes
      const res = await runInProcess(['urls', 'list'], { configDir, env });
      expect(res.exitCode).toBe(1);
      expect(res.stderr).toBe(
        `shorty: cannot save the rate-limit state ${state}: it is a folder (EISDIR)\nhint: check that folder, or set SHORTY_CONFIG_DIR to another one\n`,
      );
    });
  });
});

describe('configFolderHint', () => {
  test('a full disk asks for space or another folder; permissions for the permission codes', () => {
    const error = (code: string) => Object.assign(new Error(code), { code, syscall: 'write' });
    expect(configFolderHint(error('ENOSPC'))).toBe(
      'free some space on that disk, or set SHORTY_CONFIG_DIR to a folder on another one',
    );
    expect(configFolderHint(error('EDQUOT'))).toBe(configFolderHint(error('ENOSPC')));
    expect(configFolderHint(error('EROFS'))).toBe(
      'set SHORTY_CONFIG_DIR to a folder you can write, or fix the permissions of this one',
    );
    expect(configFolderHint(error('EIO'))).toBe('check that folder, or set SHORTY_CONFIG_DIR to another one');
  });
});

describe('shellCommand', () => {
  test('quotes what a shell would split or expand, and never repeats the API key', () => {
    expect(shellCommand(['urls', 'import', 'my links.csv', '--journal', "it's.journal", '--rate-limit', '5/1s'])).toBe(
      `shorty urls import 'my links.csv' --journal 'it'\\''s.journal' --rate-limit 5/1s`,
    );
    expect(
      shellCommand([
        '--api-key',
        'sk_live_secret',
        'urls',
        'import',
        '-',
        '--api-key=sk_live_secret',
        '--journal',
        '$HOME/j',
      ]),
    ).toBe(`shorty --api-key "$SHORTY_API_KEY" urls import - --api-key="$SHORTY_API_KEY" --journal '$HOME/j'`);
  });
});
