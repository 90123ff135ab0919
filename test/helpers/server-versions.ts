// The same commands against a v7 and a v6 sandbox, compared: what shorty prints and its exit code
// must not depend on the server's version. What the server itself says is set equal first, each
// difference named here (SERVER_SAYS), so nothing else can hide in the comparison.
import { expect } from 'vitest';
import type { CliResult } from './cli.js';
import { calls, type SandboxCli } from './sandbox-cli.js';

export interface Recorded {
  args: string[];
  exitCode: number;
  stdout: string;
  stderr: string;
  /** the requests the sandbox received, for runLogged */
  requests?: string[];
}

/** `cli` with every run (and its requests, for runLogged) appended to `into`. */
export function recording(cli: SandboxCli, into: Recorded[]): SandboxCli {
  const keep = (args: string[], res: CliResult, requests?: string[]) =>
    into.push({ args, exitCode: res.exitCode, stdout: res.stdout, stderr: res.stderr, requests });
  return {
    sandbox: cli.sandbox,
    env: cli.env,
    async run(args, opts) {
      const res = await cli.run(args, opts);
      keep(args, res);
      return res;
    },
    async runLogged(args, opts) {
      const res = await cli.runLogged(args, opts);
      keep(args, res, calls(res.requests));
      return res;
    },
  };
}

/**
 * Server texts that differ by version (v6 first), and what shorty makes of an answer that has
 * none: all of them messages, none of them data.
 */
const SERVER_SAYS: [RegExp, string][] = [
  [/Link successfully added to the channel\./g, 'Item has been successfully added to the channel.'],
  [/QR has been (updated|deleted) successfully\./g, 'QR code has been $1 successfully.'],
  // v6 answers a channel update with the channel, v7 with a message
  [/channel \d+ updated/g, 'Channel has been updated successfully.'],
  // a campaign's list page: {base}/u/{username}/{slug}-{id} on v6, {base}/u/{slug}/{id} on v7
  [/<base>\/u\/sandbox\/(\w+)-(\d+)/g, '<base>/u/$1/$2'],
  // the v6 sandbox's account is on the free plan
  [/\tfree\t/g, '\tpro\t'],
  [/"status": "free"/g, '"status": "pro"'],
];

/**
 * The fields a v6 server adds to the same record (docs/api.md, "Server versions"): shown
 * by shorty, as everything a server sends, so they are taken out of json before comparing.
 */
const V6_EXTRAS = ['uniqueclicks', 'domain', 'campaign', 'channel', 'views', 'planid'];

/** A legacy path segment (percent-encoded base64 of a URL) as the URL it carries. */
function legacySegments(line: string): string {
  return line.replace(
    /(\/(?:short_)?url\/)([A-Za-z0-9%]+)(?=\.json|\/|$)/g,
    (_all, key: string, segment: string) =>
      `${key}[${Buffer.from(decodeURIComponent(segment), 'base64').toString('utf8')}]`,
  );
}

function normalise(text: string, baseUrl: string): string {
  let out = legacySegments(text)
    .split(baseUrl)
    .join('<base>')
    .replace(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/g, '<date>')
    // aliases the server drew at random (5 characters; the tests' own have 3)
    .replace(/<base>\/(qr\/)?[A-Za-z0-9]{5,6}\b/g, '<base>/$1<random>');
  for (const [pattern, v7] of SERVER_SAYS) out = out.replace(pattern, v7);
  return out;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** v6's output without the V6_EXTRAS that v7's lacks: keys of JSON objects, columns of tsv and csv
 * (the tests' values hold no comma). */
function withoutExtras(v6: string, v7: string): string {
  const [a, b] = [parsed(v6), parsed(v7)];
  if (a !== undefined && b !== undefined) return JSON.stringify(dropKeys(a, b), null, 2);
  const lines = v6.split('\n');
  const separator = lines[0].includes('\t') ? '\t' : ',';
  const headB = v7.split('\n')[0].split(separator);
  const drop = new Set(
    lines[0].split(separator).flatMap((name, i) => (V6_EXTRAS.includes(name) && !headB.includes(name) ? [i] : [])),
  );
  if (drop.size === 0) return v6;
  return lines
    .map((line) =>
      line
        .split(separator)
        .filter((_, i) => !drop.has(i))
        .join(separator),
    )
    .join('\n');
}

function dropKeys(v6: unknown, v7: unknown): unknown {
  if (Array.isArray(v6)) return v6.map((item, i) => dropKeys(item, Array.isArray(v7) ? v7[i] : undefined));
  if (v6 === null || typeof v6 !== 'object') return v6;
  const other = (v7 !== null && typeof v7 === 'object' ? v7 : {}) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(v6)
      .filter(([key]) => !V6_EXTRAS.includes(key) || key in other)
      .map(([key, value]) => [key, dropKeys(value, other[key])]),
  );
}

export function sameAcrossVersions(runs: Record<'v6' | 'v7', Recorded[]>, baseUrls: Record<'v6' | 'v7', string>): void {
  const shown = (flavor: 'v6' | 'v7') =>
    runs[flavor].map((r) => ({
      args: r.args.map((a) => normalise(a, baseUrls[flavor])),
      exitCode: r.exitCode,
      stdout: normalise(r.stdout, baseUrls[flavor]),
      stderr: normalise(r.stderr, baseUrls[flavor]),
      requests: r.requests?.map((line) => normalise(line, baseUrls[flavor])),
    }));
  const [v6, v7] = [shown('v6'), shown('v7')];
  v6.forEach((run, i) => {
    if (!v7[i]) return;
    run.stdout = withoutExtras(run.stdout, v7[i].stdout);
    const json = parsed(v7[i].stdout);
    if (json !== undefined) v7[i].stdout = JSON.stringify(json, null, 2);
  });
  expect(v6).toEqual(v7);
}
