// The account, and the rate budget the limiter keeps (what `shorty limits` shows; no request).
import { z } from './sdk.js';
import { readLimits } from '../ops/limits.js';
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
    const api = await ctx.api();
    // The server's own limiter: the state it paces the calls by. The tool's fields are the record's but the
    // base URL and where the cap was configured.
    const { base_url, configured_by, ...fields } = (await readLimits(ctx, () => api.rateBudget())).record;
    return fields;
  },
});

export const ACCOUNT_TOOLS = [account, limits];
