import { Help } from 'commander';
import { describe, expect, it } from 'vitest';
import { rootHelp } from '../../scripts/root-help.js';
import { HELP_SETTINGS, layoutHelp } from '../../src/help/layout.js';
import { runInProcess } from '../helpers/in-process.js';

// What the front prints for `shorty --help` on a terminal: the page the build makes, laid out at the
// terminal's width, then what follows it. It must be what the CLI prints there, at every width.
describe('the root help page the build gives the front', () => {
  it('laid out at any width, is what the CLI prints on a terminal that wide', async () => {
    const { page, after, text } = await rootHelp();
    expect(text).toBe((await runInProcess(['--help'])).stdout);
    for (const columns of [1, 20, 24, 39, 40, 41, 60, 79, 80, 81, 100, 119, 120, 160, 200, 400]) {
      const helper = Object.assign(new Help(), HELP_SETTINGS);
      helper.prepareContext({ helpWidth: columns });
      const cli = await runInProcess(['--help'], { terminalColumns: columns });
      expect(layoutHelp(page, helper) + after, `${columns} columns`).toBe(cli.stdout);
    }
  });
});
