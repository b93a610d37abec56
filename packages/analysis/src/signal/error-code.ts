/** The numeric `code` of what `f` throws (an EngineError), or undefined when it returns. */
export function errorCodeOf(f: () => unknown): number | undefined {
  try {
    f();
  } catch (e) {
    return (e as { code?: number }).code;
  }
  return undefined;
}
