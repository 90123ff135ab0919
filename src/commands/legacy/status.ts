// disable, enable (activate) and info: one short URL in, one object out. Each verb's file names
// its description and calls these.
import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { legacyShortUrlPath, type LegacyStatusOperation } from '../../api/legacy-path.js';
import { action, examples, type RunF } from '../shared/action.js';
import { answers } from '../shared/surface.js';
import { LEGACY_FIELDS, legacyFieldsNote, XML_HELP } from './fields.js';
import { INFO_VIEW, STATUS_VIEW, runObjectCall, type FormatFlag } from './output.js';
import { parseShortUrl } from './validate.js';

/** What the run of disable, enable and info takes: the argument and flags as the parser fills them. @public */
export interface ShortUrlOptions extends FormatFlag {
  /** The short URL, e.g. https://sho.rt/abc. */
  shorturl: string;
}

export function registerShortUrlVerb(
  legacy: Command,
  ctx: Context,
  verb: { name: LegacyStatusOperation; description: string; alias?: string },
  runF: RunF<ShortUrlOptions>,
): void {
  const cmd = legacy
    .command(verb.name)
    .description(verb.description)
    .argument('<shorturl>', 'the short URL, e.g. https://sho.rt/abc')
    .option('--xml', XML_HELP)
    .action(action(ctx, (shorturl: string, flags: FormatFlag) => runF({ ...flags, shorturl }, ctx)));
  if (verb.alias) cmd.alias(verb.alias);
  legacyFieldsNote(answers(cmd, LEGACY_FIELDS));
  examples(
    cmd,
    `shorty legacy ${verb.name} https://sho.rt/abc`,
    `shorty legacy ${verb.name} https://sho.rt/abc --json`,
  );
}

export async function runShortUrlOperation(
  operation: LegacyStatusOperation,
  { shorturl, ...flags }: ShortUrlOptions,
  ctx: Context,
): Promise<void> {
  const shortUrl = parseShortUrl(shorturl);
  const view = operation === 'info' ? INFO_VIEW : STATUS_VIEW;
  await runObjectCall(ctx, legacyShortUrlPath(operation, shortUrl), view, flags);
}
