/** Ten characters either side of the token: what V8 quotes of the text for an unexpected token. */
const QUOTED_EACH_SIDE = 10;

/**
 * Why JSON.parse refused `text`, in its own words but without the text it may quote (a config
 * file holds the API key), and where, as `line 5, column 45`. V8 names the position in most
 * messages (`... in JSON at position 97`, Node 22+ adds the line); for an unexpected token it
 * quotes the text around it instead (`Unexpected token 's', ..."api-key": sk_live_ab"... is not
 * valid JSON`), which is found in the text for the position and then left out.
 */
export function jsonErrorReason(err: unknown, text: string): string | undefined {
  const message = err instanceof Error ? err.message : '';
  const at = / (?:in JSON )?at position (\d+)/.exec(message);
  if (at) return `${lowerFirst(message.slice(0, at.index))} at ${lineAndColumn(text, Number(at[1]))}`;
  const token = /^Unexpected token .*?, (\.\.\.)?"(.*)"(\.\.\.)? is not valid JSON$/s.exec(message);
  if (token) {
    const [, before, quoted, after] = token;
    const start = text.indexOf(quoted);
    const offset = before ? start + QUOTED_EACH_SIDE : after ? quoted.length - QUOTED_EACH_SIDE : undefined;
    return offset === undefined || start < 0
      ? 'unexpected character'
      : `unexpected character at ${lineAndColumn(text, offset)}`;
  }
  // `Unexpected end of JSON input`, or any other wording that quotes nothing; one that may is not shown.
  return message.includes('"') || message === '' ? undefined : lowerFirst(message);
}

function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

/** `line 3, column 14`, both from 1. */
function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  return `line ${before.split('\n').length}, column ${offset - before.lastIndexOf('\n')}`;
}
