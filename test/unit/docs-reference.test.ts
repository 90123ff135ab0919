// The command reference (docs/commands/) and the man pages (man/) are what `npm run docs` makes of
// the command tree, as completions/ are what `shorty completion` prints: a stale file fails here.
import { execa } from 'execa';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { GENERATED_DIRS, type GeneratedDocs, generateDocs } from '../../scripts/docs/generate.js';
import { roff } from '../../scripts/docs/roff.js';
import { ROOT } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; man?: string[] };

let docs: GeneratedDocs;
beforeAll(async () => {
  docs = await generateDocs(pkg.version);
});

const committed = (path: string) => readFileSync(join(ROOT, path), 'utf8');

describe('npm run docs', () => {
  it('has written every file as the generator makes it, and no other', () => {
    const onDisk = GENERATED_DIRS.flatMap((dir) => readdirSync(join(ROOT, dir)).map((name) => `${dir}/${name}`));
    expect(onDisk.sort(), 'run `npm run docs`').toEqual([...docs.files.keys()].sort());
    for (const [path, content] of docs.files) expect(committed(path), `${path}: run \`npm run docs\``).toBe(content);
  });

  it("lists every man page in package.json's man field, for npm install -g", () => {
    expect(pkg.man, 'run `npm run docs`').toEqual(docs.man);
    expect(docs.man).toEqual(expect.arrayContaining(['./man/shorty.1', './man/shorty-urls-import.1']));
  });

  it('renders every man page with groff, without a warning', async () => {
    const pages = docs.man.map((page) => join(ROOT, page));
    const res = await execa('groff', ['-ww', '-man', '-Tutf8', ...pages], { reject: false });
    expect(res.exitCode, 'groff must be installed (apt-get install groff-base)').toBe(0);
    expect(res.stderr).toBe('');
    expect(res.stdout).toContain('shorty-urls-import - shorten many links');
  });

  it('gives every command a page whose synopsis and flags are those of its --help', async () => {
    const pages = [...docs.files.keys()].filter((path) => /^docs\/commands\/shorty(-.*)?\.md$/.test(path));
    const commandPages = pages.filter((path) => !path.includes('shorty-help-') || path.endsWith('shorty-help.md'));
    expect(commandPages.length).toBeGreaterThan(60);
    for (const path of commandPages) {
      const page = docs.files.get(path)!;
      const title = /^# (shorty.*)$/m.exec(page)![1];
      const help = await runInProcess([...title.split(' ').slice(1), '--help']);
      expect(help.exitCode).toBe(0);
      const usage = /^Usage: (.*)$/m.exec(help.stdout)![1];
      expect(page, path).toContain(`## Synopsis\n\n\`\`\`\n${usage}\n\`\`\``);
      const flagList = /\n## Flags\n\n([\s\S]*?)\n\n/.exec(page)?.[1] ?? '';
      const flags = [...flagList.matchAll(/^- `(-.*?)`/gm)].map((m) => m[1]);
      const flagSection = /\nFlags:\n([\s\S]*?)\n\n/.exec(help.stdout)?.[1] ?? '';
      const inHelp = [...flagSection.matchAll(/^ {2}(-\S*(?:,? -\S+)*(?: <[^>]+>| \[[^\]]+\])?)/gm)].map((m) => m[1]);
      if (title !== 'shorty') expect(flags, path).toEqual(inHelp);
    }
  });

  it("keeps a verb's aliases with its name in a man page's synopsis", () => {
    expect(docs.files.get('man/shorty-urls-add.1')).toContain(
      '\n.SH SYNOPSIS\n.B shorty urls add|create\n[options] <longurl...>\n',
    );
  });

  it('escapes what roff would read as a request or an escape', () => {
    expect(roff('.leading dot')).toBe('\\&.leading dot');
    expect(roff("'quote")).toBe("\\&'quote");
    expect(roff('a\\tb --flag ✓')).toBe('a\\etb \\-\\-flag \\[u2713]');
  });
});

describe('the documentation', () => {
  const pages = [
    'README.md',
    'CONTRIBUTING.md',
    'CHANGELOG.md',
    ...readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`),
  ];

  it('links only to files of the repository', () => {
    const broken: string[] = [];
    for (const page of pages) {
      const text = committed(page).replace(/```[\s\S]*?```/g, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target) || target.startsWith('#')) continue;
        const path = join(ROOT, page, '..', decodeURI(target.split('#')[0]));
        if (!existsSync(path)) broken.push(`${page} -> ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('keeps the README short, with the sandbox, login and a first import on its first screens', () => {
    const readme = committed('README.md');
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(15 * 1024);
    const first100 = readme.split('\n').slice(0, 100).join('\n');
    for (const step of ['shorty sandbox', 'shorty login', 'shorty urls add', 'shorty urls import'])
      expect(first100).toContain(step);
    expect(readme).toMatch(/^npm test\b/m);
  });
});
