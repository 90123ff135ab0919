import type { Command } from 'commander';
import type { Context } from '../context.js';
import { register as account } from './account/index.js';
import { register as api } from './api/index.js';
import { register as auth } from './auth/index.js';
import { register as campaigns } from './campaigns/index.js';
import { register as channels } from './channels/index.js';
import { register as completion } from './completion/index.js';
import { register as config } from './config/index.js';
import { register as domains } from './domains/index.js';
import { register as legacy } from './legacy/index.js';
import { register as limits } from './limits/index.js';
import { register as overlays } from './overlays/index.js';
import { register as pixels } from './pixels/index.js';
import { register as profiles } from './profiles/index.js';
import { register as qr } from './qr/index.js';
import { register as sandbox } from './sandbox/index.js';
import { register as splash } from './splash/index.js';
import { register as urls } from './urls/index.js';

/** Every command group, in the order `shorty --help` lists them. */
export function registerCommands(program: Command, ctx: Context): void {
  for (const register of [
    urls, domains, campaigns, channels, pixels, qr, overlays, splash, account,
    legacy, api, auth, config, profiles, limits, completion, sandbox,
  ]) {
    register(program, ctx);
  }
}
