import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { action, examples } from '../shared/action.js';

export function registerLogin(login: Command, ctx: Context): void {
  login
    .option('--with-key', 'read the API key from stdin instead of prompting (for CI)')
    .option('--keyring', 'keep the API key in the OS keyring instead of the config file (which then names the entry)')
    .action(
      action(ctx, async (flags: { withKey?: boolean; keyring?: boolean }) =>
        (await import('./login.js')).login(ctx, flags),
      ),
    );
  examples(
    login,
    'shorty login',
    'shorty login --profile work',
    'shorty login --keyring',
    'printf %s "$SHORTY_KEY" | shorty login --base-url https://sho.rt --with-key',
  );
}

export function registerLogout(logout: Command, ctx: Context): void {
  logout.action(action(ctx, async () => (await import('./logout.js')).logout(ctx)));
  examples(logout, 'shorty logout', 'shorty logout --profile work');
}
