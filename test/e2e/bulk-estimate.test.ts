// The time a bulk command states before it writes, as a real process (the built CLI): import, its
// dry run, its undo and sync all count the room the shared limiter has left, so a run right after
// others states the same as sync does, and a fresh window is not charged for writes it has room for.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runCli, tempDir, type CliResult } from '../helpers/cli.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

// 10 a minute: a write beyond the room left waits until the oldest request leaves the window. A
// long window, so no slot of a step leaves it before the next step reads it, however slow the
// machine; no step sends more than the room it has, so nothing waits.
const RATE = ['--rate-limit', '10/60s'];
const cli = useSandboxCli({ resetData: true });
const dir = tempDir('shorty-estimate-');

function file(name: string, lines: string[]): string {
  const path = join(dir, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

/** The seconds of an `about N s` wait. */
function seconds(line: string): number {
  const match = /about (\d+)s at/.exec(line);
  if (!match) throw new Error(`no wait in seconds: ${line}`);
  return Number(match[1]);
}

/** The plan line on stderr: what the run said before it sent anything. */
function planLine(res: CliResult, pattern: RegExp): string {
  const line = res.stderr.split('\n').find((l) => pattern.test(l));
  if (!line) throw new Error(`no plan line (exit ${res.exitCode}):\n${res.stderr}`);
  return line;
}

describe('the estimate of every bulk command that writes counts the budget already spent', () => {
  test('import, import --dry-run, sync --dry-run and import --undo, one after another on one budget', async () => {
    // One config folder: every step shares the limiter's state, as runs of one user do.
    const configDir = tempDir('shorty-config-');
    const run = (args: string[]) => cli.run([...args, ...RATE], { configDir });
    const journal = join(dir, 'first.journal');

    // A fresh window has room for all 4: they go at once (at the cap alone: about 24 s).
    const first = await run([
      'urls',
      'import',
      file(
        'first.txt',
        Array.from({ length: 4 }, (_, i) => `https://first.example/${i}`),
      ),
      '--journal',
      journal,
    ]);
    expect(first.exitCode, first.stderr).toBe(0);
    expect(planLine(first, /^4 rows, /)).toBe('4 rows, under a second at 10/60s');

    // 4 used, room for 6 of 8: the other 2 wait until the first 4 leave the window, a minute
    // after they were sent (at the cap alone, a share of the window each: about 12 s).
    const aliases = Array.from({ length: 8 }, (_, i) => `later-${i}`);
    const later = file('later.csv', ['alias,url', ...aliases.map((a) => `${a},https://later.example/${a}`)]);
    const dry = await run(['urls', 'import', later, '--dry-run']);
    expect(dry.exitCode, dry.stderr).toBe(0);
    const dryWait = seconds(planLine(dry, /^8 rows, /));
    expect(dryWait).toBeGreaterThanOrEqual(30);
    expect(dryWait).toBeLessThanOrEqual(60);

    // sync's read spends 1 more: room for 5 of its 8 writes; the others wait for the same minute.
    const sync = await run(['urls', 'sync', later, '--dry-run']);
    expect(sync.exitCode, sync.stderr).toBe(0);
    const syncLine = planLine(sync, /^Plan: /);
    expect(syncLine).toMatch(/^Plan: 8 to create, .*; 8 writes, about \d+s at 10\/60s$/);
    expect(seconds(syncLine)).toBeLessThanOrEqual(dryWait);

    // The same 8 rows right after: import states what sync did (the seconds between the two runs aside).
    const again = await run(['urls', 'import', later, '--dry-run']);
    const againWait = seconds(planLine(again, /^8 rows, /));
    expect(againWait).toBeLessThanOrEqual(seconds(syncLine));
    expect(againWait).toBeGreaterThanOrEqual(seconds(syncLine) - 5);

    // 5 used, and undo's read of the account 1: room for the 4 deletions (at the cap alone: about 24 s).
    const undo = await run(['urls', 'import', '--undo', journal, '-y']);
    expect(undo.exitCode, undo.stderr).toBe(0);
    expect(planLine(undo, /to delete, /)).toBe('4 links to delete, under a second at 10/60s');

    // Every step's requests were counted by the next: 4 creates, 2 list reads, 4 deletes.
    const sent = (await cli.sandbox.admin.requests()).filter((r) => !r.path.startsWith('/admin'));
    expect(sent.map((r) => r.method).sort()).toEqual([
      'DELETE',
      'DELETE',
      'DELETE',
      'DELETE',
      'GET',
      'GET',
      'POST',
      'POST',
      'POST',
      'POST',
    ]);
  });

  test('a run with its own config folder starts from a fresh window', async () => {
    const lines = Array.from({ length: 12 }, (_, i) => `https://fresh.example/${i}`);
    const res = await runCli(['urls', 'import', file('fresh.txt', lines), '--dry-run', ...RATE], { env: cli.env });
    expect(res.exitCode, res.stderr).toBe(0);
    // Room for 10; the other 2 go when the first leave the window, a minute later.
    expect(planLine(res, /^12 rows, /)).toBe('12 rows, about 60s at 10/60s');
  });
});
