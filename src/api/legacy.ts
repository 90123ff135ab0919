import type { Context } from '../context.js';

export interface LegacyApi {
  /** Sends a legacy GET to `{base_url}/api/v1/<KEY>/shorturl/<path>`; resolves with the parsed `data`. */
  call(path: string, opts?: { xml?: boolean }): Promise<unknown>;
}

export async function createLegacyApi(_ctx: Context): Promise<LegacyApi> {
  throw new Error('legacy API not implemented yet');
}
