import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { EXPIRY_FORMS, EXPIRY_ZONE_RULE } from '../../input/expiry.js';
import { profileDomain } from '../../input/domain.js';
import { credentialsWarning } from '../../input/validate.js';
import { legacyCreatePath } from '../../api/legacy-path.js';
import { action, examples, notes, type RunF } from '../shared/action.js';
import { answers } from '../shared/surface.js';
import { LEGACY_FIELDS, legacyFieldsNote, XML_HELP } from './fields.js';
import { CREATED_VIEW, runObjectCall, type FormatFlag } from './output.js';
import { parseCreateInput, type CreateFlags } from './validate.js';

/** What run() takes: the argument and flags as the parser fills them. @public */
export interface CreateOptions extends CreateFlags, FormatFlag {
  /** The long URL. */
  longurl: string;
}

export function register(legacy: Command, ctx: Context, runF: RunF<CreateOptions> = run): void {
  const cmd = legacy
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
    .action(action(ctx, (longurl: string, flags: CreateFlags & FormatFlag) => runF({ ...flags, longurl }, ctx)));
  examples(
    notes(legacyFieldsNote(answers(cmd, LEGACY_FIELDS)), EXPIRY_ZONE_RULE),
    'shorty legacy create https://example.com/a/long/path',
    'shorty legacy create https://example.com --custom spring --expiry 2030-12-31',
    'shorty legacy create https://example.com --domain go.example.com --xml',
    'shorty legacy create https://example.com --domain https://go.example.com/',
    'shorty legacy create https://example.com --expiry +30d',
  );
}

/** @public the verb's seam: parsed options and a context, no parser. */
export async function run({ longurl, ...flags }: CreateOptions, ctx: Context): Promise<void> {
  const { longUrl, options, warnings } = parseCreateInput(longurl, flags, ctx.now());
  for (const warning of warnings) ctx.io.stderr.write(`warning: ${warning}\n`);
  // The profile's default domain applies wherever a link is created, as in `urls add`.
  options.domain ??= profileDomain((await ctx.settings()).domain)?.host;
  // The password travels in the path: hidden in --debug lines and in anything the server echoes.
  ctx.secrets.add(options.password);
  const warning = credentialsWarning(longUrl);
  if (warning) ctx.io.stderr.write(`warning: ${warning}\n`);
  await runObjectCall(ctx, legacyCreatePath(longUrl, options), CREATED_VIEW, flags);
}
