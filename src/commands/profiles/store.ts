import type { Context } from '../../context.js';

// Loaded by the actions only: the store brings the file lock (node:os too) and the paths bring
// node:os, which `--help` never needs.
export const loadStore = () => import('../../settings/store.js');
export const configDirOf = async (ctx: Context) => (await import('../../settings/paths.js')).configDir(ctx.env);
