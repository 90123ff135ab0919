// Where today's code and the model part ways (each a finding of issue 27, fixed on another
// branch). While an entry is true the generator or the oracle steps around it; set it to false
// once the fix has landed, and the model holds the code to it again.
export const KNOWN = {
  /** `--if-exists skip` and an alias that points elsewhere: `skipped`, exit 0 (to be a row error, exit 1). */
  skipConflictExits0: false,
  /** `urls sync --prune` with no rows deletes every link (to be refused): sync files get a row at least. */
  pruneEmptyDeletesAll: false,
  /** `--undo` answered by an HTML 404 page marks the links undone and deletes nothing: no html404 in undo's faults. */
  undoHtml404MarksUndone: false,
  /** `--undo` under another profile deletes that server's links by bare id: undo runs on the journal's server. */
  undoOnOtherServer: false,
  /**
   * A kill -9 between creating `<journal>.lock` and writing its owner into it leaves an empty lock,
   * which refuses every run (exit 2, "in use by another import (another process)") until it is 5 s
   * old: a resume so refused is tried again after that.
   */
  emptyLockAfterKill: false,
  /**
   * Two rows of one import file with one alias and different URLs: rows are sent several at a
   * time, so under a fault, a kill or plain timing the later row may take the alias (to be: the
   * second row is invalid, found by the row check before anything is sent). Import files give an
   * alias one URL.
   */
  sameFileAliasRace: false,
};
