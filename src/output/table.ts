import { formatCell, oneLineCell } from './cells.js';
import { columnRole, fitCell, fitColumns, type Role } from './column-widths.js';
import { getPath, type Row } from './fields.js';
import { cellWidth, forTerminal } from '../util/terminal-text.js';

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

/** A list as an aligned grid; on a terminal, columns share its width by importance (column-widths.ts). */
export async function renderTable(rows: Row[], columns: string[], style: TableStyle): Promise<string> {
  const cells = rows.map((row) => columns.map((c) => shownCell(getPath(row, c))));
  const roles = columns.map((c, i) =>
    columnRole(
      c,
      cells.map((row) => row[i]),
    ),
  );
  return render(style.headers === false ? undefined : columns.map(shownCell), cells, roles, style);
}

/** One object as a two-column key/value table: the keys whole, the values cut when they must be. */
export async function renderKeyValue(entries: [string, unknown][], style: TableStyle): Promise<string> {
  const cells = entries.map(([key, value]) => [shownCell(key), shownCell(value)]);
  return render(undefined, cells, ['identifier', 'free'], style);
}

async function render(
  head: string[] | undefined,
  cells: string[][],
  roles: Role[],
  style: TableStyle,
): Promise<string> {
  const { default: Table } = await import('cli-table3');
  const columnCount = head?.length ?? cells[0]?.length ?? 0;
  const natural = Array.from({ length: columnCount }, (_, i) =>
    Math.max(head ? cellWidth(head[i]) : 0, ...cells.map((row) => cellWidth(row[i] ?? ''))),
  );
  const widths = style.columns ? fitColumns(natural, roles, style.columns - borderWidth(columnCount)) : natural;
  const cut = (row: string[]) => row.map((cell, i) => fitCell(cell, widths[i], roles[i]));
  // cli-table3 colours with its own library; colours come from chalk (or not at all) instead.
  const table = new Table({
    style: { head: [], border: [], compact: true },
    ...(head ? { head: head.map((h, i) => style.head(fitCell(h, widths[i], 'other'))) } : {}),
  });
  for (const row of cells) table.push(cut(row));
  return `${table.toString()}\n`;
}
