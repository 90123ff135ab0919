import { Option, type Command } from 'commander';
import { parseColumnMap, type ColumnMapOption } from '../../input/link-columns.js';
import { completeOption } from '../../completion/values.js';

/**
 * The options that say how to read a file of links, shared by `urls import` and `urls sync`. The
 * delimiter is the global --delimiter: one flag names the CSV's delimiter, read and written.
 */
export interface InputFlags {
  format?: 'csv' | 'lines' | 'ndjson' | 'json';
  encoding?: string;
  map?: string[];
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** --format, --encoding and --map, as `urls import` reads files (with the global --delimiter). */
export function addInputOptions(cmd: Command): Command {
  cmd
    .addOption(
      new Option('--format <format>', 'input format (default: detected from the first line)').choices([
        'csv',
        'lines',
        'ndjson',
        'json',
      ]),
    )
    .option(
      '--encoding <name>',
      'encoding of input without a byte order mark, e.g. windows-1252, latin1, utf-16le (default utf-8)',
    )
    .option('--map <HEADER=FIELD>', 'read the column HEADER as the link field FIELD, repeatable', collect);
  completeOption(cmd, '--encoding', ['utf-8', 'windows-1252', 'latin1', 'utf-16le', 'utf-16be', 'macintosh']);
  return cmd;
}

/** The input options checked (exit 2 before anything is read or sent); the reading code loads only now. */
export async function inputOptions(
  flags: InputFlags,
  map: ColumnMapOption = parseColumnMap(flags.map ?? []),
  delimiter?: string,
) {
  const [{ parseDelimiter }, { checkEncoding }] = await Promise.all([
    import('../../bulk/engine/read/format.js'),
    import('../../bulk/engine/read/decode.js'),
  ]);
  return {
    format: flags.format,
    delimiter: delimiter === undefined ? undefined : parseDelimiter(delimiter),
    encoding: flags.encoding === undefined ? undefined : checkEncoding(flags.encoding),
    map,
  };
}

/** The arguments as given to the program (commander keeps them on the root command). */
export function commandLine(command: Command): string[] | undefined {
  let root = command;
  while (root.parent) root = root.parent;
  const raw = (root as unknown as { rawArgs?: unknown }).rawArgs;
  return Array.isArray(raw) && raw.every((a) => typeof a === 'string') ? raw : undefined;
}
