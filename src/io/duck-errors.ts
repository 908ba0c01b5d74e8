/**
 * DuckDB's own error texts, said for this page: out of memory is the one a user can act on, and
 * DuckDB's advice (temp_directory, persistent storage) does not apply in a browser tab.
 */
export function readableDuckError(message: string): string {
  if (/out of memory/i.test(message)) {
    return (
      'DuckDB ran out of memory in this tab (a browser tab holds a few GiB at most). ' +
      'Narrow the data first (filters, fewer columns), or aggregate it outside the browser with npm run aggregate and open the counts.'
    );
  }
  return message;
}
