// Whether this browser can analyse a photo on the device (a few bytes: the page asks at once).

// Smallest modules that validate only with WebAssembly SIMD (a v128 instruction) and with threads
// (a shared memory and an atomic load). onnxruntime-web's only CPU build needs both.
const SIMD = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
]);
const THREADS = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0, 3, 2, 1, 0, 5, 4, 1, 3, 1, 1, 10, 11, 1, 9, 0, 65, 0, 254, 16, 2, 0,
  26, 11,
]);

/** Whether this browser can analyse on the device; if not, the page uses the server and says so. */
export function onDeviceSupported(): boolean {
  try {
    return (
      typeof Worker === 'function' &&
      typeof OffscreenCanvas === 'function' &&
      typeof createImageBitmap === 'function' &&
      typeof WebAssembly === 'object' &&
      WebAssembly.validate(SIMD) &&
      WebAssembly.validate(THREADS)
    );
  } catch {
    return false;
  }
}
