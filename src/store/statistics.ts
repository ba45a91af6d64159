/**
 * Postgres plans reads from statistics that autovacuum gathers once a tenth of a table has
 * changed, but it looks only once a minute (`autovacuum_naptime`): for up to a minute after a bulk
 * import, reads of the grown registry are planned for the registry as it was (a deep page of
 * 100,000 tools read by scanning them all). This applies autovacuum's own rule at commit instead:
 * once the tool rows written since the last gathering pass 50 plus a tenth of the rows counted
 * then, `Dialect.statistics` are gathered in the background, one at a time per instance. A failure
 * leaves the statistics as autovacuum keeps them, so it is not an error of any write.
 */
export class StatisticsRefresh {
  private written = 0;
  private rowsAtLastRefresh = 0;
  private running = false;

  /** `refresh` gathers the statistics and answers how many tool rows the table now holds. */
  constructor(private readonly refresh: () => Promise<number>) {}

  /** Counts the tool rows a committed write wrote; starts a refresh when they pass the threshold. */
  wrote(rows: number): void {
    this.written += rows;
    if (this.running || this.written <= 50 + this.rowsAtLastRefresh / 10) return;
    this.running = true;
    this.written = 0;
    void this.refresh()
      .then((rows) => {
        this.rowsAtLastRefresh = rows;
      })
      .catch(() => undefined)
      .finally(() => {
        this.running = false;
        this.wrote(0);
      });
  }
}
