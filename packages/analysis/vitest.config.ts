import { defineProject } from 'vitest/config';

// `isolate: false`: a worker runs its files one after another in one module graph, so the ONNX
// sessions and the face detector (cached per process by the engines) load once per worker, not
// once per file. Safe because the engines keep only caches, no test stubs modules or globals, and
// the tests that need a fresh process (command lines, onnxruntime) spawn one (docs/conventions.md).
export default defineProject({
  test: {
    name: '@tcm/analysis',
    isolate: false,
    // The 5 s default was too short on a loaded 2-core machine: a crop-network test on one photo
    // timed out with and without isolation (docs/conventions.md, "Tests and their speed").
    testTimeout: 20000,
  },
});
