/**
 * Where JSON text stops being valid, as `line 3, column 14`. JSON.parse's own message quotes the
 * text around the error, and a config file holds the API key: this says where without saying what.
 * Only called on text JSON.parse refused; undefined when the text is too deeply nested to scan.
 */
export function jsonErrorPosition(text: string): string | undefined {
  let offset: number;
  try {
    offset = jsonErrorOffset(text);
  } catch (err) {
    if (err instanceof RangeError) return undefined;
    throw err;
  }
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return `line ${line}, column ${offset - before.lastIndexOf('\n')}`;
}

/** Thrown where the text goes wrong; `i` is then the offset. */
class Stop {}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES = '"\\/bfnrtu';

/** The offset of the first character JSON.parse refuses (the end, when the text just stops). */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const fail = (): never => {
    throw new Stop();
  };
  const space = () => {
    while (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r') i += 1;
  };
  const take = (char: string) => {
    space();
    if (text[i] !== char) fail();
    i += 1;
  };
  const string = () => {
    take('"');
    for (;;) {
      const c = text[i];
      if (c === undefined || c < ' ') fail();
      i += 1;
      if (c === '"') return;
      if (c !== '\\') continue;
      const escapeChar = text[i];
      if (escapeChar === undefined || !ESCAPES.includes(escapeChar)) fail();
      if (escapeChar === 'u' && !/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail();
      i += escapeChar === 'u' ? 5 : 1;
    }
  };
  const list = (close: string, item: () => void) => {
    i += 1;
    space();
    if (text[i] === close) {
      i += 1;
      return;
    }
    for (;;) {
      item();
      space();
      if (text[i] !== ',') {
        take(close);
        return;
      }
      i += 1;
    }
  };
  const value = (): void => {
    space();
    const c = text[i];
    if (c === '{') {
      list('}', () => {
        space();
        string();
        take(':');
        value();
      });
      return;
    }
    if (c === '[') {
      list(']', value);
      return;
    }
    if (c === '"') {
      string();
      return;
    }
    NUMBER.lastIndex = i;
    const number = NUMBER.exec(text);
    if (number) {
      i += number[0].length;
      return;
    }
    const word = ['true', 'false', 'null'].find((w) => text.startsWith(w, i));
    if (!word) fail();
    i += word!.length;
  };
  try {
    value();
    space();
    if (i < text.length) fail();
  } catch (err) {
    if (err instanceof Stop) return Math.min(i, text.length);
    throw err;
  }
  return text.length;
}
