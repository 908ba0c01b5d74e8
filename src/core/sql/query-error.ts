/** A failed query keeps its SQL, so the message can say what was being run. */
export class QueryError extends Error {
  override name = 'QueryError';
  constructor(
    message: string,
    readonly sql: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
