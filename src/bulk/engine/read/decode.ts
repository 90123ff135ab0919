import { TextDecoder } from 'node:util';
import { UsageError } from '../../../errors.js';

/**
 * Bytes to text. A byte order mark decides (UTF-8, or UTF-16 LE/BE as Excel's "Unicode text"
 * writes it) and is dropped; without one the text is UTF-8 unless --encoding names another
 * encoding (any label TextDecoder knows: windows-1252, latin1, utf-16le, shift_jis, ...).
 */

/** The canonical name of an --encoding label, or exit 2 naming a few that work. */
export function checkEncoding(label: string): string {
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    throw new UsageError(
      `unknown --encoding "${label}"`,
      'use e.g. utf-8, windows-1252 (Excel "CSV" in Western Europe and the Americas), latin1, utf-16le',
    );
  }
}

/** The encoding a byte order mark announces, and the mark's length. */
export function byteOrderMark(bytes: Uint8Array): { encoding: string; length: number } | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return undefined;
}

function decoderFor(first: Uint8Array, encoding: string | undefined, fatal: boolean): TextDecoder {
  // TextDecoder drops a mark that matches its own encoding, so the mark is not in the text.
  return new TextDecoder(byteOrderMark(first)?.encoding ?? encoding ?? 'utf-8', { fatal });
}

/** The start of the input as text, for detection; a character cut at the end is left out. */
export function decodeHead(bytes: Uint8Array, encoding?: string): string {
  return decoderFor(bytes, encoding, false).decode(bytes, { stream: true });
}

/**
 * Streams the text of the input, failing at the first sequence the encoding cannot decode:
 * replacement characters would create links to URLs nobody wrote. The import reads its whole
 * input before the first request, so this stops it with exit 2 and nothing sent.
 */
export async function* decodeText(
  bytes: AsyncIterable<Uint8Array>,
  opts: { encoding?: string; label: string; fatal?: boolean },
): AsyncGenerator<string> {
  const fatal = opts.fatal ?? true;
  let decoder: TextDecoder | undefined;
  let pending: Uint8Array | undefined;
  const decode = (chunk?: Uint8Array) => {
    try {
      return decoder!.decode(chunk, { stream: chunk !== undefined });
    } catch {
      throw undecodable(opts.label, decoder!.encoding);
    }
  };
  for await (const chunk of bytes) {
    if (!decoder) {
      // The mark is read from the first three bytes, wherever the chunks happen to be cut.
      pending = pending ? Buffer.concat([pending, chunk]) : chunk;
      if (pending.length < 3) continue;
      decoder = decoderFor(pending, opts.encoding, fatal);
      const text = decode(pending);
      pending = undefined;
      if (text) yield text;
      continue;
    }
    const text = decode(chunk);
    if (text) yield text;
  }
  decoder ??= decoderFor(pending ?? new Uint8Array(), opts.encoding, fatal);
  const rest = (pending ? decode(pending) : '') + decode();
  if (rest) yield rest;
}

function undecodable(label: string, encoding: string): UsageError {
  if (encoding !== 'utf-8') return new UsageError(`${label} is not valid ${encoding} text`, 'check --encoding');
  return new UsageError(
    `${label} is not valid UTF-8 text`,
    'save it as UTF-8 (in a spreadsheet: "CSV UTF-8"), or name its encoding, e.g. --encoding windows-1252',
  );
}
