import type { Context } from '../context.js';
import type { Settings } from '../settings/types.js';
import type { Limiter } from './limiter.js';

/** Placeholder until the shared cross-process limiter lands: never waits. */
export async function createLimiter(ctx: Context, _settings: Settings): Promise<Limiter> {
  return {
    acquire: async () => {},
    observe: async () => {},
    backoff: async (waitMs, signal) => {
      await ctx.sleep(waitMs ?? 1000, signal);
    },
  };
}
