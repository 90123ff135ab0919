// kill -9 of a running import (the built CLI) while a create is on the wire: every create sent before the kill
// was journaled as an intent first, so each resume looks those up before sending anything, and
// the runs end with exactly one link per row.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startCli, tempDir } from '../helpers/cli.js';
import { startSandbox, type StartedSandbox } from '../helpers/sandbox.js';
import { until } from '../helpers/until.js';

let sandbox: StartedSandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});

test('kill -9 at random points, resumed each time: exactly one link per row', async () => {
  const dir = tempDir('shorty-kill-');
  const urls = Array.from({ length: 12 }, (_, i) => `https://kill.example/${i + 1}`);
  const input = join(dir, 'rows.txt');
  writeFileSync(input, `${urls.join('\n')}\n`);
  const journal = join(dir, 'rows.journal');
  const args = ['urls', 'import', input, '--journal', journal, '--rate-limit', '40/1s', '-o', 'ndjson'];
  const env = { SHORTY_BASE_URL: sandbox.baseUrl, SHORTY_API_KEY: sandbox.apiKey };
  // Every answer comes 150 ms after the server made the link: a kill lands while one is on the wire.
  await sandbox.admin.fault('late', { delayMs: 150 });

  const doneInJournal = () =>
    existsSync(journal)
      ? new Set(
          readFileSync(journal, 'utf8')
            .split('\n')
            .filter((line) => line.includes('"status":"ok"') && line.endsWith('}'))
            .map((line) => (JSON.parse(line) as { url: string }).url),
        ).size
      : 0;
  let kills = 0;
  let found = 0;
  for (let run = 0; run < 20; run++) {
    const { child, result } = startCli(args, { env });
    if (kills < 4) {
      // When the server holds a link whose answer is still on the wire (more links than the
      // journal has rows done), however long the run took to get there.
      await until(async () => child.exitCode !== null || (await sandbox.admin.stats()).links > doneInJournal());
      child.kill('SIGKILL');
    }
    const res = await result.catch((err: { exitCode?: number; stderr?: string; signal?: string }) => ({
      exitCode: err.exitCode ?? -1,
      stderr: String(err.stderr ?? ''),
      stdout: '',
    }));
    found += Number(/: (\d+) found on the server/.exec(res.stderr)?.[1] ?? 0);
    if (kills < 4) {
      kills += 1;
      continue;
    }
    expect(res.exitCode, res.stderr).toBe(0);
    break;
  }
  await sandbox.admin.fault(null);
  expect(kills).toBe(4);
  const links = (await sandbox.api('GET', '/urls?limit=100')).json.data.urls.map((l: { longurl: string }) => l.longurl);
  expect(links.sort()).toEqual([...urls].sort());
  // The kills left creates whose answers never came, and the resumes found them instead of sending them again.
  expect(found).toBeGreaterThan(0);
  const records = readFileSync(journal, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  expect(
    records
      // A link a resume found is adopted (not seen made); the others were answered.
      .filter((r) => r.status === 'ok' || r.status === 'adopted')
      .map((r) => r.url)
      .sort(),
  ).toEqual([...urls].sort());
});
