// A documented command line as what the docs runner can run without a shell: `NAME=$(pipeline)`,
// `export NAME=value...`, or a pipeline of commands (shorty, run in this process, or another
// program such as jq) with `<`, `>` and `>>`. Anything else (`&&`, a loop, `$?`, a `~`) is a
// ShellNeeded: the block goes to bash.
export class ShellNeeded extends Error {}

export interface Stage {
  /** `shorty`, or another program */
  program: string;
  args: string[];
  stdin?: string;
  stdout?: { file: string; append: boolean };
}

export type Line =
  | { kind: 'pipeline'; stages: Stage[] }
  | { kind: 'assign'; name: string; stages: Stage[] }
  | { kind: 'export'; vars: [string, string][] };

type Token = { word: string } | { op: '|' | '<' | '>' | '>>' };

/** Words and operators, with `$NAME`, `${NAME}` and quotes done as a shell does them. */
function tokenize(line: string, lookup: (name: string) => string): Token[] {
  const tokens: Token[] = [];
  let word: string | undefined;
  const add = (text: string) => {
    word = (word ?? '') + text;
  };
  const end = () => {
    if (word !== undefined) tokens.push({ word });
    word = undefined;
  };
  const variable = (at: number): [string, number] => {
    const braced = /^\$\{([A-Za-z_]\w*)\}/.exec(line.slice(at));
    const plain = /^\$([A-Za-z_]\w*)/.exec(line.slice(at));
    const found = braced ?? plain;
    if (!found) throw new ShellNeeded(`${line.slice(at, at + 3)}…`);
    return [lookup(found[1]), at + found[0].length];
  };
  let i = 0;
  while (i < line.length) {
    const c = line[i];
    if (/\s/.test(c)) {
      end();
      i++;
    } else if (c === '#' && word === undefined) break;
    else if (c === "'") {
      const close = line.indexOf("'", i + 1);
      if (close < 0) throw new Error(`an unclosed quote: ${line}`);
      add(line.slice(i + 1, close));
      i = close + 1;
    } else if (c === '"') {
      add('');
      i++;
      while (line[i] !== '"') {
        if (i >= line.length) throw new Error(`an unclosed quote: ${line}`);
        if (line[i] === '\\' && /["\\$`]/.test(line[i + 1])) {
          add(line[i + 1]);
          i += 2;
        } else if (line[i] === '$') {
          const [value, next] = variable(i);
          add(value);
          i = next;
        } else if (line[i] === '`') throw new ShellNeeded('`');
        else add(line[i++]);
      }
      i++;
    } else if (c === '$') {
      const [value, next] = variable(i);
      add(value);
      i = next;
    } else if (c === '\\') {
      add(line[i + 1] ?? '');
      i += 2;
    } else if (c === '|' || c === '<' || c === '>') {
      end();
      const op = line.startsWith('>>', i) ? '>>' : c;
      if (line.startsWith('||', i) || line.startsWith('<(', i)) throw new ShellNeeded(line.slice(i, i + 2));
      tokens.push({ op });
      i += op.length;
    } else if (/[;&()`*?[\]{}]/.test(c) || (c === '~' && word === undefined)) throw new ShellNeeded(c);
    else add(line[i++]);
  }
  end();
  return tokens;
}

/** Words only a shell understands at the start of a command. */
const SHELL_WORDS = new Set(['while', 'until', 'for', 'if', 'case', 'source', '.', 'cd', 'set', 'kill', 'wait']);

function stagesOf(tokens: Token[]): Stage[] {
  const stages: Stage[] = [{ program: '', args: [] }];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    const stage = stages[stages.length - 1];
    if ('word' in token) stage.args.push(token.word);
    else if (token.op === '|') stages.push({ program: '', args: [] });
    else {
      const target = tokens[++i];
      if (!target || !('word' in target)) throw new Error(`${token.op} without a file`);
      if (token.op === '<') stage.stdin = target.word;
      else stage.stdout = { file: target.word, append: token.op === '>>' };
    }
  }
  for (const stage of stages) {
    const program = stage.args.shift();
    if (program === undefined || SHELL_WORDS.has(program)) throw new ShellNeeded(program ?? '|');
    stage.program = program;
  }
  return stages;
}

/** The line as in-process steps, or a ShellNeeded; `lookup` gives a variable's value. */
export function parseLine(line: string, lookup: (name: string) => string): Line {
  const assign = /^([A-Za-z_]\w*)=\$\((.*)\)$/.exec(line.trim());
  if (assign) return { kind: 'assign', name: assign[1], stages: stagesOf(tokenize(assign[2], lookup)) };
  const tokens = tokenize(line, lookup);
  const first = tokens[0];
  if (first && 'word' in first && first.word === 'export') {
    const vars = tokens.slice(1).map((token): [string, string] => {
      const found = 'word' in token ? /^([A-Za-z_]\w*)=(.*)$/s.exec(token.word) : null;
      if (!found) throw new ShellNeeded('export');
      return [found[1], found[2]];
    });
    return { kind: 'export', vars };
  }
  return { kind: 'pipeline', stages: stagesOf(tokens) };
}
