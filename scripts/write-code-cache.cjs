'use strict';
// Run by scripts/build.mjs with the names of the files in dist/ to cache: loads them the way
// bin/shorty.js does, runs what most calls run (help pages, so commander, the registration and
// the help renderer get compiled), then writes each file's V8 code cache, prefixed with the
// file's build id. Requests and servers can't run here, so the chunks (dist/undici.cjs...) are
// cached as loaded (their top-level code).
const { writeFileSync } = require('node:fs');
const { loadCompiled, BUILD_MARK, BUILD_ID_LENGTH } = require('../bin/shorty.js');

const RUNS = [['--help'], ['urls', 'list', '--help']];

async function main() {
  const scripts = [];
  const bundle = loadCompiled('shorty.cjs', scripts);
  const exit = process.exit;
  for (const args of RUNS) {
    const code = await new Promise((resolve) => {
      process.exit = resolve;
      bundle.run(args);
    });
    if (code !== 0) throw new Error(`shorty ${args.join(' ')} exited ${code} while writing the code cache`);
  }
  process.exit = exit;
  for (const name of process.argv.slice(2)) if (name !== 'shorty.cjs') loadCompiled(name, scripts);
  for (const { file, source, script } of scripts) {
    const at = source.lastIndexOf(BUILD_MARK) + BUILD_MARK.length;
    const id = Buffer.from(source.slice(at, at + BUILD_ID_LENGTH), 'latin1');
    writeFileSync(`${file}.cache`, Buffer.concat([id, script.createCachedData()]));
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
