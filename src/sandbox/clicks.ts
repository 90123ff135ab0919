// How the sandbox counts a visit, the way the service does: the referrer's host ("direct" when
// none), browser and operating system from User-Agent, country from the CF-IPCountry header a
// CDN in front of the service adds. Visitors are told apart by address + User-Agent.
import type { IncomingMessage } from 'node:http';
import type { Hit } from './records.js';

type UaParser = (ua: string) => { browser: string; os: string };

/** The UA parser is loaded on the first visit only: the sandbox is bundled into every CLI run. */
let parser: Promise<UaParser> | undefined;

function loadParser(): Promise<UaParser> {
  return (parser ??= import('bowser').then(({ default: Bowser }) => (ua: string) => {
    if (ua.trim() === '') return { browser: 'Unknown', os: 'Unknown' };
    const parsed = Bowser.getParser(ua);
    return { browser: parsed.getBrowserName() || 'Unknown', os: parsed.getOSName() || 'Unknown' };
  }));
}

const SOCIAL_HOSTS: [network: string, host: RegExp][] = [
  ['facebook', /(^|\.)(facebook\.com|fb\.me|fb\.com)$/],
  ['twitter', /(^|\.)(twitter\.com|t\.co|x\.com)$/],
  ['instagram', /(^|\.)instagram\.com$/],
  ['linkedin', /(^|\.)(linkedin\.com|lnkd\.in)$/],
  ['reddit', /(^|\.)reddit\.com$/],
  ['pinterest', /(^|\.)(pinterest\.com|pin\.it)$/],
];

const SOCIAL_NETWORKS = SOCIAL_HOSTS.map(([network]) => network);

let regionNames: Intl.DisplayNames | undefined;

/** `CF-IPCountry: FR` -> "France"; absent, `XX` (unknown) or `T1` (Tor) -> "Unknown". */
export function countryOf(header: string | string[] | undefined): string {
  const code = (Array.isArray(header) ? header[0] : header)?.trim().toUpperCase() ?? '';
  if (!/^[A-Z]{2}$/.test(code) || code === 'XX' || code === 'T1') return 'Unknown';
  try {
    regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' });
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

function referrerHost(header: string | undefined): string {
  if (!header) return '';
  try {
    return new URL(header).host;
  } catch {
    return '';
  }
}

export async function hitOf(req: IncomingMessage): Promise<Hit> {
  const ua = req.headers['user-agent'] ?? '';
  const { browser, os } = (await loadParser())(ua);
  return {
    visitor: `${req.socket.remoteAddress ?? ''}|${ua}`,
    browser,
    os,
    referrer: referrerHost(req.headers.referer),
    country: countryOf(req.headers['cf-ipcountry']),
  };
}

/** The `top*` objects and `socialCount` of a detail; `count` writes a number as this answer wants it. */
export function clickBreakdown<C>(hits: Hit[], count: (n: number) => C) {
  const tally = (pick: (h: Hit) => string): Record<string, C> => {
    const counts = new Map<string, number>();
    for (const hit of hits) counts.set(pick(hit), (counts.get(pick(hit)) ?? 0) + 1);
    return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]).map(([name, n]) => [name, count(n)]));
  };
  const social = Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, 0]));
  for (const hit of hits) {
    const network = SOCIAL_HOSTS.find(([, host]) => host.test(hit.referrer.replace(/:\d+$/, '')))?.[0];
    if (network) social[network] += 1;
  }
  return {
    topCountries: tally((h) => h.country ?? 'Unknown'),
    topReferrers: tally((h) => h.referrer || 'direct'),
    topBrowsers: tally((h) => h.browser),
    topOs: tally((h) => h.os),
    socialCount: social,
  };
}
