// The legacy key-in-path interface. The key travels in the URL, so nothing here ever puts the
// raw URL in a message: errors name the path with the key as `***`, and every text that came
// from the server goes through the transport's redaction before it can reach the user.
import { ApiError, AuthError } from '../errors.js';
import type { Connection } from './connection.js';
import { denialError, isRefusalReason, KEY_HINT } from './denial.js';
import type { HttpResponse } from './http.js';
import { KEY_PLACEHOLDER, legacyUrl, type LegacyFormat } from './legacy-path.js';
import { maskRequestSecrets } from './redact.js';
import { checkUsable, LEGACY_ANSWER } from './unusable.js';

export type LegacyData = Record<string, unknown>;

export interface LegacyApi {
  /** GET `.../shorturl/<operationPath>.json`; resolves with `data` (url_id, total_visits as numbers). */
  call(operationPath: string): Promise<LegacyData>;
  /** GET `.../shorturl/<operationPath>.xml`; resolves with the body as received, after the same checks. */
  callXml(operationPath: string): Promise<string>;
}

export function createLegacyApi({ baseUrl, apiKey, transport }: Connection): LegacyApi {
  const redact = transport.redact;

  async function get(operationPath: string, format: LegacyFormat): Promise<HttpResponse> {
    const shown = `GET ${maskRequestSecrets(legacyUrl(baseUrl, KEY_PLACEHOLDER, operationPath, format))}`;
    // `create` changes the server although it is a GET: never retried, like any other write.
    const retry = !operationPath.startsWith('create/');
    const res = await transport.send({ method: 'GET', url: legacyUrl(baseUrl, apiKey, operationPath, format), retry });
    checkTransportLevel(res, shown, redact);
    return res;
  }

  return {
    async call(operationPath) {
      const res = await get(operationPath, 'json');
      return normalizeLegacyData(redactStrings(checkJsonEnvelope(res, redact), redact));
    },
    async callXml(operationPath) {
      const res = await get(operationPath, 'xml');
      checkXmlEnvelope(res, redact);
      return redact(res.text);
    },
  };
}

/** Failures before the body is read: auth, then anything that is not a legacy answer (JSON or XML). */
function checkTransportLevel(res: HttpResponse, shown: string, redact: (s: string) => string): void {
  const message = bestMessage(res.json ?? xmlFields(res.text));
  if (res.status === 401 || res.status === 403) {
    throw denialError(message === undefined ? undefined : redact(message), res.status);
  }
  const usable = res.json !== undefined || (isXml(res) && res.text.trim() !== '');
  checkUsable(res, usable, shown, LEGACY_ANSWER);
}

function isXml(res: HttpResponse): boolean {
  return /xml/i.test(res.contentType) || /^\s*<\?xml/.test(res.text);
}

/** `{code, data}` with code 200 (number or string) is success; anything else is an API error. */
export function checkJsonEnvelope(res: HttpResponse, redact: (s: string) => string = (s) => s): LegacyData {
  const body = res.json;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ApiError(`unexpected response from the server (HTTP ${res.status}): not a legacy {code, data} object`, {
      status: res.status,
    });
  }
  const { code, data } = body as { code?: unknown; data?: unknown };
  if (String(code) !== '200') throw legacyError(code, bestMessage(body), res.status, redact);
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new ApiError(`unexpected response from the server (HTTP ${res.status}): no data object`, {
      status: res.status,
    });
  }
  return data as LegacyData;
}

/** The XML twin of checkJsonEnvelope: `<response><code>200</code>...`. */
export function checkXmlEnvelope(res: HttpResponse, redact: (s: string) => string = (s) => s): void {
  const fields = xmlFields(res.text);
  if (res.json !== undefined) {
    // A server that ignores .xml and answers JSON: report its error, else refuse to pass it off as XML.
    checkJsonEnvelope(res, redact);
    throw new ApiError(`the server answered JSON although XML was requested (HTTP ${res.status})`, {
      status: res.status,
    });
  }
  if (fields.code !== '200') throw legacyError(fields.code, bestMessage(fields), res.status, redact);
}

function legacyError(
  code: unknown,
  message: string | undefined,
  status: number,
  redact: (s: string) => string,
): ApiError | AuthError {
  const codeText = code === undefined || code === null || code === '' ? 'no code' : `code ${String(code)}`;
  const text = message ? redact(message) : `the legacy API reported an error (${codeText}, HTTP ${status})`;
  if (isRefusalReason(text)) return denialError(text, status);
  if (String(code) === '403' || /api key|unauthori[sz]ed/i.test(text)) return new AuthError(text, KEY_HINT);
  return new ApiError(text, { status });
}

/** The most useful message an error body carries, whatever its shape. */
export function bestMessage(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const obj = body as Record<string, unknown>;
  const candidates = [
    (obj.data as Record<string, unknown> | undefined)?.message,
    obj.message,
    obj.data,
    obj.error_message,
    obj.error,
    obj.msg,
  ];
  for (const value of candidates) {
    if (typeof value === 'string' && value.trim() !== '' && !/^\d+$/.test(value.trim())) return value.trim();
  }
  return undefined;
}

/** Just enough of the legacy XML to decide success: `code` and `message` (first occurrence). */
export function xmlFields(text: string): { code?: string; message?: string } {
  const pick = (name: string) => {
    const m = new RegExp(`<${name}>([^<]*)</${name}>`).exec(text);
    return m ? unescapeXml(m[1].trim()) : undefined;
  };
  return { code: pick('code'), message: pick('message') };
}

function unescapeXml(text: string): string {
  const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' };
  return text.replace(/&(lt|gt|amp|apos|quot|#\d+|#x[0-9a-f]+);/gi, (all, name: string) => {
    if (name[0] !== '#') return named[name.toLowerCase()] ?? all;
    const code = name[1].toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return String.fromCodePoint(code);
  });
}

const NUMERIC_KEYS = ['url_id', 'total_visits'];

/** Servers send url_id and total_visits as strings: tables and --json show numbers. */
export function normalizeLegacyData(data: LegacyData): LegacyData {
  const out: LegacyData = { ...data };
  for (const key of NUMERIC_KEYS) {
    const value = out[key];
    if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) out[key] = Number(value.trim());
  }
  return out;
}

/** Defence in depth: a server that echoes the URL would echo the key. */
function redactStrings<T>(value: T, redact: (s: string) => string): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map((v) => redactStrings(v, redact)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactStrings(v, redact)])) as T;
  }
  return value;
}
