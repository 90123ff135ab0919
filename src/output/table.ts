import { formatCell, oneLineCell } from './cells.js';
import { columnRole, columnsToDrop, fitCell, fitColumns, type Role } from './column-widths.js';
import { getPath, type Row } from './fields.js';
import { cellWidth, forTerminal } from '../util/terminal-text.js';

export interface TableStyle {
  /** Terminal width; undefined when not a TTY (no cutting). */
  columns?: number;
  /** Colours the header cells; identity when colour is off. */
  head: (text: string) => string;
  /** false with --no-headers: the grid without its header row. */
  headers?: boolean;
  /** Box-drawing characters (a UTF-8 locale); else the grid is drawn in ASCII. */
  unicode?: boolean;
}

/** A list drawn for a terminal, and the columns left out for its width. */
export interface RenderedTable {
  text: string;
  dropped: string[];
}

/** The grid where the terminal does not take UTF-8 (LANG=C): box characters would show as garbage. */
const ASCII_GRID = {
  top: '-',
  'top-mid': '+',
  'top-left': '+',
  'top-right': '+',
  bottom: '-',
  'bottom-mid': '+',
  'bottom-left': '+',
  'bottom-right': '+',
  left: '|',
  'left-mid': '+',
  mid: '-',
  'mid-mid': '+',
  right: '|',
  'right-mid': '+',
  middle: '|',
};

/** Room taken by borders and padding: `│ a │ b │` = 3 per column + 1. */
const borderWidth = (columnCount: number) => 3 * columnCount + 1;

/** A table is for a terminal: one line per cell, and nothing in it a terminal would act on. */
const shownCell = (value: unknown) => forTerminal(oneLineCell(formatCell(value)));

/**
 * A list as an aligned grid; on a terminal, columns share its width by importance, and the
 * `spare` ones (least useful first) are left out when the others would not fit (column-widths.ts).
 */
export async function renderTable(
  rows: Row[],
  columns: string[],
  style: TableStyle,
  spare: readonly string[] = [],
): Promise<RenderedTable> {
  const all = rows.map((row) => columns.map((c) => shownCell(getPath(row, c))));
  const allRoles = columns.map((c, i) =>
    columnRole(
      c,
      all.map((row) => row[i]),
    ),
  );
  const head = columns.map(shownCell);
  const drop = style.columns
    ? columnsToDrop(
        naturalWidths(style.headers === false ? undefined : head, all, columns.length),
        allRoles,
        (count) => style.columns! - borderWidth(count),
        spare.map((c) => columns.indexOf(c)).filter((i) => i >= 0),
      )
    : new Set<number>();
  const keep = (_: unknown, i: number) => !drop.has(i);
  const text = await render(
    style.headers === false ? undefined : head.filter(keep),
    all.map((row) => row.filter(keep)),
    allRoles.filter(keep),
    style,
  );
  return { text, dropped: columns.filter((_, i) => drop.has(i)) };
}

/** Each column's width with nothing cut: its widest cell, the header included. */
function naturalWidths(head: string[] | undefined, cells: string[][], columnCount: number): number[] {
  return Array.from({ length: columnCount }, (_, i) =>
    Math.max(head ? cellWidth(head[i]) : 0, ...cells.map((row) => cellWidth(row[i] ?? ''))),
  );
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
  const natural = naturalWidths(head, cells, columnCount);
  const widths = style.columns ? fitColumns(natural, roles, style.columns - borderWidth(columnCount)) : natural;
  const ellipsis = style.unicode === false ? '...' : undefined;
  const cut = (row: string[]) => row.map((cell, i) => fitCell(cell, widths[i], roles[i], ellipsis));
  // cli-table3 colours with its own library; colours come from chalk (or not at all) instead.
  const table = new Table({
    style: { head: [], border: [], compact: true },
    ...(style.unicode === false ? { chars: ASCII_GRID } : {}),
    ...(head ? { head: head.map((h, i) => style.head(fitCell(h, widths[i], 'other', ellipsis))) } : {}),
  });
  for (const row of cells) table.push(cut(row));
  return `${table.toString()}\n`;
}
