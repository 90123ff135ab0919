import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { EXIT, UsageError } from '../../../errors.js';
import { fileError } from '../../../file-errors.js';
import { openFileCalls, recordFile, type OpenedFile } from './append-file.js';
import { decodeText } from '../read/decode.js';
import { MAX_LINE_CHARS, splitLines } from '../read/lines.js';

/**
 * The import journal: one JSON line per event, appended and flushed to disk before it counts.
 * Before a create is sent, an intent (`sending`, with what is sent and when, and a `seq`) is
 * written; its outcome (`ok`, `error`, `skipped`, with the same `seq`) follows. A row counts as
 * done when the journal holds an `ok`, `adopted` or `skipped` record with the same key (the hash of its
 * link body); `adopted` is a link a lookup found after a lost answer, known by what it holds and
 * when it was made, never by an answer: it may be another's, so `--undo` leaves it unless told; identical rows are counted, so three identical rows make three links. An intent without
 * an outcome is a create whose answer never came (a crash, a kill): the next run asks the server
 * before sending it again. `undone` records are links `urls import --undo` deleted; `updated` and
 * `deleted` are what `urls sync` did to links that existed before it. Row numbers are
 * recorded for people but not trusted: rows inserted, removed or moved in the file are still
 * recognised, and an edited row is a new row.
 */
export interface JournalRecord {
  row: number;
  key: string;
  status: 'ok' | 'adopted' | 'skipped' | 'error' | 'invalid' | 'valid' | 'sending' | 'undone' | 'updated' | 'deleted';
  url?: string;
  id?: number | string;
  shorturl?: string;
  error?: string;
  /** Pairs an intent with its outcome. */
  seq?: string;
  /** An intent's fields that identify the link on the server (never its password). */
  sent?: SentFields;
  /** An intent's first send time, ms since the epoch by this machine's clock. */
  at?: number;
  /** A later try of the same intent: when it was sent. */
  last?: number;
  /** When the last try ended without an answer (failed, timed out): the server made nothing of it later. */
  end?: number;
}

/** What a create sent that a lookup can recognise the link by. */
export interface SentFields {
  url: string;
  custom?: string;
  domain?: string;
  metatitle?: string;
  metadescription?: string;
}

export interface DoneEntry {
  id?: number | string;
  shorturl?: string;
  /** Not done for certain: a previous run's create that may have made the link (why, for the row's result). */
  undecided?: string;
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

  /** Forgets the entry of a link deleted since (by `--undo`): the row is no longer done. */
  remove(key: string, id: string): void {
    const list = this.byKey.get(key);
    const at = list?.findIndex((e) => e.id !== undefined && String(e.id) === id) ?? -1;
    if (!list || at < 0) return;
    list.splice(at, 1);
    if (list.length === 0) this.byKey.delete(key);
    this.size -= 1;
  }

  /** The entry take() would hand out after `taken` others of this key, without taking it. */
  peek(key: string, taken: number): DoneEntry | undefined {
    return this.byKey.get(key)?.[taken];
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
  if (!rec || typeof rec !== 'object' || typeof rec.key !== 'string' || typeof rec.status !== 'string')
    return undefined;
  return rec as JournalRecord;
}

function ownerLine(line: string): JournalOwner | undefined {
  try {
    return ownerOf(JSON.parse(line));
  } catch {
    return undefined;
  }
}

/** Records a run writes without an answer of the service: an intent, a row checked on this side. */
const UNANSWERED: ReadonlySet<JournalRecord['status']> = new Set(['sending', 'invalid', 'valid']);

function isDone(rec: JournalRecord): boolean {
  return rec.status === 'ok' || rec.status === 'adopted' || rec.status === 'skipped';
}

/**
 * A create's outcome as the journal keeps it: a link found by a lookup (`adopted`, never seen
 * made) is journaled `adopted`, apart from the links the run saw made.
 */
export function outcomeRecord<T extends { status: string; adopted?: boolean }>(
  outcome: T,
): Omit<T, 'adopted' | 'status'> & { status: JournalRecord['status'] } {
  const { adopted, status, ...rest } = outcome;
  return { ...rest, status: adopted ? 'adopted' : (status as JournalRecord['status']) };
}

/** What a journal says about the runs that wrote it. */
export interface JournalState {
  done: DoneIndex;
  /** Intents without an outcome, oldest first. */
  open: JournalRecord[];
  /** The links the runs created (`ok` with an id) and that are not undone, by id. */
  created: Map<string, JournalRecord>;
  /** The links lookups adopted (`adopted`: found after a lost answer) and that are not undone, by id. */
  adopted: Map<string, JournalRecord>;
  /** Every id the journal names as ok or skipped: a lookup after a lost answer never takes them. */
  claimed: Set<string>;
  /** The server and key the journal belongs to (its first owner record), if it names them. */
  owner?: JournalOwner;
  /** How many row records it holds (0: a new journal). */
  records: number;
  /** Whether it records an answer of the service (an outcome, not only intents). */
  answered: boolean;
}

/**
 * The record that binds a journal to one account: the base URL and a fingerprint of the key
 * (never the key). It has no `key`/`status`, so older readers pass over it.
 */
export interface JournalOwner {
  journal: 'shorty';
  server: string;
  keyFingerprint: string;
  /** The fingerprint's salt (hex); absent in a journal of an older shorty, which is refused. */
  salt?: string;
}

function ownerOf(value: unknown): JournalOwner | undefined {
  const rec = value as Partial<JournalOwner> | null;
  return rec && typeof rec === 'object' && rec.journal === 'shorty' && typeof rec.server === 'string'
    ? {
        journal: 'shorty',
        server: rec.server,
        keyFingerprint: String(rec.keyFingerprint ?? ''),
        ...(typeof rec.salt === 'string' && /^[0-9a-f]{32}$/.test(rec.salt) ? { salt: rec.salt } : {}),
      }
    : undefined;
}

export function emptyJournalState(): JournalState {
  return {
    done: new DoneIndex(),
    open: [],
    created: new Map(),
    adopted: new Map(),
    claimed: new Set(),
    records: 0,
    answered: false,
  };
}

/** Reads a journal; a missing file is an empty journal. A long one stops reading at Ctrl-C. */
export async function loadJournal(path: string, signal?: AbortSignal): Promise<DoneIndex> {
  return (await readJournal(path, signal)).done;
}

export async function readJournal(path: string, signal?: AbortSignal): Promise<JournalState> {
  const state = emptyJournalState();
  const open = new Map<string, JournalRecord>();
  try {
    // A crash may have torn a character in half, so bad bytes are replaced, not fatal. Records quote
    // input cells, so a line may be several times the longest input line.
    const text = decodeText(createReadStream(path), { label: path, fatal: false });
    const lines = splitLines(text, { label: path, maxChars: 16 * MAX_LINE_CHARS });
    for await (const line of lines) {
      if (signal?.aborted) throw signal.reason;
      const rec = line.trim() ? parseJournalLine(line) : undefined;
      if (rec) {
        state.records += 1;
        takeRecord(state, open, rec);
      } else if (!state.owner && line.trim()) state.owner = ownerLine(line);
    }
  } catch (err) {
    if (signal?.aborted) throw signal.reason;
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      if (err instanceof UsageError) throw new UsageError(`cannot read the journal: ${err.message}`);
      throw fileError(`cannot read the journal ${path}`, err);
    }
  }
  state.open = [...open.values()];
  return state;
}

function takeRecord(state: JournalState, open: Map<string, JournalRecord>, rec: JournalRecord): void {
  if (!UNANSWERED.has(rec.status)) state.answered = true;
  if (rec.status === 'sending') {
    // A later try of an open intent keeps its first send and notes the last, and its end once known.
    const first = rec.seq === undefined ? undefined : open.get(rec.seq);
    if (rec.seq !== undefined && rec.sent && typeof rec.sent.url === 'string')
      open.set(rec.seq, first ? { ...first, last: rec.last ?? rec.at, end: rec.end } : rec);
    return;
  }
  if (rec.seq !== undefined) open.delete(rec.seq);
  const id = rec.id === undefined || rec.id === null ? undefined : String(rec.id);
  if (rec.status === 'undone' || rec.status === 'deleted') {
    // A link these runs created, deleted since: no longer theirs to undo, and its row not done.
    const made = id === undefined ? undefined : (state.created.get(id) ?? state.adopted.get(id));
    if (made && (state.created.delete(id!) || state.adopted.delete(id!))) state.done.remove(made.key, id!);
    return;
  }
  if (!isDone(rec)) return;
  state.done.add(rec.key, { id: rec.id, shorturl: rec.shorturl });
  if (id === undefined) return;
  state.claimed.add(id);
  if (rec.status === 'ok') state.created.set(id, rec);
  if (rec.status === 'adopted') state.adopted.set(id, rec);
}

export interface JournalWriter {
  /** Resolves once the record is on disk (whole: a record cut short is cut off). Appends are written in call order. */
  append(rec: JournalRecord | JournalOwner): Promise<void>;
  close(): Promise<void>;
}

export async function openJournal(path: string): Promise<JournalWriter> {
  let file: OpenedFile;
  try {
    file = await openFileCalls(path, 'a');
  } catch (err) {
    throw fileError(`cannot write the journal ${path}`, err);
  }
  const records = recordFile(file, { sync: true });
  try {
    // A crash can leave half a line: start on a fresh line so the next record stays readable.
    if (!(await endsWithNewline(path, file.size))) await records.append('\n');
  } catch (err) {
    await records.close().catch(() => {});
    throw fileError(`cannot write the journal ${path}`, err);
  }
  return {
    append: (rec) => records.append(`${JSON.stringify(rec)}\n`),
    close: () =>
      records.close().catch((err) => {
        throw fileError(`cannot write the journal ${path}`, err, EXIT.api);
      }),
  };
}

async function endsWithNewline(path: string, size: number): Promise<boolean> {
  if (size === 0) return true;
  const handle = await open(path, 'r');
  try {
    const { buffer } = await handle.read(Buffer.alloc(1), 0, 1, size - 1);
    return buffer[0] === 0x0a;
  } finally {
    await handle.close();
  }
}
