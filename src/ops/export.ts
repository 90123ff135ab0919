// `urls export` as data: every link of the account as an export row (the link's fields, then the
// settings the first page carries), read page by page as the caller takes them. The command
// writes the same rows through its sink (src/bulk/export/run.ts).
import type { Context } from '../context.js';
import type { Row } from '../output/fields.js';

interface ExportInput {
  /** Links per list request. */
  pageSize: number;
  /** One detail read per link too, for what only the detail shows (targets, expiry). */
  details?: boolean;
}

export async function* exportLinks(ctx: Context, input: ExportInput): AsyncGenerator<Row> {
  const { exportPages } = await import('../bulk/export/pages.js');
  for await (const page of exportPages(ctx, input)) yield* page.rows;
}
