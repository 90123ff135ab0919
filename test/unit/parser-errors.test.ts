import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { type ParseFailure, rewordParserError } from '../../src/parser-errors.js';

/** A small tree with every kind of parse error commander has, each command noting where it failed. */
function program(): { root: Command; failedAt: () => Command } {
  let failed: Command | undefined;
  const root = new Command('shorty').exitOverride().option('-o, --output <format>', 'format');
  const note = (cmd: Command) =>
    cmd
      .exitOverride()
      .configureOutput({ outputError: () => void (failed = cmd), writeErr: () => {}, writeOut: () => {} });
  note(root);
  const urls = note(root.command('urls'));
  note(
    urls
      .command('list')
      .option('--limit <n>', 'page size', (v) => {
        if (!/^\d+$/.test(v)) throw new InvalidArgumentError('must be a whole number.');
        return Number(v);
      })
      .addOption(new Option('--order <by>', 'order').choices(['date', 'click']))
      .addOption(new Option('--json', 'json').conflicts('csv'))
      .option('--csv', 'csv')
      .action(() => {}),
  );
  note(urls.command('get <link>').action(() => {}));
  note(
    urls
      .command('add <url>')
      .option('--custom <alias>', 'alias')
      .requiredOption('--type <type>', 'type')
      .action(() => {}),
  );
  return { root, failedAt: () => failed as Command };
}

async function failure(argv: string[]): Promise<{ error: CommanderError; cmd: Command }> {
  const { root, failedAt } = program();
  try {
    await root.parseAsync(argv, { from: 'user' });
  } catch (err) {
    if (err instanceof CommanderError) return { error: err, cmd: failedAt() };
    throw err;
  }
  throw new Error(`no parse error for ${argv.join(' ')}`);
}

/**
 * The same error in other words: every word of commander's own outside the quoted values is
 * replaced. An argParser's reason (after commander's sentence about the values) is the command's
 * own text, kept.
 */
function reworded(error: CommanderError): ParseFailure {
  const lastQuote = error.message.lastIndexOf("'");
  const reasonAt = error.code === 'commander.invalidArgument' ? error.message.indexOf('. ', lastQuote) + 2 : -1;
  const [template, reason] =
    reasonAt > 1 ? [error.message.slice(0, reasonAt), error.message.slice(reasonAt)] : [error.message, ''];
  const parts = template.split(/('[^']*')/);
  const text = parts.map((part, i) => (i % 2 === 1 ? part : part.replace(/[A-Za-z]+/g, 'zz'))).join('');
  return { code: error.code, message: text + reason };
}

describe('parser errors come from commander codes and the command tree, not its wording', () => {
  it.each([
    [['urlz'], 'unknown command "urlz"', 'did you mean "urls"?'],
    [['urls', 'lst'], 'unknown command "lst" for "shorty urls"', 'did you mean "list"?'],
    [['urls', 'list', '--limt', '3'], 'unknown option "--limt" for "shorty urls list"', 'did you mean "--limit"?'],
    [
      ['urls', 'add', 'https://x.test', '--alias', 'a', '--type', 'd'],
      'unknown option "--alias" for "shorty urls add"',
      'did you mean "--custom"?',
    ],
    [['urls', 'list', '--limit', 'abc'], 'invalid value "abc" for --limit: must be a whole number', undefined],
    [['urls', 'list', '--order', 'size'], 'invalid value "size" for --order: choose date or click', undefined],
    [['urls', 'get'], 'missing argument <link> for "shorty urls get"', 'usage: shorty urls get [options] <link>'],
    [['urls', 'list', '--limit'], '--limit needs a value: --limit <n>', undefined],
    [
      ['urls', 'add', 'https://x.test'],
      'missing required option --type for "shorty urls add"',
      'usage: shorty urls add [options] <url>',
    ],
    [['urls', 'list', '--json', '--csv'], '--json cannot be used with --csv', undefined],
    [
      ['urls', 'get', 'a', 'b'],
      'unexpected argument "b" for "shorty urls get"',
      'usage: shorty urls get [options] <link>',
    ],
  ])('%j', async (argv, message, hint) => {
    const { error, cmd } = await failure(argv);
    expect(rewordParserError(error, cmd)).toEqual({ message, hint });
    // A release that words the message differently but keeps its code and values changes nothing.
    expect(rewordParserError(reworded(error), cmd)).toEqual({ message, hint });
  });
});
