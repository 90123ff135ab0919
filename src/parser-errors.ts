// Commander's own error texts, reworded as the rest of shorty speaks: `shorty: <message>` and an
// optional `hint: <hint>` line, values in double quotes.

export interface ParserError {
  message: string;
  hint?: string;
}

/** `a, b, c` -> `a, b or c`. */
function choiceList(text: string): string {
  const choices = text.split(/,\s*/);
  return choices.length < 2 ? text : `${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}`;
}

export function rewordParserError(text: string): ParserError {
  const raw = text.replace(/^error: /, '').trim();
  const unknown = /^unknown (command|option) '([^']+)'(?:\s*\(Did you mean (.+)\?\))?$/s.exec(raw);
  if (unknown) {
    return { message: `unknown ${unknown[1]} "${unknown[2]}"`, hint: unknown[3] ? `did you mean ${unknown[3]}?` : undefined };
  }
  const option = /^option '([^']+)' argument '([^']*)' is invalid\. Allowed choices are (.+)\.$/s.exec(raw);
  if (option) return { message: `invalid value "${option[2]}" for ${option[1].split(/[ ,]/)[0]}: choose ${choiceList(option[3])}` };
  const argument = /^command-argument value '([^']*)' is invalid for argument '([^']+)'\. Allowed choices are (.+)\.$/s.exec(raw);
  if (argument) return { message: `invalid value "${argument[1]}" for <${argument[2]}>: choose ${choiceList(argument[3])}` };
  const [message, ...rest] = raw.split('\n');
  return { message, hint: rest.join(' ').trim() || undefined };
}
