import type { Command } from 'commander';

/** The look of a QR code, the same options on `qr add` and `qr update`. */
export function addLookOptions(cmd: Command): Command {
  return cmd
    .option('--background <rgb>', 'background colour, "rgb(r,g,b)" with 0-255')
    .option('--foreground <rgb>', 'foreground colour, "rgb(r,g,b)" with 0-255')
    .option('--logo <path|url>', 'logo in the middle, a path or URL of a png or jpg');
}
