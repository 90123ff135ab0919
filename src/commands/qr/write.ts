import type { Command } from 'commander';
import { QR_TYPES } from '../../api/types.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { type QrFlags, qrBodyFromFlags } from '../../input/qr-body.js';
import { action, examples, notes } from '../shared/action.js';
import { verb } from '../shared/group.js';
import { completeOption } from '../../completion/values.js';
import { DRAWING_RULE, printAndDraw } from './terminal.js';
import { QR_CREATED_VIEW, QR_LIST_VIEW } from './view.js';
import { checkNamedArgs, namedHelp, QR_NAMES, qrId } from '../shared/resolve-name.js';
import { nameArgument } from '../shared/name.js';
import { answers } from '../shared/surface.js';

function addLookOptions(cmd: Command): Command {
  return cmd
    .option('--background <rgb>', 'background colour, "rgb(r,g,b)" with 0-255')
    .option('--foreground <rgb>', 'foreground colour, "rgb(r,g,b)" with 0-255')
    .option('--logo <path|url>', 'logo in the middle, a path or URL of a png or jpg');
}

export function registerWrites(group: Command, ctx: Context): void {
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
    .action(
      action(ctx, (name: string | undefined, flags: QrFlags & { show?: boolean; name?: string }) =>
        runAdd(ctx, name, flags),
      ),
    );
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

  const update = verb(group, 'update <id|name>', 'change the content or look of a QR code')
    .option(
      '--data <data>',
      'the content (required: the service replaces it on every update and never reports it back)',
    )
    .option('--type <type>', 'content type (optional; checks --data as for qr add and is sent along)');
  addLookOptions(update).action(action(ctx, (id: string, flags: Partial<QrFlags>) => runUpdate(ctx, id, flags)));
  completeOption(update, '--type', QR_TYPES);
  notes(update, `<id|name>: ${namedHelp(QR_NAMES)}.`);
  examples(
    update,
    'shorty qr update 7 --data https://example.com/new',
    'shorty qr update 7 --data "New text" --background "rgb(255,255,224)"',
    'shorty qr update Menu --data https://example.com/menu-2027',
  );
}

async function runAdd(
  ctx: Context,
  nameArg: string | undefined,
  flags: QrFlags & { show?: boolean; name?: string },
): Promise<void> {
  const name = nameArgument(nameArg, flags.name, 'QR code');
  const body = { ...qrBodyFromFlags(flags), ...(name === undefined ? {} : { name }) };
  const created = await (await ctx.api()).call<Record<string, unknown>>('POST', '/qr/add', { body });
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

async function runUpdate(ctx: Context, idText: string, flags: Partial<QrFlags>): Promise<void> {
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
