import type { Context } from '../context.js';
import type { OutputFormat } from '../settings/types.js';

export type Row = Record<string, unknown>;

/** How a resource is shown: declared once per resource, used by every format. */
export interface View {
  /** Default table columns, as dotted paths (`details.longurl`). json/ndjson/csv/tsv print every key unless --fields. */
  columns: string[];
  /** The field -q prints, one value per line (default `id`). */
  quiet?: string;
}

export interface PageInfo {
  page: number;
  maxpage: number;
  total: number;
}

export interface Printer {
  readonly format: OutputFormat;
  /** Prints list items; consumes the iterable as it streams (table mode buffers to align). */
  list(rows: AsyncIterable<Row> | Iterable<Row>, view: View, info?: () => PageInfo | undefined): Promise<void>;
  /** Prints one object (an API response without its `error` key). */
  object(obj: Row, view: View): Promise<void>;
  /** A response that only carries a message: a note on stderr for people, the object for scripts, nothing with -q. */
  message(obj: Row): Promise<void>;
}

export async function createPrinter(_ctx: Context): Promise<Printer> {
  throw new Error('printer not implemented yet');
}
