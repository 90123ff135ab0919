import { describe, expect, it } from 'vitest';
import { createContext } from '../../src/factory.js';
import { createTestIO } from '../../src/io.js';
import { tempDir } from '../helpers/cli.js';

describe('ctx.overriding', () => {
  it("gives a context whose settings have the flags over the run's, and leaves the run's as they are", async () => {
    const ctx = createContext(
      {
        io: await createTestIO(),
        env: { SHORTY_CONFIG_DIR: tempDir('shorty-overriding-'), SHORTY_BASE_URL: 'http://127.0.0.1:9' },
        now: () => 0,
        sleep: async () => {},
        signal: new AbortController().signal,
      },
      { profile: 'default' },
    );
    const own = ctx.overriding({ maxWaitMs: 20_000 });
    expect((await own.settings()).maxWaitMs).toBe(20_000);
    expect((await own.settings()).baseUrl).toBe('http://127.0.0.1:9');
    expect(own.globals.profile).toBe('default');
    expect((await ctx.settings()).maxWaitMs).toBeUndefined();
    expect(ctx.globals.maxWaitMs).toBeUndefined();
    let closed = false;
    own.onClose(() => {
      closed = true;
    });
    await ctx.close();
    expect(closed).toBe(true);
  });
});
