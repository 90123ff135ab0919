import type { Command } from 'commander';
import { QR_TYPES } from '../../api/types.js';
import type { Context } from '../../context.js';
import { type QrFlags, qrBodyFromFlags } from '../../input/qr-body.js';
import { action, examples, notes } from '../shared/action.js';
import { verb } from '../shared/group.js';
import { completeOption } from '../../completion/values.js';
import { addLookOptions } from './look-options.js';
import { DRAWING_RULE, printAndDraw } from './terminal.js';
import { QR_CREATED_VIEW, QR_LIST_VIEW } from './view.js';
import { nameArgument } from '../shared/name.js';
import { answers } from '../shared/surface.js';
import { addQr } from '../../ops/resource-writes.js';

type AddFlags = QrFlags & { show?: boolean; name?: string };

/** What run() takes: the arguments and flags as the parser fills them. @public */
export interface AddOptions extends AddFlags {
  /** The `[name]` argument (or --name). */
  nameArgument?: string;
}

export function register(group: Command, ctx: Context): void {
  const add = verb(group, 'add [name]', 'create a QR code')
    .requiredOption('--type <type>', `content type: ${QR_TYPES.join(', ')}`)
    .requiredOption('--data <data>', 'the content: text, a URL for link, or JSON for structured types')
    .option(
      '--name <name>',
      'the name (instead of the argument; servers without names call the code after its content)',
    );
  addLookOptions(add)
    .option(
      '--show',
      `also draw the code, of any type, as \`qr get\` draws it (the service's link for it): ${DRAWING_RULE}`,
    )
    .action(action(ctx, (name: string | undefined, flags: AddFlags) => run({ ...flags, nameArgument: name }, ctx)));
  completeOption(add, '--type', QR_TYPES);
  // The answer is the id and link; the vocabulary is the QR code's, as in qr list.
  answers(add, { ...QR_CREATED_VIEW, fields: QR_LIST_VIEW.fields });
  notes(add, `Fields of a QR code: ${(QR_LIST_VIEW.fields ?? []).join(', ')}.`);
  examples(
    add,
    'shorty qr add Homepage --type link --data https://example.com --show',
    'shorty qr add --type text --data "Hello" --foreground "rgb(30,144,255)" -q',
    `shorty qr add Wifi --type wifi --data '{"ssid":"Office","password":"pw"}'`,
  );
}

/** @public the verb's seam: parsed options and a context, no parser. */
export async function run({ nameArgument: nameArg, ...flags }: AddOptions, ctx: Context): Promise<void> {
  const name = nameArgument(nameArg, flags.name, 'QR code');
  const body = { ...qrBodyFromFlags(flags), ...(name === undefined ? {} : { name }) };
  const created = await addQr(ctx, body);
  const print = async () => (await ctx.printer()).object(created, QR_CREATED_VIEW);
  if (!flags.show) return print();
  // The code `qr get` draws, whatever the type: the service's link, through which scans are
  // counted (the content drawn here would bypass it, and a vCard's or wifi's encoding is the service's).
  const id = typeof created.id === 'number' || /^\d+$/.test(String(created.id)) ? created.id : undefined;
  await printAndDraw(
    ctx,
    print,
    created.link,
    id === undefined
      ? 'the server returned no link for the QR code'
      : `the server returned no link for QR code ${id}: \`shorty qr get ${id}\` draws it once the server lists one`,
  );
}
