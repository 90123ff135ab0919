// The licence texts of the packages esbuild put in the bundles, for dist/THIRD-PARTY-LICENSES:
// bundled code ships inside shorty's own files, so its licences must ship with them.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The folder of the package each bundled file came from (node_modules/<name> or node_modules/@s/<name>). */
function packageDirs(metafiles) {
  const dirs = new Set();
  for (const { inputs } of metafiles) {
    for (const input of Object.keys(inputs)) {
      // `namespace:path`: a module a plugin made (a reference to the other file's module), not bundled code.
      if (/^[a-z][\w-]+:/.test(input)) continue;
      const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
      if (match) dirs.add(match[1]);
    }
  }
  return [...dirs];
}

async function licenceText(dir) {
  const names = await readdir(dir);
  const file = names.find((name) => /^(licen[cs]e|copying)(\.(md|txt))?$/i.test(name));
  return file ? (await readFile(join(dir, file), 'utf8')).trim() : undefined;
}

/** One section per package, sorted by name: name@version, its licence field, the licence text. */
export async function thirdPartyLicenses(metafiles) {
  const sections = [];
  for (const dir of packageDirs(metafiles)) {
    const meta = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'));
    const licence = meta.license ?? meta.licenses?.map((l) => l.type).join(' OR ') ?? 'no licence field';
    const text = (await licenceText(dir)) ?? `Licensed under ${licence} (the package ships no licence file).`;
    sections.push({ title: `${meta.name}@${meta.version} (${licence})`, text });
  }
  const unique = [...new Map(sections.map((s) => [s.title, s])).values()];
  unique.sort((a, b) => a.title.localeCompare(b.title));
  const intro = 'shorty bundles the following packages. Their licences follow.\n';
  return `${intro}\n${unique.map((s) => `${'='.repeat(72)}\n${s.title}\n\n${s.text}\n`).join('\n')}`;
}
