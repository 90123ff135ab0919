// Turns what Node's HTTP client throws into the one-line NetworkError the user sees. The kind
// comes from the failure's `code` alone: messages differ between Node versions and agents.
import { NetworkError, neverSent, type NetworkErrorKind } from '../errors.js';

/** Set by the transport when a proxy answers the tunnel request with anything but 200. */
export const PROXY_REFUSED = 'ERR_SHORTY_PROXY_REFUSED';

const KIND_BY_CODE: Record<string, NetworkErrorKind> = {
  ECONNREFUSED: 'refused',
  ENOTFOUND: 'dns',
  EAI_AGAIN: 'dns',
  EAI_FAIL: 'dns',
  EAI_NONAME: 'dns',
  EAI_NODATA: 'dns',
  EHOSTUNREACH: 'unreachable',
  ENETUNREACH: 'unreachable',
  EHOSTDOWN: 'unreachable',
  ENETDOWN: 'unreachable',
  ETIMEDOUT: 'unreachable',
  EADDRNOTAVAIL: 'unreachable',
  ECONNRESET: 'reset',
  EPIPE: 'reset',
  ECONNABORTED: 'reset',
  EPROTO: 'tls',
  [PROXY_REFUSED]: 'proxy',
};

/** OpenSSL's verification codes that mean "no CA this machine trusts signed it". */
const UNTRUSTED = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'CERT_UNTRUSTED',
  'INVALID_CA',
]);

/** The code of a failure, or of its cause (some agents wrap the socket's error). */
export function errorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | undefined;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

export function networkErrorKind(code: string | undefined): NetworkErrorKind {
  if (code === undefined) return 'other';
  if (Object.hasOwn(KIND_BY_CODE, code)) return KIND_BY_CODE[code]!;
  if (code.startsWith('HPE_')) return 'protocol'; // Node's HTTP parser
  if (/^ERR_(TLS|SSL)_|CERT|^UNABLE_TO_|^HOSTNAME_MISMATCH$/.test(code)) return 'tls';
  return 'other';
}

/** Worth another try for a request that may be repeated: the next attempt may well work. */
export function isTransient(kind: NetworkErrorKind): boolean {
  return kind === 'refused' || kind === 'dns' || kind === 'unreachable' || kind === 'reset';
}

export interface FailedRequest {
  method: string;
  /** Already redacted. */
  url: string;
  /** host:port of the server. */
  host: string;
  /** The proxy the request went through, credentials masked. */
  proxy?: string;
  /** Not to be repeated blindly: if its answer is lost, the user must check before sending it again. */
  write: boolean;
}

const CHECK_FIRST = 'the server may have carried it out: check before sending it again';
const UNREACHABLE_HINT =
  'is the service up? check the base URL (--base-url, SHORTY_BASE_URL or `shorty config get base-url`)';
const PROXY_HINT = 'check HTTPS_PROXY, HTTP_PROXY and ALL_PROXY, or list the host in NO_PROXY';

export function toNetworkError(err: unknown, req: FailedRequest): NetworkError {
  const code = errorCode(err);
  const kind = networkErrorKind(code);
  const at = `${req.method} ${req.url}`;
  if (kind === 'proxy') {
    const status = (err as { status?: number }).status;
    if (status === 407) {
      return new NetworkError(
        kind,
        `the proxy ${req.proxy} wants other credentials (HTTP 407): ${at}`,
        'give them in the proxy URL: http://user:password@host:port (percent-encode special characters)',
      );
    }
    return new NetworkError(
      kind,
      `the proxy ${req.proxy} did not connect to ${req.host} (HTTP ${status}): ${at}`,
      PROXY_HINT,
    );
  }
  if (req.proxy && neverSent(kind) && kind !== 'tls') {
    return new NetworkError(
      kind,
      `cannot reach the proxy ${req.proxy} (${describe(kind, code, req.host)}): ${at}`,
      PROXY_HINT,
    );
  }
  // A write whose answer was lost may still have been carried out: say so, since it is not retried.
  const hint = req.write && !neverSent(kind) ? CHECK_FIRST : hintFor(kind, code);
  return new NetworkError(kind, `${describe(kind, code, req.host)}: ${at}`, hint);
}

export function timeoutError(req: FailedRequest, timeoutMs: number): NetworkError {
  return new NetworkError(
    'timeout',
    `request timed out after ${timeoutMs / 1000}s: ${req.method} ${req.url}`,
    req.write ? CHECK_FIRST : 'raise it with --timeout <seconds> or SHORTY_TIMEOUT',
  );
}

function describe(kind: NetworkErrorKind, code: string | undefined, host: string): string {
  switch (kind) {
    case 'refused':
      return 'connection refused';
    case 'dns':
      return 'host not found';
    case 'unreachable':
      return code === 'ETIMEDOUT' ? 'could not connect (timeout)' : `could not connect (${code})`;
    case 'reset':
      return 'connection reset by the server';
    case 'protocol':
      return `the answer is not HTTP (${code})`;
    case 'tls':
      if (UNTRUSTED.has(code!)) return `the certificate of ${host} is not trusted (${code})`;
      if (code === 'CERT_HAS_EXPIRED') return `the certificate of ${host} has expired`;
      if (code === 'ERR_TLS_CERT_ALTNAME_INVALID' || code === 'HOSTNAME_MISMATCH')
        return `the certificate of ${host} is for another name (${code})`;
      return `TLS with ${host} failed (${code})`;
    default:
      return `network error (${code ?? 'unknown'})`;
  }
}

function hintFor(kind: NetworkErrorKind, code: string | undefined): string | undefined {
  if (kind === 'tls' && UNTRUSTED.has(code!)) {
    return 'if it is signed by a private CA (a company proxy or network), give Node that CA: NODE_EXTRA_CA_CERTS=/path/to/ca.pem';
  }
  if (kind === 'tls' || kind === 'protocol') return 'check the base URL: does that port speak https (or plain http)?';
  // No address for the name: a typo in the host, or no DNS (offline, a VPN that is down).
  if (kind === 'dns')
    return 'check the host name in the base URL (--base-url, SHORTY_BASE_URL or `shorty config get base-url`) and that this machine can resolve it';
  return neverSent(kind) ? UNREACHABLE_HINT : undefined;
}
