// bench/list-floor.cjs behind a command line of shorty's shape, parsed by commander: a root with
// 22 options and a help option, a `urls` group, and a `list` verb with 8 options. What any CLI
// built on commander pays for `urls list` before it does anything of its own.
'use strict';
const { Command } = require('commander');

const program = new Command('shorty').version('1.0.0', '-V, --version').helpOption('-h, --help', 'show help');
for (let i = 0; i < 22; i += 1) program.option(`--global-${i} <value>`, `global option ${i}`);
const urls = program.command('urls').alias('url').description('manage links');
const list = urls.command('list').alias('ls').description('list your links');
for (let i = 0; i < 8; i += 1) list.option(`--list-${i} <value>`, `list option ${i}`);
list.action(() => require('./list-floor.cjs'));
program.parseAsync(process.argv.slice(2), { from: 'user' });
