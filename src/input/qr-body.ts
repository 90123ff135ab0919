import { QR_TYPES, type QrType } from '../api/types.js';
import { UsageError } from '../errors.js';
import { parseChoice, parseHttpUrl, parseRgb } from './validate.js';

/** Checks of `qr add` / `qr update` options, before any request. */

function parseQrType(value: string): QrType {
  return parseChoice(value.trim(), QR_TYPES, 'QR type');
}

type QrData = string | Record<string, unknown> | unknown[];

function parseJsonData(text: string): QrData {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`invalid --data: not valid JSON (${(err as Error).message})`);
  }
  const empty = Array.isArray(value) ? value.length === 0 : value !== null && Object.keys(value as object).length === 0;
  if (value === null || typeof value !== 'object' || empty) {
    throw new UsageError('invalid --data: the JSON must be a non-empty object or array');
  }
  return value as QrData;
}

/**
 * The QR content. `link` takes an http(s) URL and `text` any text; the structured types (vcard,
 * wifi, email, phone, sms) take plain text or JSON, parsed when it starts with `{` or `[`.
 * Without a type (`qr update` without --type) the JSON rule applies too.
 */
function parseQrData(type: QrType | undefined, text: string): QrData {
  const trimmed = text.trim();
  if (trimmed === '') throw new UsageError('invalid --data: must not be empty');
  if (type === 'link') return parseHttpUrl(trimmed, '--data (a link QR code takes a URL)');
  if (type === 'text') return text;
  return /^[[{]/.test(trimmed) ? parseJsonData(trimmed) : text;
}

/** A path or an http(s) URL of a PNG or JPG image; the string is sent as given. */
export function parseLogo(value: string): string {
  const text = value.trim();
  const looksLikeUrl = /^[a-z][a-z0-9+.-]*:/i.test(text) && !/^[a-z]:[\\/]/i.test(text);
  const path = looksLikeUrl ? new URL(parseHttpUrl(text, '--logo')).pathname : text;
  if (!/\.(png|jpe?g)$/i.test(path)) throw new UsageError(`invalid --logo "${value}": must be a .png or .jpg image`);
  return text;
}

export interface QrFlags {
  type?: string;
  data: string;
  background?: string;
  foreground?: string;
  logo?: string;
}

/** The body of POST /qr/add and PUT /qr/:id/update (`type` optional on update). */
export interface QrBody {
  type?: QrType;
  data: QrData;
  background?: string;
  foreground?: string;
  logo?: string;
}

export function qrBodyFromFlags(flags: QrFlags): QrBody {
  const type = flags.type === undefined ? undefined : parseQrType(flags.type);
  const body: QrBody = { type, data: parseQrData(type, flags.data) };
  if (type === undefined) delete body.type;
  if (flags.background !== undefined) body.background = parseRgb(flags.background, '--background');
  if (flags.foreground !== undefined) body.foreground = parseRgb(flags.foreground, '--foreground');
  if (flags.logo !== undefined) body.logo = parseLogo(flags.logo);
  return body;
}
