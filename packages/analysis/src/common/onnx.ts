// The one way the engines make ONNX Runtime sessions. onnxruntime-node 1.30 starts a telemetry
// system (core/platform/posix/telemetry.cc, Microsoft's 1DS SDK) when its environment is first
// created, inside the first InferenceSession.create. It reads /etc/os-release, /etc/machine-id
// and the whole /proc/self/cmdline, matches the command line with a std::regex, keeps a SQLite
// queue under ~/.cache/Microsoft/DeveloperTools/.onnxruntime and would upload events to
// mobile.events.data.microsoft.com. libstdc++'s regex matcher recurses about three frames per
// character, so a command line of about 27 KB or more (a batch of a few hundred paths) overflows
// the 8 MB main-thread stack: the segmentation fault of issue 18 (87,000 native frames under
// OrtSingletonData::OrtObjects). The runtime reads ORT_DISABLE_TELEMETRY when that environment
// is created; with it set, none of this runs. It is set here, right before every session is
// made, and forced to 1 (not "unless set"): a health platform sends nothing about its machine
// or the patient file names on its command line to anyone, and no caller's setting may bring
// the crash back. In a worker thread process.env is a private copy that native code never sees
// (tried: the crash stays), so a worker thread must be started with env: SHARE_ENV or after its
// parent set the variable; child processes (the server's engine pool) are main threads and are
// covered. See docs/tongue.md, "Batch runs and the onnxruntime crash".
import * as ort from 'onnxruntime-node';

export { ort };
export type { InferenceSession } from 'onnxruntime-node';

/** Creates a session with onnxruntime's telemetry off (see above for why it matters). */
export function createOnnxSession(
  path: string,
  options: ort.InferenceSession.SessionOptions,
): Promise<ort.InferenceSession> {
  process.env.ORT_DISABLE_TELEMETRY = '1';
  return ort.InferenceSession.create(path, options);
}
