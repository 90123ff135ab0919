import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { build } from 'esbuild';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE_OPTIONS } from '../../scripts/bundle-options.mjs';
import { eagerCompile, onRequestPath, type RawSourceMap } from '../../scripts/eager-compile.mjs';

// A bundle built as dist/cli.cjs is (the build's esbuild options, an external source map), from
// modules that exercise what the rewrite moves: a function called before its text, a module loaded
// on demand (esbuild's __esm wrapper), a CommonJS package (__commonJS) whose functions call each
// other before their text, async functions and generators.
const SOURCES: Record<string, string> = {
  'hot/main.ts': `
    import { twice } from './early.js';
    const early = twice(21);
    export async function run(): Promise<string[]> {
      const lazy = await import('./lazy.js');
      const cjs = require('../pkg/index.js');
      return [String(early), lazy.greet('you'), String(cjs.sum(2, 3)), [...lazy.count(3)].join(','), await later()];
    }
    async function later(): Promise<string> {
      return 'later';
    }`,
  'hot/early.ts': `
    export const doubled = twice(2);
    export function twice(n: number): number {
      return helper(n) + helper(n);
    }
    function helper(n: number): number {
      return n > 100 ? helper(n - 1) : n;
    }`,
  'hot/lazy.ts': `
    const prefix = make('hello');
    export function greet(who: string): string {
      return \`\${prefix} \${who}\`;
    }
    export function* count(n: number): Generator<number> {
      for (let i = 1; i <= n; i++) yield i;
    }
    function make(word: string): string {
      return word + ',';
    }`,
  'pkg/index.js': `
    'use strict';
    exports.sum = add;
    function add(a, b) { return inner(a) + inner(b); }
    function inner(a) { return a > 100 ? inner(a - 1) : a; }`,
  'cold/other.ts': `
    export function cold(): string {
      return 'cold';
    }`,
};

let dir: string;
let code: string;
let map: RawSourceMap;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'shorty-eager-'));
  for (const [path, text] of Object.entries(SOURCES)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  writeFileSync(
    join(dir, 'entry.ts'),
    "export { run } from './hot/main.js';\nexport { cold } from './cold/other.js';\n",
  );
  const result = await build({
    ...BUNDLE_OPTIONS,
    entryPoints: [join(dir, 'entry.ts')],
    outfile: join(dir, 'out', 'bundle.cjs'),
    target: 'node20',
    sourcemap: 'external',
    write: false,
    logLevel: 'silent',
  });
  code = result.outputFiles.find((f) => f.path.endsWith('.cjs'))!.text;
  map = JSON.parse(result.outputFiles.find((f) => f.path.endsWith('.map'))!.text);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const hot = (source: string) => source.includes('/hot/') || source.includes('/pkg/');

function load(text: string): { run(): Promise<string[]>; cold(): string } {
  const module = { exports: {} as Record<string, unknown> };
  const require = (path: string) => {
    // The bundle's own require of the CommonJS package is bundled; nothing else is required.
    throw new Error(`unexpected require(${path})`);
  };
  runInNewContext(`(function (exports, require, module) {${text}\n})`, {})(module.exports, require, module);
  return module.exports as never;
}

/** Every function in `text` written as `(function ...)` or `(async function ...)`, by name or module key. */
function eagerFunctions(text: string): string[] {
  const file = ts.createSourceFile('b.js', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const names: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isParenthesizedExpression(node) && ts.isFunctionExpression(node.expression)) {
      const parent = node.parent;
      const key = ts.isPropertyAssignment(parent) ? parent.name.getText(file) : undefined;
      names.push(node.expression.name?.text ?? key ?? '(anonymous)');
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return names;
}

describe('eagerCompile', () => {
  it('runs the same as the bundle it rewrites', async () => {
    const { code: eager } = eagerCompile(code, map, hot);
    const before = load(code);
    const after = load(eager);
    expect(await after.run()).toEqual(await before.run());
    expect(await after.run()).toEqual(['42', 'hello, you', '5', '1,2,3', 'later']);
    expect(after.cold()).toBe('cold');
  });

  it("writes the chosen modules' functions and module bodies as (function ...), and no others", () => {
    const { code: eager } = eagerCompile(code, map, hot);
    expect(eagerFunctions(code)).toEqual([]);
    const names = eagerFunctions(eager);
    for (const name of ['run', 'later', 'twice', 'helper', 'greet', 'count', 'make', 'add', 'inner'])
      expect(names).toContain(name);
    expect(names.some((n) => n.includes('hot/lazy.ts'))).toBe(true);
    expect(names.some((n) => n.includes('pkg/index.js'))).toBe(true);
    expect(names).not.toContain('cold');
  });

  it('keeps every mapping of the source map on the same original place', () => {
    const { code: eager, map: eagerMap } = eagerCompile(code, map, hot);
    const places = (text: string, sourceMap: unknown) => {
      const lookup = new SourceMap(sourceMap as never);
      const file = ts.createSourceFile('b.js', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
      const found: string[] = [];
      const visit = (node: ts.Node) => {
        if (ts.isIdentifier(node)) {
          const { line, character } = file.getLineAndCharacterOfPosition(node.getStart(file));
          const entry = lookup.findEntry(line, character) as { originalSource?: string; originalLine?: number };
          if (entry.originalSource?.includes('/hot/'))
            found.push(`${node.text}@${entry.originalSource.replace(/^.*\//, '')}:${entry.originalLine}`);
        }
        ts.forEachChild(node, visit);
      };
      visit(file);
      return found.sort();
    };
    const before = places(code, map);
    expect(before.length).toBeGreaterThan(20);
    expect(places(eager, eagerMap)).toEqual(before);
  });

  it('with nothing chosen, changes nothing', () => {
    expect(eagerCompile(code, map, () => false).code).toBe(code);
  });
});

describe('onRequestPath', () => {
  it('chooses the request path by the paths a map of dist/ gives', () => {
    for (const source of [
      '../src/cli.ts',
      '../src/api/http.ts',
      '../src/settings/resolve.ts',
      '../src/output/printer.ts',
      '../node_modules/commander/lib/command.js',
    ])
      expect(onRequestPath(source)).toBe(true);
    for (const source of [
      '../src/sandbox/server.ts',
      '../src/bulk/engine/send/create.ts',
      '../src/mcp/server.ts',
      '../src/api/legacy.ts',
      '../src/output/stats-view.ts',
      '../src/commands/shared/watch.ts',
    ])
      expect(onRequestPath(source)).toBe(false);
  });
});
