import { createReadStream } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { UsageError } from '../errors.js';
import { decodeText } from './read/decode.js';
import { MAX_LINE_CHARS, splitLines } from './read/lines.js';

/**
 * The import journal: one JSON line per finished row, appended and flushed to disk before the row
 * is reported. A row counts as done when the journal holds an `ok` or `skipped` record with the
 * same key (the hash of its link body); identical rows are counted, so three identical rows make
 * three links. Row numbers are recorded for people but not trusted: rows inserted, removed or
 * moved in the file are still recognised, and an edited row is a new row.
 */
export interface JournalRecord {
  row: number;
  key: string;
  status: 'ok' | 'skipped' | 'error' | 'invalid' | 'valid';
  url?: string;
  id?: number | string;
  shorturl?: string;
  error?: string;
}

export interface DoneEntry {
  id?: number | string;
  shorturl?: string;
}

/** The rows a previous run finished, by key; take() hands out each record once. */
export class DoneIndex {
  private readonly byKey = new Map<string, DoneEntry[]>();
  size = 0;

  add(key: string, entry: DoneEntry): void {
    const list = this.byKey.get(key);
    if (list) list.push(entry);
    else this.byKey.set(key, [entry]);
    this.size += 1;
  }

  count(key: string): number {
    return this.byKey.get(key)?.length ?? 0;
  }

  take(key: string): DoneEntry | undefined {
    const list = this.byKey.get(key);
    const entry = list?.shift();
    if (list && list.length === 0) this.byKey.delete(key);
    return entry;
  }
}

/** One journal line, or undefined for a line that is not a finished row (e.g. torn by a crash). */
export function parseJournalLine(line: string): JournalRecord | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  const rec = value as Partial<JournalRecord> | null;
  if (!rec || typeof rec !== 'object' || typeof rec.key !== 'string' || typeof rec.status !== 'string') return undefined;
  return rec as JournalRecord;
}

export function isDone(rec: JournalRecord): boolean {
  return rec.status === 'ok' || rec.status === 'skipped';
}

/** Reads a journal; a missing file is an empty journal. */
export async function loadJournal(path: string): Promise<DoneIndex> {
  const done = new DoneIndex();
  try {
    // A crash may have torn a character in half, so bad bytes are replaced, not fatal. Records quote
    // input cells, so a line may be several times the longest input line.
    const text = decodeText(createReadStream(path), { label: path, fatal: false });
    const lines = splitLines(text, { label: path, maxChars: 16 * MAX_LINE_CHARS });
    for await (const line of lines) {
      const rec = line.trim() ? parseJournalLine(line) : undefined;
      if (rec && isDone(rec)) done.add(rec.key, { id: rec.id, shorturl: rec.shorturl });
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return done;
    if (err instanceof UsageError) throw new UsageError(`cannot read the journal: ${err.message}`);
    throw new UsageError(`cannot read the journal ${path}: ${(err as Error).message}`);
  }
  return done;
}

export interface JournalWriter {
  /** Resolves once the record is on disk. Appends are written in call order. */
  append(rec: JournalRecord): Promise<void>;
  close(): Promise<void>;
}

export async function openJournal(path: string): Promise<JournalWriter> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'a', 0o600);
  } catch (err) {
    throw new UsageError(`cannot write the journal ${path}: ${(err as Error).message}`);
  }
  // A crash can leave half a line: start on a fresh line so the next record stays readable.
  let chain: Promise<void> = endsWithNewline(path).then((ok) => (ok ? undefined : write(handle, '\n')));
  return {
    append(rec) {
      const line = `${JSON.stringify(rec)}\n`;
      chain = chain.then(() => write(handle, line));
      return chain;
    },
    async close() {
      await chain.catch(() => {});
      await handle.close();
    },
  };
}

async function write(handle: FileHandle, text: string): Promise<void> {
  await handle.write(text);
  await handle.datasync();
}

async function endsWithNewline(path: string): Promise<boolean> {
  const { size } = await stat(path);
  if (size === 0) return true;
  const handle = await open(path, 'r');
  try {
    const { buffer } = await handle.read(Buffer.alloc(1), 0, 1, size - 1);
    return buffer[0] === 0x0a;
  } finally {
    await handle.close();
  }
}
