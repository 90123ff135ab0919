import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { action, examples, notes } from '../shared/action.js';
import { verb } from '../shared/group.js';
import type { FormatFlag } from './output.js';
import type { CreateFlags } from './validate.js';
import { answers } from '../shared/surface.js';
import { EXPIRY_FORMS, EXPIRY_ZONE_RULE } from '../../input/expiry.js';

/** The legacy short URL's fields (docs/api.md) under the link's names (output.ts), for --fields before any request. */
const LEGACY_FIELDS = [
  'id',
  'shorturl',
  'alias',
  'longurl',
  'date',
  'last_accessed',
  'clicks',
  'has_password',
  'expiry',
  'status',
  'date_time',
];

const XML_HELP = 'request .xml and print the XML body as received';

/** `shorty legacy ...`: the key-in-path interface (`/api/v1/<KEY>/shorturl/...`). */
export function register(legacy: Command, ctx: Context): void {
  const fieldsHelp = (cmd: Command) => notes(cmd, `Fields of a legacy short URL: ${LEGACY_FIELDS.join(', ')}.`);
  fieldsHelp(legacy);
  examples(
    legacy,
    'shorty legacy create https://example.com/a/long/path -q',
    'shorty legacy info https://sho.rt/abc --json',
    'shorty legacy list --xml',
  );

  examples(
    notes(
      fieldsHelp(
        answers(
          legacy
            .command('create')
            .description('shorten a URL through the legacy interface')
            .argument('<longurl>', 'the long URL (http or https)')
            .option('--custom <alias>', 'custom short part')
            .option('--password <password>', 'protect the link with a password')
            .option(
              '--expiry <date>',
              `the day the link stops working after (sent as yyyy-mm-dd; a time given is dropped, with a warning): ${EXPIRY_FORMS}`,
            )
            .option(
              '--domain <domain>',
              'a branded domain you added, go.example.com or https://go.example.com (default: the `domain` config key)',
            )
            .option('--xml', XML_HELP)
            .action(
              action(ctx, async (longUrl: string, flags: CreateFlags & FormatFlag) => {
                const { runCreate } = await import('./create.js');
                await runCreate(ctx, longUrl, flags);
              }),
            ),
          LEGACY_FIELDS,
        ),
      ),
      EXPIRY_ZONE_RULE,
    ),
    'shorty legacy create https://example.com/a/long/path',
    'shorty legacy create https://example.com --custom spring --expiry 2030-12-31',
    'shorty legacy create https://example.com --domain go.example.com --xml',
    'shorty legacy create https://example.com --domain https://go.example.com/',
    'shorty legacy create https://example.com --expiry +30d',
  );

  for (const [name, description, alias] of [
    ['disable', 'Disable a short URL', undefined],
    ['enable', 'Enable (activate) a disabled short URL', 'activate'],
    ['info', 'Show a short URL: status, visits, expiry', undefined],
  ] as const) {
    const cmd = legacy
      .command(name)
      .description(description)
      .argument('<shorturl>', 'the short URL, e.g. https://sho.rt/abc')
      .option('--xml', XML_HELP)
      .action(
        action(ctx, async (shortUrl: string, flags: FormatFlag) => {
          const { runShortUrlOperation } = await import('./status.js');
          await runShortUrlOperation(ctx, name, shortUrl, flags);
        }),
      );
    if (alias) cmd.alias(alias);
    fieldsHelp(answers(cmd, LEGACY_FIELDS));
    examples(cmd, `shorty legacy ${name} https://sho.rt/abc`, `shorty legacy ${name} https://sho.rt/abc --json`);
  }

  examples(
    answers(
      verb(legacy, 'list', 'list the active short URLs')
        .option('--xml', XML_HELP)
        .action(
          action(ctx, async (flags: FormatFlag) => {
            const { runList } = await import('./list.js');
            await runList(ctx, flags);
          }),
        ),
      ['short_url'],
    ),
    'shorty legacy list',
    'shorty legacy list -q | wc -l',
  );
}
