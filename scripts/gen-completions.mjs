// Writes completions/ from the built CLI (`npm run completions` builds first), so the committed
// scripts are exactly what `shorty completion <shell>` prints; a test fails when they are stale.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const COMPLETION_FILES = { bash: 'shorty.bash', zsh: '_shorty', fish: 'shorty.fish' };

const root = fileURLToPath(new URL('..', import.meta.url));
for (const [shell, file] of Object.entries(COMPLETION_FILES)) {
  const script = execFileSync(process.execPath, ['bin/shorty.js', 'completion', shell], {
    cwd: root,
    encoding: 'utf8',
  });
  writeFileSync(new URL(`../completions/${file}`, import.meta.url), script);
  console.log(`completions/${file}`);
}
