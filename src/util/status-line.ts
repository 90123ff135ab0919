// The line a progress bar keeps at the bottom of a terminal. What else has a passing word to say
// while the bar is up (the rate-limit countdown) says it inside that line: written over it, the
// bar would show only the countdown for as long as a run waits.

/** A line one writer draws; others put a passing note into it. */
export interface StatusLine {
  /** Shows `text()` (read at each redraw, so a countdown counts down) until the returned call. */
  show(text: () => string): () => void;
}

const lines = new WeakMap<object, StatusLine>();

/** Makes `line` the status line of `stream` until the returned call. */
export function claimStatusLine(stream: object, line: StatusLine): () => void {
  lines.set(stream, line);
  return () => {
    if (lines.get(stream) === line) lines.delete(stream);
  };
}

/** The status line drawn on `stream`, if one is. */
export function statusLineOf(stream: object): StatusLine | undefined {
  return lines.get(stream);
}
