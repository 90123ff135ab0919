import type { RowStatus } from '../pace/timing.js';
import { formatDuration } from '../../../util/duration.js';

/**
 * Progress for a log rather than a person at a terminal (CI, `2> file`): a plain line at each
 * tenth of the rows and, between those, once 30 s have passed since the last line, so a run of
 * hours shows it is alive without flooding the log. A run shorter than 30 s prints none (its
 * plan and summary say it all), and the last row none either: the summary follows it.
 */

const HEARTBEAT_MS = 30_000;

export interface ProgressLinesOptions {
  /** Rows in the input. */
  total: number;
  /** Rows that will cost a request (not invalid, not already in the journal): the pace is theirs. */
  toSend: number;
  now(): number;
  write(line: string): void;
  /**
   * When the last row can be sent by the limiter's budget (the plan's estimate), if known: the
   * time left follows it. Otherwise the pace of the rows sent so far, which a wait for the rate
   * limit distorts for long after it ended.
   */
  finishAt?(): number | undefined;
}

export function progressLines(opts: ProgressLinesOptions): { tick(status?: RowStatus): void } {
  const started = opts.now();
  let lastLineAt = started;
  let done = 0;
  let sent = 0;
  let invalid = 0;
  let errors = 0;
  return {
    tick(status) {
      done += 1;
      if (status === 'ok' || status === 'error') sent += 1;
      if (status === 'invalid') invalid += 1;
      if (status === 'error') errors += 1;
      const now = opts.now();
      const newTenth = Math.floor((done * 10) / opts.total) > Math.floor(((done - 1) * 10) / opts.total);
      const due = now - lastLineAt >= HEARTBEAT_MS || (newTenth && now - started >= HEARTBEAT_MS);
      if (done >= opts.total || !due) return;
      lastLineAt = now;
      const parts = [
        `imported ${thousands(done)}/${thousands(opts.total)} (${Math.floor((done * 100) / opts.total)} %)`,
      ];
      if (invalid) parts.push(`${thousands(invalid)} invalid`);
      if (errors) parts.push(`${thousands(errors)} error${errors === 1 ? '' : 's'}`);
      const finish = opts.finishAt?.();
      if (finish !== undefined) parts.push(`about ${formatDuration(Math.max(0, finish - now), { whole: true })} left`);
      // The pace of the rows sent so far: rows skipped or invalid cost no request and no time.
      else if (sent > 0)
        parts.push(
          `about ${formatDuration(((now - started) / sent) * Math.max(0, opts.toSend - sent), { whole: true })} left`,
        );
      opts.write(`${parts.join(', ')}\n`);
    },
  };
}

/** `4,000`: digits grouped as English text writes them, whatever the locale. */
export function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
