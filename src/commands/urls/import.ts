import { Option, type Command } from 'commander';
import type { Context } from '../../context.js';
import { parseChoice } from '../../input/validate.js';
import { action, examples } from '../shared/action.js';

interface ImportFlags {
  format?: 'csv' | 'lines' | 'ndjson';
  dryRun?: boolean;
  journal?: string;
  failedOut?: string;
  ifExists: string;
}

/** `shorty urls import [FILE|-]`; the work lives in src/bulk, loaded only when it runs. */
export function registerImport(group: Command, ctx: Context): void {
  const cmd = group
    .command('import [file]')
    .description('shorten many links from a CSV file, a list of URLs or NDJSON (FILE or - for stdin)')
    .addOption(new Option('--format <format>', 'input format (default: detected from the first line)').choices(['csv', 'lines', 'ndjson']))
    .option('--dry-run', 'validate every row and send nothing; print the expected duration')
    .option('--journal <file>', 'record finished rows in FILE; a rerun with the same FILE skips rows already created')
    .option('--failed-out <file>', 'write failed and invalid rows to FILE as CSV, to fix and import again')
    .option('--if-exists <skip|fail>', 'what a taken custom alias does: skip the row or fail it', 'fail')
    .addHelpText('after', `
CSV columns: url (or longurl, long_url) required; custom (or alias), type, password, domain,
expiry, metatitle, metadescription, metaimage, channel, pixels (ids separated by ;),
geotarget, devicetarget, languagetarget (KEY=URL;KEY=URL), deeplink (JSON), parameters
(name=value;...). Other columns are ignored and passed through to the results.
Results (csv unless -o json|ndjson|tsv) stream to stdout in input order: the input columns
plus row, status (ok, error, invalid, skipped; valid in a dry run), id, shorturl, error.
Exit status: 0 when every row is ok or skipped, 1 otherwise, 130 when interrupted.`)
    .action(action(ctx, async (file: string | undefined, flags: ImportFlags) => {
      const ifExists = parseChoice(flags.ifExists, ['skip', 'fail'] as const, '--if-exists');
      const { runImport } = await import('../../bulk/import.js');
      return runImport(ctx, {
        file,
        format: flags.format,
        dryRun: Boolean(flags.dryRun),
        journal: flags.journal,
        failedOut: flags.failedOut,
        ifExists,
      });
    }));
  examples(cmd,
    'shorty urls import links.csv --dry-run',
    'shorty urls import links.csv --journal links.journal --failed-out failed.csv > results.csv',
    'cat urls.txt | shorty urls import - -o ndjson',
    'shorty urls import failed.csv --journal links.journal --if-exists skip');
}
