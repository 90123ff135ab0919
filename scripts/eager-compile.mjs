// V8 compiles a function when it is first called, unless it is written as `(function ...)`, which
// it takes for a function about to be called and compiles with the code around it. Node's compile
// cache keeps what V8 compiled with the file, nothing compiled later: every run of shorty compiled
// again, from source, each function of the request path it called. `eagerCompile` rewrites the
// built bundle so that the functions of the modules every request runs through (`isEager`, given
// a module's path) are compiled with the file, and so cached:
// - a module-level `function f() {...}` becomes `var f = (function f() {...});`, moved to the head
//   of the bundle (or of the body it was declared in), where a declaration's binding is made, so
//   code that calls it before its text still finds it;
// - esbuild's wrapper of a module, `__esm({ "src/x.ts"() {...} })` (and `__commonJS`), becomes
//   `"src/x.ts": (function () {...})`, and the module-level functions in its body move as above.
// Inside a function compiled so, only what is written the same way is compiled with it: its
// closures stay lazy. Everything eager is in the cache that every run reads, so a function
// few runs call costs every run its share: the rule is by module, for the modules on every
// request's way (docs/design/performance.md has the figures).
import { SourceMap } from 'node:module';
import ts from 'typescript';
import { decodeMappings, encodeMappings, lineOf, lineStarts } from './source-maps.mjs';

/**
 * The modules whose functions are compiled with the bundle: what every command that sends a
 * request runs through (start, parsing, settings, the transport and its limiter, the name cache,
 * the printer), and the packages it uses on the way; not the parts of those folders that only
 * some commands load (the legacy API, the Redis rate store, the stats view, a verb's own helpers).
 */
const REQUEST_PATH = [
  /^src\/(entry|cli|factory|errors|io|file-errors|parser-errors|version)\.ts$/,
  /^src\/(api|settings|output|cache|util)\//,
  /^src\/commands\/(index|command-word)\.ts$/,
  /^src\/commands\/shared\/(action|group|list|surface)\.ts$/,
  /^node_modules\/(commander|write-file-atomic|signal-exit|imurmurhash)\//,
];
const NOT_EVERY_REQUEST =
  /^src\/(api\/(legacy|legacy-path|rate-store-redis)|cache\/scope-ids|output\/(stats-view|bar-chart))\.ts$/;

/** `source` as a source map of dist/ names it (`../src/cli.ts`). */
export function onRequestPath(source) {
  const path = source.replace(/^(\.\.\/)+/, '');
  return REQUEST_PATH.some((pattern) => pattern.test(path)) && !NOT_EVERY_REQUEST.test(path);
}

/**
 * `code` and its source map (`map`, the parsed JSON) as esbuild wrote them; `isEager(source)` says
 * whether the functions of that original module (its path, as the map or esbuild's wrapper names
 * it) are compiled with the file. Without a map, every module's are. Returns the rewritten code
 * and its source map.
 */
export function eagerCompile(code, map, isEager) {
  const file = ts.createSourceFile('bundle.js', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const lookup = map ? new SourceMap(map) : undefined;
  // A module's wrapper is keyed by the module's path; a function is the module's its map names.
  const eager = (node) => {
    if (!lookup) return true;
    if (ts.isMethodDeclaration(node) && ts.isStringLiteral(node.name)) return isEager(node.name.text);
    const { line, character } = file.getLineAndCharacterOfPosition(node.getStart(file));
    const source = lookup.findEntry(line, character).originalSource;
    return typeof source === 'string' && isEager(source);
  };
  const edits = { inserts: [], moves: [] };
  hoistDeclarations(file, file.statements, prologueEnd(file.statements, 0), eager, edits);
  const { text, pieces, unmapped } = applyEdits(code, edits);
  return { code: text, map: map && remapSourceMap(map, code, text, pieces, unmapped) };
}

/** The position after a body's directives ("use strict"): where its hoisted functions go. */
function prologueEnd(statements, bodyStart) {
  let at = bodyStart;
  for (const statement of statements) {
    if (!ts.isExpressionStatement(statement) || !ts.isStringLiteral(statement.expression)) break;
    at = statement.end;
  }
  return at;
}

function hoistDeclarations(file, statements, prologueAt, eager, edits) {
  for (const statement of statements) {
    if (ts.isFunctionDeclaration(statement) && statement.body && statement.name && eager(statement)) {
      const start = statement.getStart(file);
      edits.moves.push({ start, end: statement.end, to: prologueAt, name: statement.name.text });
    } else {
      wrapModuleBodies(file, statement, eager, edits);
    }
  }
}

/** `__esm({ "path"() {...} })` or `__commonJS(...)`: esbuild's lazy module wrappers. */
function moduleWrapper(node) {
  if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression)) return undefined;
  if (node.expression.text !== '__esm' && node.expression.text !== '__commonJS') return undefined;
  const [arg] = node.arguments;
  if (node.arguments.length !== 1 || !ts.isObjectLiteralExpression(arg) || arg.properties.length !== 1)
    return undefined;
  const [body] = arg.properties;
  return ts.isMethodDeclaration(body) && body.body && !body.asteriskToken && !body.modifiers ? body : undefined;
}

function wrapModuleBodies(file, node, eager, edits) {
  const visit = (child) => {
    const method = moduleWrapper(child);
    if (!method) return ts.forEachChild(child, visit);
    if (!eager(method)) return undefined;
    edits.inserts.push({ at: method.name.end, text: ':(function' }, { at: method.end, text: ')' });
    const { body } = method;
    hoistDeclarations(file, body.statements, prologueEnd(body.statements, body.getStart(file) + 1), eager, edits);
    return undefined;
  };
  ts.forEachChild(node, visit);
}

/**
 * The new text, and for the source map `pieces`, where each stretch of the old text now is
 * ({from, to, at}: old [from, to) starts at `at` in the new text), and `unmapped`, the places after
 * a moved function, where what follows is not that function's source any more.
 */
function applyEdits(code, { inserts, moves }) {
  const events = [
    ...inserts.map((e) => ({ at: e.at, order: 1, insert: e.text })),
    ...moves.map((m) => ({ at: m.to, order: 0, move: m })),
    ...moves.map((m) => ({ at: m.start, order: 2, cut: m })),
  ].sort((a, b) => a.at - b.at || a.order - b.order);
  const pieces = [];
  const unmapped = [];
  let text = '';
  let pos = 0;
  const copy = (from, to) => {
    if (to <= from) return;
    pieces.push({ from, to, at: text.length });
    text += code.slice(from, to);
  };
  for (const event of events) {
    if (event.at < pos) throw new Error(`eager-compile: overlapping edits at ${event.at}`);
    copy(pos, event.at);
    pos = event.at;
    if (event.insert) text += event.insert;
    if (event.move) {
      const { start, end, name } = event.move;
      text += `var ${name}=(`;
      copy(start, end);
      text += ');';
      unmapped.push(text.length);
    }
    if (event.cut) {
      // A statement's place keeps a statement: the next line can't join the one before.
      text += ';';
      pos = event.cut.end;
    }
  }
  copy(pos, code.length);
  return { text, pieces, unmapped };
}

/** The same mappings, each at the place its text moved to. */
function remapSourceMap(map, oldText, newText, pieces, unmapped) {
  const oldStarts = lineStarts(oldText);
  const newStarts = lineStarts(newText);
  const byFrom = [...pieces].sort((a, b) => a.from - b.from);
  const moved = [];
  for (const segment of decodeMappings(map.mappings)) {
    const offset = oldStarts[segment.line] + segment.fields[0];
    let lo = 0;
    let hi = byFrom.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (byFrom[mid].from <= offset) lo = mid;
      else hi = mid - 1;
    }
    const piece = byFrom[lo];
    // A mapping in a statement's cut text (`;` now) has no place left.
    if (!piece || offset < piece.from || offset >= piece.to) continue;
    const at = piece.at + (offset - piece.from);
    const line = lineOf(newStarts, at);
    moved.push({ line, fields: [at - newStarts[line], ...segment.fields.slice(1)] });
  }
  for (const at of unmapped) {
    const line = lineOf(newStarts, at);
    moved.push({ line, fields: [at - newStarts[line]] });
  }
  // At one place, the mapping of the text there goes after the end of the moved text before it.
  moved.sort((a, b) => a.line - b.line || a.fields[0] - b.fields[0] || a.fields.length - b.fields.length);
  return { ...map, mappings: encodeMappings(moved) };
}
