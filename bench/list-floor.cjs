// What `shorty urls list` does, without shorty: the least any Node program pays for it. It reads
// the config file, takes the rate-limit state's lock, writes the state aside and renames it over,
// sends the one GET, and prints the rows as tab-separated text. No option parsing, no checks of
// files or answers, no redaction, no name cache: the start-up benchmark's floor for `urls list`.
// Uses SHORTY_BASE_URL, SHORTY_API_KEY and SHORTY_CONFIG_DIR.
'use strict';
const { mkdirSync, readFileSync, renameSync, rmdirSync, writeFileSync } = require('node:fs');
const http = require('node:http');
const { join } = require('node:path');

const dir = process.env.SHORTY_CONFIG_DIR;
try {
  JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
} catch {
  // no config file: the variables hold all of it
}
const state = join(dir, 'floor-ratelimit.json');
mkdirSync(dir, { recursive: true });
mkdirSync(`${state}.lock`);
let slots = [];
try {
  slots = JSON.parse(readFileSync(state, 'utf8'));
} catch {
  // first run
}
slots = [...slots, Date.now()].slice(-30);
writeFileSync(`${state}.tmp`, JSON.stringify(slots));
renameSync(`${state}.tmp`, state);
rmdirSync(`${state}.lock`);

const headers = { authorization: `Bearer ${process.env.SHORTY_API_KEY}`, accept: 'application/json' };
http.get(`${process.env.SHORTY_BASE_URL}/api/urls`, { headers }, (res) => {
  let body = '';
  res.setEncoding('utf8');
  res.on('data', (chunk) => {
    body += chunk;
  });
  res.on('end', () => {
    const fields = ['id', 'alias', 'shorturl', 'longurl', 'title', 'description', 'clicks', 'domain', 'date'];
    const rows = JSON.parse(body).data.urls.map((link) => fields.map((f) => link[f] ?? '').join('\t'));
    process.stdout.write(`${[fields.join('\t'), ...rows].join('\n')}\n`);
  });
});
