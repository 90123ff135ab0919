// What of a server's text may reach the cache files and the descriptions zsh and fish show: no
// C0 or C1 control (a terminal acts on them), no bidi mark, embedding or isolate (a name would
// read differently from what it is), no zero-width character (two names would look the same).

const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/;
const HIDDEN_RUNS = /[\u0000-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]+/g;

/** A name with such a mark is left out, never changed: completing it changed would name another. */
export function hasHiddenMarks(text: string): boolean {
  return HIDDEN.test(text);
}

/** A description loses them: a blank stands for each run of them. */
export function withoutHiddenMarks(text: string): string {
  return text.replace(HIDDEN_RUNS, ' ').replace(/ {2,}/g, ' ').trim();
}
