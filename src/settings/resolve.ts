import type { Context } from '../context.js';
import type { Settings } from './types.js';

export async function resolveSettings(_ctx: Context): Promise<Settings> {
  throw new Error('settings not implemented yet');
}
