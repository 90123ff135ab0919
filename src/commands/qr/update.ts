import type { Command } from 'commander';
import { QR_TYPES } from '../../api/types.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { type QrFlags, qrBodyFromFlags } from '../../input/qr-body.js';
import { action, examples, notes } from '../shared/action.js';
import { verb } from '../shared/group.js';
import { completeOption } from '../../completion/values.js';
import { addLookOptions } from './look-options.js';
import { checkNamedArgs, QR_NAMES, qrId } from '../../ops/names.js';
import { namedHelp } from '../shared/named-help.js';

/** What run() takes: the arguments and flags as the parser fills them. @public */
export interface UpdateOptions extends Partial<QrFlags> {
  /** The `<id|name>` argument. */
  qr: string;
}

export function register(group: Command, ctx: Context): void {
  const update = verb(group, 'update <id|name>', 'change the content or look of a QR code')
    .option(
      '--data <data>',
      'the content (required: the service replaces it on every update and never reports it back)',
    )
    .option('--type <type>', 'content type (optional; checks --data as for qr add and is sent along)');
  addLookOptions(update).action(action(ctx, (id: string, flags: Partial<QrFlags>) => run({ ...flags, qr: id }, ctx)));
  completeOption(update, '--type', QR_TYPES);
  notes(update, `<id|name>: ${namedHelp(QR_NAMES)}.`);
  examples(
    update,
    'shorty qr update 7 --data https://example.com/new',
    'shorty qr update 7 --data "New text" --background "rgb(255,255,224)"',
    'shorty qr update Menu --data https://example.com/menu-2027',
  );
}

/** @public the verb's seam: parsed options and a context, no parser. */
export async function run({ qr: idText, ...flags }: UpdateOptions, ctx: Context): Promise<void> {
  checkNamedArgs(QR_NAMES, [idText]);
  if (flags.data === undefined) {
    throw new UsageError(
      'qr update needs --data: the service replaces the content on every update, and no answer of it says what the content is',
      'pass the content again with --data, along with --background, --foreground or --logo',
    );
  }
  const body = qrBodyFromFlags({ ...flags, data: flags.data });
  const id = await qrId(ctx, idText);
  const answer = await (await ctx.api()).call('PUT', `/qr/${id}/update`, { body });
  await (await ctx.printer()).message(answer);
}
