/**
 * An async function as an event handler (`onClick`, antd `onOk` / `onFinish`), which React and
 * antd call without looking at what it returns. A failed request has already been shown by the
 * http client (its error toast), so a rejection is only logged here instead of surfacing as an
 * unhandled rejection (lint: no-misused-promises).
 */
export function asyncHandler<A extends unknown[]>(fn: (...args: A) => Promise<unknown>): (...args: A) => void {
  return (...args) => {
    fn(...args).catch((e: unknown) => console.error(e));
  };
}
