// Names from a server or the config file are data: in real interactive bash, zsh and fish, Tab
// inserts a hostile name exactly (quoted for where the cursor is: bare, after ' or ") and Enter
// passes it as one word; nothing in it runs. The shells are spawned in a pseudo-terminal because
// the shell's own line editor, quoting and parsing are the subject. The cache they read is the
// one real `urls list --all` and `campaigns list` runs wrote, with a link no sandbox would make
// (its alias) recorded as a server's answer would be.
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createNameRecorder } from '../../src/cache/recorder.js';
import type { Settings } from '../../src/settings/types.js';
import { tempDir } from '../helpers/cli.js';
import { type Shell, tabThenEnter } from '../helpers/interactive-shell.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli({ inProcess: true });

/** Each hostile name would leave a file in `marks` (the shells' working folder) if a shell ran any of it. */
const marks = tempDir();
const LINK = 'fish2$(touch link)';
const CAMPAIGN = `ev\`touch tick\`;touch semi 'q' "dq"`;
const BANG = 'bang!x"$(touch bang)"';
const PROFILE = 'x$(touch$IFS./profile)';
const PROFILE_2 = `y;touch profile2 'a b'`;

let configDir: string;
/** What `shorty profiles list -q` prints for that config: the completion scripts run it for profile names. */
let profilesList: string;
beforeAll(async () => {
  await cli.sandbox.admin.reset({ data: true });
  await cli.sandbox.api('POST', '/url/add', { url: 'https://example.com/', custom: 'fish1', metatitle: 'A title' });
  for (const name of [CAMPAIGN, BANG]) await cli.sandbox.api('POST', '/campaign/add', { name });
  configDir = tempDir();
  for (const args of [
    ['urls', 'list', '--all', '-q'],
    ['campaigns', 'list', '-q'],
  ]) {
    const res = await cli.run(args, { configDir });
    expect(res.exitCode, res.stderr).toBe(0);
  }
  const recorder = createNameRecorder();
  const page = { error: '0', data: { currentpage: 2, urls: [{ id: 99, alias: LINK, title: 'hostile' }] } };
  await recorder.watch({ call: async () => page } as never).call('GET', '/urls');
  const settings = { profile: 'default', configDir, baseUrl: cli.env.SHORTY_BASE_URL, apiKey: cli.env.SHORTY_API_KEY };
  await recorder.flush(settings as Settings, Date.now(), (line) => expect.fail(line));
  // Names an older shorty let one create: they are still listed, so they must be inserted safely.
  const profiles = { default: {}, [PROFILE]: {}, [PROFILE_2]: {}, work: {} };
  writeFileSync(join(configDir, 'config.json'), JSON.stringify({ profiles }), { mode: 0o600 });
  const listed = await cli.run(['profiles', 'list', '-q'], { configDir });
  expect(listed.exitCode, listed.stderr).toBe(0);
  profilesList = listed.stdout;
});

const CASES: [string, string[]][] = [
  ['shorty urls get fish2', ['urls', 'get', LINK]],
  ["shorty urls get 'fish2", ['urls', 'get', LINK]],
  ['shorty urls get "fish2', ['urls', 'get', LINK]],
  ['shorty campaigns get ev', ['campaigns', 'get', CAMPAIGN]],
  ["shorty campaigns get 'ev", ['campaigns', 'get', CAMPAIGN]],
  ['shorty campaigns get "ev', ['campaigns', 'get', CAMPAIGN]],
  ['shorty campaigns get "bang', ['campaigns', 'get', BANG]],
  ['shorty campaigns get bang', ['campaigns', 'get', BANG]],
  ['shorty --profile x', ['--profile', PROFILE]],
  ['shorty profiles use x', ['profiles', 'use', PROFILE]],
  ["shorty profiles delete 'y", ['profiles', 'delete', PROFILE_2]],
  ['shorty profiles delete y', ['profiles', 'delete', PROFILE_2]],
];

describe('Tab inserts names exactly, and nothing in them runs', () => {
  it.each(['bash', 'zsh', 'fish'] satisfies Shell[])(
    'in %s: bare, after \' or ", after --profile and profiles use|delete',
    async (shell) => {
      const ran = await tabThenEnter(
        shell,
        CASES.map(([line]) => line),
        { SHORTY_CONFIG_DIR: configDir },
        marks,
        profilesList,
      );
      expect(ran).toEqual(CASES.map(([, words]) => words));
      expect(readdirSync(marks)).toEqual([]);
    },
  );
});
