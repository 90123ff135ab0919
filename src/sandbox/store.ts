// In-memory state of the sandbox, optionally backed by a JSON file (--data FILE).
// The file is read once at start and rewritten atomically (temp file + rename) after every
// change, so a crash or Ctrl-C never leaves half a file behind.
import { randomInt } from 'node:crypto';
import { accessSync, constants, existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { AliasIndex } from './alias-index.js';
import { formatDateTime } from './format.js';
import type { Collection, LinkRecord, QrRecord, SandboxState } from './records.js';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Paths the sandbox serves itself; an alias may not shadow them. */
const RESERVED_ALIASES = new Set(['api', 'qr', 'r', 'u', 'bio', '__sandbox', 'favicon.ico', 'robots.txt']);

export function seedState(now: Date): SandboxState {
  const at = (daysAgo: number) => formatDateTime(new Date(now.getTime() - daysAgo * 86_400_000));
  const inDays = (days: number) => formatDateTime(new Date(now.getTime() + days * 86_400_000));
  return {
    version: 1,
    nextId: { domains: 1, overlays: 4, splash: 3, campaigns: 1, channels: 1, bios: 1, links: 1, pixels: 1, qrs: 1 },
    account: {
      id: 1,
      email: 'sandbox@example.com',
      username: 'sandbox',
      avatar: 'https://www.gravatar.com/avatar/00000000000000000000000000000000?d=identicon',
      status: 'pro',
      expires: inDays(365),
      registered: at(30),
    },
    domains: [],
    overlays: [
      { id: 1, type: 'message', name: 'Spring sale banner', date: at(20) },
      { id: 2, type: 'contact', name: 'Contact us form', date: at(15) },
      { id: 3, type: 'message', name: 'Newsletter reminder', date: at(10) },
    ],
    splash: [
      { id: 1, name: 'Product launch', date: at(12) },
      { id: 2, name: 'Holiday promo', date: at(5) },
    ],
    campaigns: [],
    channels: [],
    assignments: [],
    bios: [],
    links: [],
    pixels: [],
    qrs: [],
  };
}

function loadState(file: string, now: Date): SandboxState {
  if (!existsSync(file)) return seedState(now);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`cannot read sandbox data file ${file}: ${(err as Error).message}`);
  }
  const state = parsed as Partial<SandboxState> | null;
  if (state?.version !== 1 || !Array.isArray(state.links) || typeof state.nextId !== 'object') {
    throw new Error(
      `sandbox data file ${file} is not a sandbox state (version 1); move it away or pick another --data file`,
    );
  }
  // Fill collections added after the file was written, so old files keep loading.
  return { ...seedState(now), ...state } as SandboxState;
}

/** The data file could not be written when the sandbox stopped: the last changes are lost. */
export class FinalSaveError extends Error {
  constructor(
    readonly file: string,
    override readonly cause: NodeJS.ErrnoException,
  ) {
    super(`cannot save the data to ${file}: ${cause.message}`);
  }
}

/** The data file cannot be written: found before the sandbox starts, so nothing is written. */
export class UnwritableDataError extends Error {
  constructor(
    readonly file: string,
    override readonly cause: NodeJS.ErrnoException,
  ) {
    super(`cannot write the data file ${file}: ${cause.message}`);
  }
}

/**
 * Throws UnwritableDataError unless `file` can be saved: its folder exists and takes files, and
 * the file, if there, may be replaced. A sandbox that started would lose every change at its stop.
 */
export function checkDataFile(file: string): void {
  try {
    const folder = dirname(resolve(file));
    if (!statSync(folder).isDirectory()) {
      throw Object.assign(new Error(`${folder} is not a folder`), { code: 'ENOTDIR' });
    }
    accessSync(folder, constants.W_OK);
    if (existsSync(file)) accessSync(file, constants.W_OK);
  } catch (err) {
    throw new UnwritableDataError(file, err as NodeJS.ErrnoException);
  }
}

/** Told of a save that failed (`error`), and of the first one that worked again after it. */
export type SaveListener = (event: { file: string; error?: NodeJS.ErrnoException }) => void;

/** The one atomic-write helper's signature (util/atomic-write.ts). */
export type DataWriter = (path: string, data: string, opts: { mode: number }) => void;

export class Store {
  /** set once the server listens (the port is known only then) */
  baseUrl: string;
  private current!: SandboxState;
  /**
   * Links and QR codes apart: their aliases live under different paths and may be equal. Kept in
   * step by the methods below, the only places records are added or removed or an alias changes;
   * replacing the whole state (load, reset) rebuilds them.
   */
  private readonly linksByAlias = new AliasIndex<LinkRecord>();
  private readonly qrsByAlias = new AliasIndex<QrRecord>();
  private readonly dataFile: string | undefined;
  private readonly clock: () => number;
  private readonly onSave: SaveListener | undefined;
  /** A change since the last save that could be written. */
  private unsaved = false;

  /** Writes a whole file atomically; given with a data file only (a sandbox in memory loads no writer). */
  private readonly writeFile?: DataWriter;

  constructor(opts: {
    baseUrl: string;
    dataFile?: string;
    now?: () => number;
    onSave?: SaveListener;
    writeFile?: DataWriter;
  }) {
    this.writeFile = opts.writeFile;
    this.baseUrl = opts.baseUrl;
    this.dataFile = opts.dataFile;
    this.clock = opts.now ?? Date.now;
    this.onSave = opts.onSave;
    this.state = this.dataFile ? loadState(this.dataFile, this.now()) : seedState(this.now());
  }

  get state(): SandboxState {
    return this.current;
  }

  set state(state: SandboxState) {
    this.current = state;
    this.linksByAlias.rebuild(state.links);
    this.qrsByAlias.rebuild(state.qrs);
  }

  now(): Date {
    return new Date(this.clock());
  }

  timestamp(): string {
    return formatDateTime(this.now());
  }

  nextId(collection: Collection): number {
    const id = this.state.nextId[collection] ?? 1;
    this.state.nextId[collection] = id + 1;
    return id;
  }

  /**
   * Call after every change; persists when a data file is configured. A save that fails (a full
   * disk) does not fail the request: the change is made, in memory, and answered as made, as a
   * server's database would; the listener hears of it, and the next change saves it all.
   */
  changed(): void {
    if (!this.dataFile) return;
    try {
      this.flush();
    } catch (err) {
      this.unsaved = true;
      this.onSave?.({ file: this.dataFile, error: err as NodeJS.ErrnoException });
      return;
    }
    if (this.unsaved) this.onSave?.({ file: this.dataFile });
    this.unsaved = false;
  }

  /** Writes the data file now (temp file + rename); throws when it cannot. */
  flush(): void {
    if (!this.dataFile) return;
    this.writeFile?.(this.dataFile, `${JSON.stringify(this.state, null, 2)}\n`, { mode: 0o600 });
  }

  isAliasFree(alias: string, exceptLinkId?: number): boolean {
    if (RESERVED_ALIASES.has(alias.toLowerCase())) return false;
    const holder = this.linksByAlias.get(alias);
    return holder === undefined || holder.id === exceptLinkId;
  }

  /** Random aliases are 5 characters, growing to 6 when 5 keep colliding. */
  randomAlias(): string {
    for (let attempt = 0; ; attempt++) {
      const length = attempt < 20 ? 5 : 6;
      let alias = '';
      for (let i = 0; i < length; i++) alias += ALPHABET[randomInt(ALPHABET.length)];
      if (this.isAliasFree(alias) && !this.qrsByAlias.has(alias)) return alias;
    }
  }

  linkByAlias(alias: string): LinkRecord | undefined {
    return this.linksByAlias.get(alias);
  }

  qrByAlias(alias: string): QrRecord | undefined {
    return this.qrsByAlias.get(alias);
  }

  addLink(link: LinkRecord): void {
    this.state.links.push(link);
    this.linksByAlias.add(link);
  }

  /** Changes a link's alias (checked by the caller with isAliasFree). */
  setLinkAlias(link: LinkRecord, alias: string): void {
    if (link.alias === alias) return;
    this.linksByAlias.remove(link, this.state.links);
    link.alias = alias;
    this.linksByAlias.add(link);
  }

  removeLink(link: LinkRecord): void {
    this.state.links = this.state.links.filter((l) => l !== link);
    this.linksByAlias.remove(link, this.state.links);
  }

  addQr(qr: QrRecord): void {
    this.state.qrs.push(qr);
    this.qrsByAlias.add(qr);
  }

  removeQr(qr: QrRecord): void {
    this.state.qrs = this.state.qrs.filter((q) => q !== qr);
    this.qrsByAlias.remove(qr, this.state.qrs);
  }

  shortUrl(link: Pick<LinkRecord, 'alias' | 'domain'>): string {
    return `${link.domain ?? this.baseUrl}/${link.alias}`;
  }

  findLink(id: number | null): LinkRecord | undefined {
    return id === null ? undefined : this.state.links.find((l) => l.id === id);
  }

  isExpired(link: LinkRecord): boolean {
    return link.expiry !== null && link.expiry <= this.timestamp();
  }

  /**
   * Finds a link by its short URL: the alias is the last path segment and the host must be
   * the sandbox's own or the link's branded domain (scheme and a trailing slash are ignored).
   * A bare alias is accepted too.
   */
  findByShortUrl(text: string): LinkRecord | undefined {
    const trimmed = text.trim().replace(/\/+$/, '');
    let host: string | null = null;
    let alias = trimmed;
    try {
      const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`);
      if (url.pathname.replace(/^\/+/, '') !== '' && trimmed.includes('/')) {
        host = url.host.toLowerCase();
        alias = decodeURIComponent(url.pathname.replace(/^\/+/, ''));
      }
    } catch {
      return undefined;
    }
    const ownHost = new URL(this.baseUrl).host.toLowerCase();
    const link = this.linksByAlias.get(alias);
    if (!link || host === null) return link;
    const linkHost = link.domain ? new URL(link.domain).host.toLowerCase() : ownHost;
    return host === linkHost ? link : undefined;
  }
}
