// Every help page is laid out the same way (gh's), and `shorty help A B` is `shorty A B --help`.
import { describe, expect, it } from 'vitest';
import { COMMAND_NAMES } from '../helpers/command-names.js';
import { runInProcess } from '../helpers/in-process.js';

const GROUPS = [...new Set(COMMAND_NAMES.filter((name) => name.includes(' ')).map((name) => name.split(' ')[0]))];
const PAGES = [[], ...GROUPS.map((g) => [g]), ...COMMAND_NAMES.map((name) => name.split(' '))];

/** The titles of a page's sections (a line ending in `:` at the start of a line), in order. */
function sections(page: string): string[] {
  return page
    .split('\n')
    .filter((line) => /^[A-Z][^:]*(\(.*\))?:$/.test(line))
    .map((line) => line.replace(/ \(.*\):$/, ':'));
}

describe('every help page', () => {
  it.each(PAGES.map((words) => [words.join(' ') || '(root)', words]))('shorty %s --help', async (_name, words) => {
    const res = await runInProcess([...words, '--help']);
    expect(res.exitCode).toBe(0);
    expect(res.stderr).toBe('');
    const page = res.stdout;
    expect(page).toMatch(/^Usage: shorty/);
    // Examples close the page, with at least one command line.
    const examples = page.slice(page.lastIndexOf('\nExamples:\n'));
    expect(page.lastIndexOf('\nExamples:\n'), page).toBeGreaterThan(0);
    expect(examples).toMatch(/\n {2}\$ shorty /);
    expect(
      examples
        .trim()
        .split('\n')
        .slice(1)
        .every((line) => /^ {2}\$ |^ {4}/.test(line)),
      examples,
    ).toBe(true);
    // Commands, then the command's own flags, then the short global block; never the whole list.
    const order = sections(page).filter((s) =>
      ['Commands:', 'Flags:', 'Global flags:', 'Help topics:', 'Examples:'].includes(s),
    );
    expect(order.at(-1)).toBe('Examples:');
    expect(
      order.filter((s) => s === 'Examples:'),
      'one block of examples',
    ).toHaveLength(1);
    expect(order.indexOf('Global flags:')).toBeGreaterThan(
      Math.max(order.indexOf('Commands:'), order.indexOf('Flags:')),
    );
    expect(page).not.toMatch(/--rate-store|--excel-safe|Global Options/);
    expect(page).toContain('shorty help flags');
  });

  it('the root lists the help topics; a group and a verb do not', async () => {
    expect((await runInProcess(['--help'])).stdout).toMatch(
      /Help topics[^\n]*\n {2}environment .*\n {2}exit-codes .*\n {2}flags .*\n {2}formats /,
    );
    expect((await runInProcess(['urls', '--help'])).stdout).not.toContain('Help topics');
  });
});

describe('shorty help A B', () => {
  it.each([
    [
      ['help', 'urls', 'add'],
      ['urls', 'add', '--help'],
    ],
    [
      ['help', 'url', 'ls'],
      ['urls', 'list', '--help'],
    ],
    [
      ['help', 'urls'],
      ['urls', '--help'],
    ],
    [
      ['urls', 'help', 'rm'],
      ['urls', 'delete', '--help'],
    ],
    [
      ['help', 'config', 'set'],
      ['config', 'set', '--help'],
    ],
    [
      ['help', 'api'],
      ['api', '--help'],
    ],
    [['help'], ['--help']],
  ])('shorty %j prints what shorty %j prints', async (help, flag) => {
    const [a, b] = [await runInProcess(help), await runInProcess(flag)];
    expect(a).toEqual(b);
    expect(a.exitCode).toBe(0);
  });

  it.each([
    [['help', 'nosuch'], 'unknown help topic "nosuch"', 'hint: run "shorty help" to see the commands and topics'],
    [['help', 'ulrs'], 'unknown help topic "ulrs"', 'hint: did you mean "urls"?'],
    [['help', 'exit-code'], 'unknown help topic "exit-code"', 'hint: did you mean "exit-codes"?'],
    [['help', 'urls', 'lst'], 'unknown help topic "urls lst"', 'hint: did you mean "urls list"?'],
    [
      ['help', 'urls', 'zzzzzz'],
      'unknown help topic "urls zzzzzz"',
      'hint: run "shorty help urls" to see its commands',
    ],
    [
      ['urls', 'help', 'zzzzzz'],
      'unknown help topic "urls zzzzzz"',
      'hint: run "shorty help urls" to see its commands',
    ],
    [
      ['help', 'urls', 'add', 'more'],
      'unknown help topic "urls add more"',
      'hint: run "shorty help urls add" for its help',
    ],
  ])("shorty %j: exit 2, shorty's message and hint", async (args, message, hint) => {
    const res = await runInProcess(args);
    expect(res).toEqual({ exitCode: 2, stdout: '', stderr: `shorty: ${message}\n${hint}\n` });
  });
});

describe('help topics', () => {
  it('flags: every global flag with its description', async () => {
    const res = await runInProcess(['help', 'flags']);
    expect(res.exitCode).toBe(0);
    for (const flag of [
      '--output',
      '--json',
      '--fields',
      '--quiet',
      '--rate-store',
      '--excel-safe',
      '--insecure',
      '--version',
      '--help',
    ]) {
      expect(res.stdout).toMatch(new RegExp(`^ {2}.*${flag}\\b`, 'm'));
    }
  });

  it('exit-codes: each code of the contract', async () => {
    const res = await runInProcess(['help', 'exit-codes']);
    for (const code of [0, 1, 2, 3, 4, 5, 130, 143]) expect(res.stdout).toMatch(new RegExp(`^ {2}${code} +\\S`, 'm'));
  });

  it('formats: each format -o takes', async () => {
    const res = await runInProcess(['help', 'formats']);
    for (const format of ['table', 'json', 'ndjson', 'csv', 'tsv'])
      expect(res.stdout).toMatch(new RegExp(`^ {2}${format} +\\S`, 'm'));
  });

  it('environment: the variables settings are read from', async () => {
    const res = await runInProcess(['help', 'environment']);
    for (const name of [
      'SHORTY_BASE_URL',
      'SHORTY_API_KEY',
      'SHORTY_PROFILE',
      'SHORTY_CONFIG_DIR',
      'SHORTY_OUTPUT',
      'NO_COLOR',
      'HTTPS_PROXY',
    ]) {
      expect(res.stdout).toContain(name);
    }
  });
});

// Every error the argument parser can produce, at each level, reads as shorty's own.
describe('parser errors: one `shorty:` line, an optional `hint:` line, exit 2', () => {
  it.each([
    ['unknown command at the root', ['urlz'], 'unknown command "urlz"', 'did you mean "urls"?'],
    ['unknown command in a group', ['urls', 'lst'], 'unknown command "lst" for "shorty urls"', 'did you mean "list"?'],
    [
      'unknown command, nothing close',
      ['urls', 'zzzzzz'],
      'unknown command "zzzzzz" for "shorty urls"',
      'run "shorty help urls" to see its commands',
    ],
    [
      'unknown option',
      ['urls', 'list', '--limt', '3'],
      'unknown option "--limt" for "shorty urls list"',
      'did you mean "--limit"?',
    ],
    [
      'a link flag by the name shorty prints',
      ['urls', 'add', 'https://example.com', '--alias', 'spring'],
      'unknown option "--alias" for "shorty urls add"',
      'did you mean "--custom"?',
    ],
    [
      'a link flag by the name shorty prints, with =',
      ['urls', 'update', '3', '--title=Spring'],
      'unknown option "--title=Spring" for "shorty urls update"',
      'did you mean "--meta-title"?',
    ],
    [
      'a synonym the command has no flag for',
      ['urls', 'list', '--alias', 'x'],
      'unknown option "--alias" for "shorty urls list"',
      'usage: shorty urls list [options]',
    ],
    [
      'unknown option at the root',
      ['--bogus'],
      'unknown option "--bogus"',
      'run "shorty help flags" to see the global flags',
    ],
    [
      'unknown short option',
      ['urls', 'list', '-Z'],
      'unknown option "-Z" for "shorty urls list"',
      'usage: shorty urls list [options]',
    ],
    [
      'missing argument',
      ['urls', 'get'],
      'missing argument <link> for "shorty urls get"',
      'usage: shorty urls get [options] <link>',
    ],
    [
      'missing argument of a top command',
      ['api', 'GET'],
      'missing argument <path> for "shorty api"',
      'usage: shorty api [options] <method> <path>',
    ],
    [
      'excess argument',
      ['urls', 'list', 'extra'],
      'unexpected argument "extra" for "shorty urls list"',
      'usage: shorty urls list [options]',
    ],
    [
      'excess argument of a top command',
      ['limits', 'extra'],
      'unexpected argument "extra" for "shorty limits"',
      'usage: shorty limits [options]',
    ],
    [
      'invalid choice of an option',
      ['urls', 'list', '--order', 'size'],
      'invalid value "size" for --order: choose date or click',
      undefined,
    ],
    [
      'invalid choice of an argument',
      ['completion', 'powershell'],
      'invalid value "powershell" for <shell>: choose bash, zsh or fish',
      undefined,
    ],
    ['missing option value', ['urls', 'list', '--limit'], '--limit needs a value: --limit <n>', undefined],
    ['missing global option value', ['--profile'], '--profile needs a value: --profile <name>', undefined],
    [
      'missing required option',
      ['pixels', 'add', 'Main', '--tag', 't'],
      'missing required option --type for "shorty pixels add"',
      'usage: shorty pixels add [options] [name]',
    ],
  ])('%s', async (_name, args, message, hint) => {
    const res = await runInProcess(args);
    expect(res.exitCode).toBe(2);
    expect(res.stdout).toBe('');
    expect(res.stderr).toBe(`shorty: ${message}\n${hint === undefined ? '' : `hint: ${hint}\n`}`);
  });
});

// Help is read in terminals of every width: its notes are wrapped to the width, as the rest of
// the page is. Example commands stay whole, to be copied as they are, and fit in 80 columns.
describe('help pages fit the width they are printed at', () => {
  const pages = ['', ...new Set(COMMAND_NAMES.map((name) => name.split(' ')[0])), ...COMMAND_NAMES];
  const wider = (text: string, width: number) => text.split('\n').filter((line) => [...line].length > width);

  it('at 80 columns (not a terminal), no line of any page is wider', async () => {
    const offenders: string[] = [];
    for (const page of pages) {
      const res = await runInProcess([...page.split(' ').filter(Boolean), '--help']);
      expect(res.exitCode).toBe(0);
      offenders.push(...wider(res.stdout, 80).map((line) => `shorty ${page}: ${line}`));
    }
    expect(offenders).toEqual([]);
  });

  it('in a terminal of 120 columns the notes use its width, and stay within it', async () => {
    const res = await runInProcess(['urls', 'import', '--help'], { terminalColumns: 120, env: { NO_COLOR: '1' } });
    expect(res.exitCode).toBe(0);
    expect(wider(res.stdout, 120)).toEqual([]);
    const outages = res.stdout.split('\n').find((line) => line.startsWith('Outages ('));
    expect([...(outages ?? '')].length).toBeGreaterThan(100);
  });
});
