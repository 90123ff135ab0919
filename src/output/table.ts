import { fitWidths, formatCell, oneLineCell, truncate } from './cells.js';
import { getPath, type Row } from './fields.js';
import { forTerminal } from '../util/terminal-text.js';

export interface TableStyle {
  /** Terminal width; undefined when not a TTY (no cutting). */
  columns?: number;
  /** Colours the header cells; identity when colour is off. */
  head: (text: string) => string;
  /** false with --no-headers: the grid without its header row. */
  headers?: boolean;
}

/** Room taken by borders and padding: `│ a │ b │` = 3 per column + 1. */
const borderWidth = (columnCount: number) => 3 * columnCount + 1;

/** A table is for a terminal: one line per cell, and nothing in it a terminal would act on. */
const shownCell = (value: unknown) => forTerminal(oneLineCell(formatCell(value)));

/** A list as an aligned grid; long cells are cut to fit the terminal. */
export async function renderTable(rows: Row[], columns: string[], style: TableStyle): Promise<string> {
  const cells = rows.map((row) => columns.map((c) => shownCell(getPath(row, c))));
  return render(style.headers === false ? undefined : columns.map(shownCell), cells, style);
}

/** One object as a two-column key/value table. */
export async function renderKeyValue(entries: [string, unknown][], style: TableStyle): Promise<string> {
  const cells = entries.map(([key, value]) => [shownCell(key), shownCell(value)]);
  return render(undefined, cells, style);
}

async function render(head: string[] | undefined, cells: string[][], style: TableStyle): Promise<string> {
  const { default: Table } = await import('cli-table3');
  const columnCount = head?.length ?? cells[0]?.length ?? 0;
  const widths = cellWidths(head, cells, columnCount, style.columns);
  const cut = (row: string[]) => row.map((cell, i) => truncate(cell, widths[i]));
  // cli-table3 colours with its own library; colours come from chalk (or not at all) instead.
  const table = new Table({
    style: { head: [], border: [], compact: true },
    ...(head ? { head: cut(head).map(style.head) } : {}),
  });
  for (const row of cells) table.push(cut(row));
  return `${table.toString()}\n`;
}

function cellWidths(head: string[] | undefined, cells: string[][], columnCount: number, terminal?: number): number[] {
  const natural = Array.from({ length: columnCount }, (_, i) =>
    Math.max(head ? [...head[i]].length : 0, ...cells.map((row) => [...(row[i] ?? '')].length)),
  );
  if (!terminal) return natural;
  return fitWidths(natural, Math.max(terminal - borderWidth(columnCount), columnCount * 6));
}
