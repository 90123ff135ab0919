// The account, and the rate budget the limiter keeps (what `shorty limits` shows; no request).
import { z } from './sdk.js';
import { budget } from '../api/rate-window.js';
import { formatRateLimit } from '../settings/rate-limit-spec.js';
import { getAccount } from '../ops/account.js';
import { record } from './schemas.js';
import { tool } from './tool.js';

const account = tool({
  name: 'account_get',
  title: 'Show the account',
  description: 'Show the account the API key belongs to: id, email, username, plan status and expiry.',
  effect: 'read',
  idempotent: true,
  input: {},
  output: { account: record },
  run: async (_args, ctx) => ({ account: await getAccount(ctx) }),
});

const whole = (ms: number) => Math.ceil(Math.max(0, ms));

const limits = tool({
  name: 'limits',
  title: 'Rate budget',
  description:
    'How many requests the rate limit leaves now, shared with every other shorty process of this key: cap, used, ' +
    'remaining, and when the next request may go. Sends no request: check it before a large job.',
  effect: 'read',
  idempotent: true,
  input: {},
  output: {
    rate_limit: z.string(),
    source: z.string().describe("server: the cap the server announced; configured: the profile's"),
    used: z.number(),
    remaining: z.number(),
    next_in_ms: z.number(),
    resets_in_ms: z.number(),
    configured: z.string(),
    server: z.string().nullable(),
  },
  run: async (_args, ctx) => {
    const settings = await ctx.settings();
    const { state, now } = await (await ctx.api()).rateBudget();
    const b = budget(state, now, settings.rateLimit);
    return {
      rate_limit: formatRateLimit(b.limit),
      source: b.limit.source,
      used: b.used,
      remaining: b.remaining,
      next_in_ms: whole(b.nextInMs),
      resets_in_ms: whole(b.resetsInMs),
      configured: formatRateLimit(settings.rateLimit),
      server: b.server ? formatRateLimit(b.server) : null,
    };
  },
});

export const ACCOUNT_TOOLS = [account, limits];
