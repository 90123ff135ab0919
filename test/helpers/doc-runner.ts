// Runs a documented `sh` block against the docs' world (doc-world.ts) and says what went wrong, if
// anything: a command that exits non-zero, or output other than the page shows. A block of
// shorty commands, pipes between them and redirections runs in this process; one that needs a
// shell (another program, a loop, `$?`) runs in bash, with `shorty` the built CLI.
import { execa } from 'execa';
import { appendFileSync, chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN } from './cli.js';
import { type DocBlock, type Step, stepsOf } from './doc-blocks.js';
import { type Line, parseLine, ShellNeeded, type Stage } from './doc-line.js';
import { PAGE_URL, type Run, runShorty, type World } from './doc-world.js';

/** A block bash must run (it runs beside others, with sandboxes of its own); the rest run here. */
export function needsShell(block: DocBlock): boolean {
  return block.linePerShell || !stepsOf(block.text).steps.every((step) => inProcess(step.command, {}));
}

/** What is wrong with the block, or nothing. */
export async function runBlock(block: DocBlock, world: World): Promise<string | undefined> {
  const page = block.where.replace(/:\d+$/, '');
  const shell = needsShell(block);
  const { dir, env, url, close } = await (shell ? world.ownBlock(page) : world.freshBlock(page));
  try {
    if (block.linePerShell) return await eachLineInItsShell(stepsOf(block.text).steps, dir, env);
    if (shell) {
      if (stepsOf(block.text).transcript) return 'a transcript ($ lines) of commands this runner cannot run in-process';
      return await inBash(block.text.replaceAll(PAGE_URL, url), dir, env);
    }
    return await inThisProcess(block, dir, env, url);
  } finally {
    await close();
  }
}

async function inThisProcess(block: DocBlock, dir: string, env: Record<string, string>, url: string) {
  const { transcript, steps } = stepsOf(block.text);
  const seen = (text: string) => text.replaceAll(url, PAGE_URL).replaceAll(env.HOME, '/home/me');
  const prev = process.cwd();
  process.chdir(dir);
  try {
    for (const step of steps) {
      const command = step.command.replaceAll(PAGE_URL, url);
      const problem = await runStep({ ...step, command }, env, transcript, seen);
      if (problem) return problem;
    }
  } finally {
    process.chdir(prev);
  }
  return undefined;
}

function inProcess(command: string, env: Record<string, string>): boolean {
  try {
    parseLine(command, (name) => env[name] ?? '');
    return true;
  } catch (err) {
    if (err instanceof ShellNeeded) return false;
    throw err;
  }
}

async function runStep(
  step: Step,
  env: Record<string, string>,
  terminal: boolean,
  seen: (text: string) => string,
): Promise<string | undefined> {
  const line: Line = parseLine(step.command, (name) => {
    if (env[name] === undefined) throw new Error(`$${name} is not set`);
    return env[name];
  });
  if (line.kind === 'export') {
    for (const [name, value] of line.vars) env[name] = value;
    return undefined;
  }
  const runs = await pipeline(line.stages, env, terminal);
  // A page says so when a command is to fail: `# exits 1: ...`.
  const expected = Number(/#\s*exits (\d+)\b/.exec(step.command)?.[1] ?? 0);
  const failed = runs.findIndex((run, i) => run.exitCode !== (i === runs.length - 1 ? expected : 0));
  if (failed >= 0)
    return `\`${step.command}\`: ${line.stages[failed].program} ${line.stages[failed].args.join(' ')} exited ${runs[failed].exitCode}: ${runs[failed].stderr}`;
  const last = runs[runs.length - 1];
  if (line.kind === 'assign') env[line.name] = last.stdout.toString('utf8').replace(/\n+$/, '');
  if (step.output === undefined) return undefined;
  const stderr = runs.map((run) => run.stderr).join('');
  const mismatch = interleaves(step.output, lines(seen(last.stdout.toString('utf8'))), lines(seen(stderr)));
  return mismatch && `\`${step.command}\`: ${mismatch}`;
}

/**
 * Each stage's stdout is the next one's stdin, as a pipe would have it (one at a time: no stage
 * waits). shorty runs in this process; another program (jq, curl) as a process of its own.
 */
async function pipeline(stages: Stage[], env: Record<string, string>, terminal: boolean): Promise<Run[]> {
  const runs: Run[] = [];
  let input: Buffer | undefined;
  for (const stage of stages) {
    if (stage.stdin !== undefined) input = readFileSync(stage.stdin);
    const run =
      stage.program === 'shorty'
        ? await runShorty(stage.args, { ...env }, input, terminal && !stage.stdout)
        : await runProgram(stage, env, input);
    if (stage.stdout) (stage.stdout.append ? appendFileSync : writeFileSync)(stage.stdout.file, run.stdout);
    input = stage.stdout ? Buffer.alloc(0) : run.stdout;
    runs.push(run);
  }
  return runs;
}

async function runProgram(stage: Stage, env: Record<string, string>, input: Buffer | undefined): Promise<Run> {
  const res = await execa(stage.program, stage.args, {
    env: { ...env, PATH: process.env.PATH },
    extendEnv: false,
    input: input ?? Buffer.alloc(0),
    encoding: 'buffer',
    reject: false,
    timeout: 20_000,
  });
  return {
    exitCode: res.exitCode ?? -1,
    stdout: Buffer.from(res.stdout),
    stderr: Buffer.from(res.stderr).toString('utf8'),
  };
}

const lines = (text: string) => (text === '' ? [] : text.replace(/\n$/, '').split('\n'));

/** `...` in a line the page shows stands for any text. */
function matches(shown: string, printed: string): boolean {
  const pattern = shown
    .split('...')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${pattern}$`).test(printed.trimEnd());
}

/**
 * The lines the page shows must be stdout's and stderr's lines, each stream in its order (how a
 * terminal interleaves the two is not known here).
 */
export function interleaves(shown: string[], stdout: string[], stderr: string[]): string | undefined {
  let out = 0;
  let err = 0;
  for (const line of shown) {
    if (out < stdout.length && matches(line, stdout[out])) out++;
    else if (err < stderr.length && matches(line, stderr[err])) err++;
    else return `the page shows ${JSON.stringify(line)}; it printed:\n${[...stdout, ...stderr].join('\n')}`;
  }
  if (out < stdout.length || err < stderr.length)
    return `it printed more than the page shows:\n${[...stdout.slice(out), ...stderr.slice(err)].join('\n')}`;
  return undefined;
}

/** PATH with a `shorty` that is the built CLI. */
function shellEnv(dir: string, env: Record<string, string>): Record<string, string> {
  const bin = join(dir, 'bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'shorty'), `#!/bin/sh\nexec '${process.execPath}' '${BIN}' "$@"\n`);
  chmodSync(join(bin, 'shorty'), 0o755);
  return { ...env, PATH: `${bin}:${process.env.PATH}` };
}

async function inBash(script: string, dir: string, env: Record<string, string>): Promise<string | undefined> {
  const res = await execa('bash', ['-euo', 'pipefail', '-c', script], {
    cwd: dir,
    env: shellEnv(dir, env),
    extendEnv: false,
    reject: false,
    stdin: 'ignore',
    timeout: 20_000,
  });
  return res.exitCode === 0 ? undefined : `bash exited ${res.exitCode}: ${res.stderr}`;
}

/** A completion set-up line runs in the shell it names, as its reader would paste it. */
async function eachLineInItsShell(steps: Step[], dir: string, env: Record<string, string>) {
  const runEnv = shellEnv(dir, env);
  // zsh takes its function path from FPATH: the first folder of it is in the test's home.
  runEnv.FPATH = join(env.HOME, '.zsh-functions');
  mkdirSync(runEnv.FPATH, { recursive: true });
  for (const { command } of steps) {
    const shell = /\bshorty completion (bash|zsh|fish)\b/.exec(command)?.[1];
    if (!shell) return `\`${command}\`: not a completion line of a shell`;
    const res = await execa(shell, ['-c', command], {
      cwd: dir,
      env: runEnv,
      extendEnv: false,
      reject: false,
      stdin: 'ignore',
    });
    if (res.exitCode !== 0 || res.stderr !== '')
      return `${shell}: \`${command}\` exited ${res.exitCode}: ${res.stderr}`;
  }
  return undefined;
}
