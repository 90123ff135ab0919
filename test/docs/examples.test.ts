// Every `sh` block of README.md and the guides in docs/ is run against a sandbox holding what the
// pages name, and its output compared where the page shows output; a block that cannot run here
// says why in an HTML comment before it (`<!-- not run: ... -->`). The command reference
// (docs/commands/, from the Examples of each --help) is not run as a whole: its 250-odd lines
// are a line each, many of them prompts, servers and watches, and each command's tests cover
// them; its lines that copy links to another account (`--profile other`) are run here.
// This file moves the working directory (relative file names of the examples), which only a
// process of its own may do: it runs in the `forks` project of vitest.config.ts.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../helpers/cli.js';
import { type DocBlock, shBlocks } from '../helpers/doc-blocks.js';
import { interleaves, needsShell, runBlock } from '../helpers/doc-runner.js';
import { startWorld, type World } from '../helpers/doc-world.js';

const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

const blocks = PAGES.flatMap((page) => shBlocks(page, readFileSync(join(ROOT, page), 'utf8')));

/** The command reference's examples that send one account's links to another. */
const toOtherAccount: DocBlock[] = readdirSync(join(ROOT, 'docs', 'commands')).flatMap((name) =>
  readFileSync(join(ROOT, 'docs', 'commands', name), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('$ shorty') && line.includes('--profile other'))
    .map((line) => ({ where: `docs/commands/${name}`, text: line.slice(2), linePerShell: false })),
);

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world?.close());

describe('the documented examples', () => {
  it('are many, and a block that is not run says why', () => {
    expect(blocks.length).toBeGreaterThan(30);
    for (const block of blocks.filter((b) => b.notRun !== undefined)) expect(block.notRun, block.where).not.toBe('');
  });

  // Pages repeat some blocks word for word (the completion set-up): each is run once. Blocks
  // for a shell run beside each other, each against sandboxes of its own; the others run here,
  // one at a time, since they move this process's working directory.
  const runnable = blocks.filter(
    (block, i) => block.notRun === undefined && blocks.findIndex((b) => b.text === block.text) === i,
  );
  describe('in a shell', () => {
    it.concurrent.each(runnable.filter(needsShell))('$where runs as the page says', async (block) => {
      expect(await runBlock(block, world)).toBeUndefined();
    });
  });

  it.each(runnable.filter((block) => !needsShell(block)))('$where runs as the page says', async (block) => {
    expect(await runBlock(block, world)).toBeUndefined();
  });

  it('include the command reference lines that copy links to another account', async () => {
    expect(toOtherAccount.map((block) => block.where)).toEqual(
      expect.arrayContaining(['docs/commands/shorty-urls-export.md', 'docs/commands/shorty-urls-sync.md']),
    );
    for (const block of toOtherAccount) expect(await runBlock(block, world), block.text).toBeUndefined();
  });
});

describe('the example runner', () => {
  const block = (text: string): DocBlock => ({ where: 'broken.md:1', text, linePerShell: false });

  it('fails a page whose example is broken', async () => {
    // a copy of the page in a temp folder, one flag of its first example misspelt
    const page = readFileSync(join(ROOT, 'docs/sync.md'), 'utf8');
    const copy = join(tempDir(), 'sync.md');
    const broken = page.replace('links.csv --prune --dry-run', 'links.csv --prune --dry-runn');
    writeFileSync(copy, broken);
    const [first] = shBlocks('docs/sync.md', readFileSync(copy, 'utf8'));
    expect(first.text).toContain('--dry-runn');
    expect(await runBlock(first, world)).toMatch(/exited 2: shorty: unknown option "--dry-runn"/);
  });

  it('fails output other than the page shows, a failing program, and a broken shell block', async () => {
    expect(await runBlock(block('$ shorty urls get 42 -q\nhttps://sho.rt/wrong'), world)).toMatch(/the page shows/);
    expect(await runBlock(block('shorty urls list | grep no-such-link'), world)).toMatch(/grep no-such-link exited 1/);
    const loop = 'shorty urls get no-such-alias | while read -r line; do echo "$line"; done';
    expect(await runBlock(block(loop), world)).toMatch(/bash exited 1: shorty: no link with the alias "no-such-alias"/);
  });

  it('reads the lines a page shows as stdout and stderr interleaved, `...` for any text', () => {
    expect(interleaves(['a', 'note', 'b...'], ['a', 'b c'], ['note'])).toBeUndefined();
    expect(interleaves(['a'], ['a', 'b'], [])).toMatch(/more than the page shows/);
    expect(interleaves(['b', 'a'], ['a', 'b'], [])).toMatch(/the page shows "b"/);
  });
});
