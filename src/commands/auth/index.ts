import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { action, examples } from '../shared/action.js';

export function register(program: Command, ctx: Context): void {
  const login = program.command('login')
    .description('save a base URL and API key in a profile, after checking the key with the service')
    .option('--with-key', 'read the API key from stdin instead of prompting (for CI)')
    .action(action(ctx, async (flags: { withKey?: boolean }) => (await import('./login.js')).login(ctx, flags)));
  examples(login,
    'shorty login',
    'shorty login --profile work',
    'printf "%s" "$SHORTY_KEY" | shorty login --base-url https://sho.rt --with-key');

  const logout = program.command('logout')
    .description('remove the API key from a profile (its other settings stay)')
    .action(action(ctx, async () => (await import('./logout.js')).logout(ctx)));
  examples(logout, 'shorty logout', 'shorty logout --profile work');
}
