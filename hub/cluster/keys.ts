/** Redis key names of the cluster; no Redis client here, so the CLI can load it cheaply. */

/** One keyspace per table; `{table}` is a hash tag so one table's keys share a slot. */
export function tableKey(table: string, what: string): string {
  return `mafia:{${table}}:${what}`;
}
