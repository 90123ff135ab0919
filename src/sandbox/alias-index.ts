// Alias -> record, so that finding a free alias or the link behind a short URL takes the same
// time with 100,000 links as with 10 (a search through the list made a large import slow down
// as the sandbox filled).

interface Aliased {
  alias: string;
}

export class AliasIndex<R extends Aliased> {
  private readonly byAlias = new Map<string, R>();

  /** Starts over from a whole list (a state loaded or reset). */
  rebuild(records: readonly R[]): void {
    this.byAlias.clear();
    for (const record of records) this.add(record);
  }

  get(alias: string): R | undefined {
    return this.byAlias.get(alias);
  }

  has(alias: string): boolean {
    return this.byAlias.has(alias);
  }

  /** The first record with an alias wins, as a search from the start of the list would find it. */
  add(record: R): void {
    if (!this.byAlias.has(record.alias)) this.byAlias.set(record.alias, record);
  }

  /**
   * Forgets `record` under its current alias. Aliases are unique, but a hand-edited --data file
   * may repeat one: the next record in `records` with that alias then takes its place.
   */
  remove(record: R, records: readonly R[]): void {
    if (this.byAlias.get(record.alias) !== record) return;
    this.byAlias.delete(record.alias);
    const next = records.find((r) => r !== record && r.alias === record.alias);
    if (next) this.byAlias.set(next.alias, next);
  }
}
