/** Whether the error (or the driver error Drizzle wraps) is a violation of the named constraint. */
export function isConstraintViolation(error: unknown, constraint: string): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    if ((current as { constraint?: unknown }).constraint === constraint) return true;
    current = current.cause;
  }
  return false;
}
