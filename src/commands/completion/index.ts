import { Argument, type Command } from 'commander';
import type { Context } from '../../context.js';
import { action, examples, notes } from '../shared/action.js';

// Kept here (not imported from src/completion) so registering the command loads no generator.
const SHELLS = ['bash', 'zsh', 'fish'] as const;

export function register(cmd: Command, ctx: Context): void {
  cmd.addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(SHELLS)).action(
    action(ctx, async (shell: (typeof SHELLS)[number]) => {
      const { completionScript } = await import('../../completion/index.js');
      ctx.io.stdout.write(completionScript(shell, cmd.parent!));
    }),
  );
  notes(
    cmd,
    'Besides commands, flags and profile names, Tab offers the link aliases and the campaign, channel, ' +
      'pixel, QR and domain names that earlier commands saw (the name cache of the profile: see ' +
      '`shorty cache`). The script reads that cache itself: a Tab sends no request and starts no shorty.',
  );
  examples(
    cmd,
    'source <(shorty completion bash)   # bash, now (in ~/.bashrc: every shell)',
    'shorty completion bash > ~/.local/share/bash-completion/completions/shorty',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: zsh's own ${fpath[1]}, written for the shell
    'shorty completion zsh > "${fpath[1]}/_shorty"  # zsh; restart the shell',
    'shorty completion fish > ~/.config/fish/completions/shorty.fish',
  );
}
