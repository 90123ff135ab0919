import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { buildVerbs } from '../shared/group.js';
import { LINK_FIELD_HELP, LINK_SETTING_FIELDS, LINK_STATS_FIELDS } from '../../input/link-record.js';
import { examples, notes } from '../shared/action.js';
import { register as add } from './add.js';
import { register as remove } from './delete.js';
import { register as get } from './get.js';
import { register as list } from './list.js';
import { register as lookup } from './lookup.js';
import { register as update } from './update.js';
import { registerExport } from './export.js';
import { register as importLinks } from './import.js';
import { register as sync } from './sync.js';

/** What `shorty urls --help` says of every verb's output and arguments. */
/** The notes of `shorty urls --help`: the link vocabulary and how a link is named. */
function linkNotes(): string {
  return [
    'Link fields, the same in every command that prints a link (list, get, add, update, lookup, ' +
      'export, import results), in every format and in --fields:',
    ...Object.entries(LINK_FIELD_HELP).map(([field, text]) => `  ${field.padEnd(14)}${text}`),
    `  ${'(settings)'.padEnd(14)}${LINK_SETTING_FIELDS.join(', ')}: when the answer carries them`,
    `  ${'(get, lookup)'.padEnd(14)}${LINK_STATS_FIELDS.join(', ')}: name -> clicks`,
    "json prints this flat record; `shorty api GET /url/42` shows the server's answer as sent.",
    '',
    'get, update, delete and lookup take a link by id (42), alias (spring) or short URL ' +
      '(https://sho.rt/spring); an alias or a short URL costs one lookup request (GET /urls?short=) ' +
      "first. An alias names a link on the profile's default domain (the `domain` config key), looked " +
      "for first, or on the service's own domain, else on any of the account's other branded domains " +
      '(GET /domains, then one lookup each) when only one of them has it; on several, give the short URL.',
  ].join('\n');
}

/** `shorty urls ...` (also url, link, links), in the order its help lists the verbs. */
export function register(group: Command, ctx: Context, words?: readonly string[]): void {
  buildVerbs(group, words, {
    list: () => list(group, ctx),
    lookup: () => lookup(group, ctx),
    get: () => get(group, ctx),
    add: () => add(group, ctx),
    update: () => update(group, ctx),
    delete: () => remove(group, ctx),
    import: () => importLinks(group, ctx),
    sync: () => sync(group, ctx),
    export: () => registerExport(group, ctx),
  });
  notes(group, linkNotes);
  examples(
    group,
    'shorty urls add https://example.com/spring-sale --custom spring -q',
    'shorty urls list --order click --limit 10',
    'shorty urls get spring',
    'shorty urls update spring --url https://example.com/summer-sale',
    'shorty urls list --all --fields alias,longurl,clicks -o csv',
    'shorty urls delete spring -y',
  );
}
