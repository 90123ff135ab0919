import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { build } from 'esbuild';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE_OPTIONS } from '../../scripts/bundle-options.mjs';
import { eagerCompile, type RawSourceMap } from '../../scripts/eager-compile.mjs';
import { minifyNames } from '../../scripts/minify-names.mjs';

// dist/cli.cjs's last steps: the eager compile, then short names. The names go, the parentheses
// that make V8 compile a function with the file stay, and the source map still leads each place
// to the original one.
const SOURCES: Record<string, string> = {
  'src/main.ts': `
    import { describeUser } from './users.js';
    export class NamedFailure extends Error {
      override name = 'NamedFailure';
    }
    export async function run(): Promise<string[]> {
      const lazy = await import('./lazy.js');
      return [describeUser({ firstName: 'Ada', yearOfBirth: 1815 }), lazy.shout('hi'), await settle()];
    }
    async function settle(): Promise<string> {
      try {
        throw new NamedFailure('no');
      } catch (err) {
        return (err as Error).name;
      }
    }`,
  'src/users.ts': `
    export function describeUser(user: { firstName: string; yearOfBirth: number }): string {
      const ageInYears = yearsSince(user.yearOfBirth);
      return \`\${user.firstName} (\${ageInYears})\`;
    }
    function yearsSince(year: number): number {
      return 2000 - year;
    }`,
  'src/lazy.ts': `
    const suffix = exclaim('!');
    export function shout(word: string): string {
      return word.toUpperCase() + suffix;
    }
    function exclaim(mark: string): string {
      return mark.repeat(2);
    }`,
};

let dir: string;
let eager: { code: string; map: RawSourceMap };
let short: { code: string; map: RawSourceMap };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'shorty-minify-'));
  for (const [path, text] of Object.entries(SOURCES)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const result = await build({
    ...BUNDLE_OPTIONS,
    entryPoints: [join(dir, 'src', 'main.ts')],
    outfile: join(dir, 'out', 'bundle.cjs'),
    target: 'node20',
    sourcemap: 'external',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles.find((f) => f.path.endsWith('.cjs'))!.text;
  const map = JSON.parse(result.outputFiles.find((f) => f.path.endsWith('.map'))!.text);
  const compiled = eagerCompile(code, map, () => true);
  eager = { code: compiled.code, map: compiled.map! };
  short = await minifyNames(eager.code, eager.map);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(text: string): Promise<string[]> {
  const module = { exports: {} as { run(): Promise<string[]> } };
  runInNewContext(`(function (exports, require, module) {${text}\n})`, {})(module.exports, () => {}, module);
  return module.exports.run();
}

/** Where the map says each `(function ...)` of `text` comes from, in order. */
function eagerFunctions(text: string, map: RawSourceMap): string[] {
  const lookup = new SourceMap(map as never);
  const file = ts.createSourceFile('b.js', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isParenthesizedExpression(node) && ts.isFunctionExpression(node.expression)) {
      const at = file.getLineAndCharacterOfPosition(node.expression.getStart(file));
      const entry = lookup.findEntry(at.line, at.character) as { originalSource?: string; originalLine?: number };
      found.push(`${entry.originalSource?.replace(/^.*\/src\//, '')}:${entry.originalLine}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The original names the map gives the identifiers of `text`. */
function originalNames(text: string, map: RawSourceMap): Set<string> {
  const lookup = new SourceMap(map as never);
  const file = ts.createSourceFile('b.js', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const names = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node)) {
      const at = file.getLineAndCharacterOfPosition(node.getStart(file));
      const entry = lookup.findEntry(at.line, at.character) as { name?: string };
      if (entry.name) names.add(entry.name);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return names;
}

describe('minifyNames', () => {
  it('runs the same, shorter, and an error still names itself', async () => {
    expect(await run(short.code)).toEqual(await run(eager.code));
    expect(await run(short.code)).toEqual(['Ada (185)', 'HI!!', 'NamedFailure']);
    expect(short.code.length).toBeLessThan(eager.code.length);
    expect(short.code).not.toContain('yearsSince');
    expect(short.code).not.toContain('ageInYears');
  });

  it('keeps every function the eager compile wrote as (function ...)', () => {
    const count = (text: string) => text.match(/\((async )?function[ *(]/g)?.length ?? 0;
    expect(count(eager.code)).toBeGreaterThan(4);
    expect(count(short.code)).toBe(count(eager.code));
  });

  it('maps each function to its original place, and the short names to the original ones', () => {
    const before = eagerFunctions(eager.code, eager.map);
    expect(before).toEqual(expect.arrayContaining(['users.ts:5', 'lazy.ts:5', 'main.ts:9']));
    expect(eagerFunctions(short.code, short.map)).toEqual(before);
    const names = originalNames(short.code, short.map);
    for (const name of ['describeUser', 'ageInYears', 'yearsSince', 'exclaim']) expect(names).toContain(name);
  });

  it('keeps the original sources and their text in the map', () => {
    expect(short.map.sources.map((s) => s.replace(/^.*\/src\//, '')).sort()).toEqual([
      'lazy.ts',
      'main.ts',
      'users.ts',
    ]);
    expect((short.map.sourcesContent as string[]).join('\n')).toContain('function yearsSince');
  });
});
