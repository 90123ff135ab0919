// The `sh` blocks of a Markdown page, with what the page says about running them: an HTML comment
// on the lines just before a block, `<!-- not run: why -->`, keeps it from being run (and must say
// why); `<!-- run: each line in the shell it is for -->` runs each line of a block of completion
// set-ups in the shell it names.
export interface DocBlock {
  /** page and line of the opening fence, as a reader would look it up */
  where: string;
  text: string;
  /** the reason given by `<!-- not run: ... -->` */
  notRun?: string;
  /** `<!-- run: each line in the shell it is for -->` */
  linePerShell: boolean;
}

const FENCE = /^```(\S*)\s*$/;
const NOT_RUN = /^<!--\s*not run:\s*(.*?)\s*-->$/;
const LINE_PER_SHELL = /^<!--\s*run: each line in the shell it is for\s*-->$/;

export function shBlocks(page: string, markdown: string): DocBlock[] {
  const lines = markdown.split('\n');
  const blocks: DocBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]);
    if (!open) continue;
    const end = lines.findIndex((line, j) => j > i && line.startsWith('```'));
    if (end < 0) throw new Error(`${page}:${i + 1}: a code block that is never closed`);
    if (open[1] === 'sh') {
      let before = i - 1;
      while (before >= 0 && lines[before].trim() === '') before--;
      const comment = before >= 0 ? lines[before].trim() : '';
      blocks.push({
        where: `${page}:${i + 1}`,
        text: lines.slice(i + 1, end).join('\n'),
        notRun: NOT_RUN.exec(comment)?.[1],
        linePerShell: LINE_PER_SHELL.test(comment),
      });
    }
    i = end;
  }
  return blocks;
}

export interface Step {
  command: string;
  /** the lines the page shows under `$ command`, when it shows any */
  output?: string[];
}

/**
 * A block as commands: a transcript (`$ command` lines, each followed by the output the page
 * shows, if any) or a script, whose lines ending in `\` or `|` go on on the next line.
 */
export function stepsOf(text: string): { transcript: boolean; steps: Step[] } {
  const lines = text.split('\n');
  if (lines.some((line) => line.startsWith('$ '))) {
    const steps: Step[] = [];
    for (const line of lines) {
      if (line.startsWith('$ ')) steps.push({ command: line.slice(2) });
      else if (steps.length > 0) (steps[steps.length - 1].output ??= []).push(line);
      else throw new Error(`output before any command: ${line}`);
    }
    return { transcript: true, steps };
  }
  const steps: Step[] = [];
  let pending = '';
  for (const line of lines) {
    const code = withoutComment(line).trimEnd();
    if (code.endsWith('\\')) pending += `${code.slice(0, -1)} `;
    else if (code.endsWith('|')) pending += `${code} `;
    else {
      const command = (pending + code).trim();
      pending = '';
      if (command !== '') steps.push({ command });
    }
  }
  return { transcript: false, steps };
}

/** The line up to a `#` that starts a word outside quotes. */
export function withoutComment(line: string): string {
  let quote = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = '';
      else if (c === '\\' && quote === '"') i++;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '\\') i++;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]))) return line.slice(0, i);
  }
  return line;
}
