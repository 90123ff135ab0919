// The account the API key belongs to, as both doors show it.
import type { Context } from '../context.js';

export async function getAccount(ctx: Context): Promise<Record<string, unknown>> {
  const res = await (await ctx.api()).call<{ data?: Record<string, unknown> }>('GET', '/account');
  return res.data ?? {};
}
