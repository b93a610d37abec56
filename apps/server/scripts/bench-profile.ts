/**
 * A V8 CPU profile of one stretch of the bench process (node:inspector rather than --cpu-prof
 * over the whole run with its seed and load rounds), written as a .cpuprofile (Chrome DevTools,
 * speedscope) and summed for the console: the top functions and packages (drizzle, zod, jose,
 * fastify, pg …) by self time.
 */
import { writeFileSync } from 'node:fs';
import { Session, type Profiler } from 'node:inspector';

function post<T>(session: Session, method: string, params?: object): Promise<T> {
  return new Promise((resolve, reject) =>
    session.post(method, params ?? {}, (err, res) => (err ? reject(err) : resolve(res as T))),
  );
}

export async function profiled(file: string, run: () => Promise<void>): Promise<Profiler.Profile> {
  const session = new Session();
  session.connect();
  await post(session, 'Profiler.enable');
  await post(session, 'Profiler.setSamplingInterval', { interval: 250 });
  await post(session, 'Profiler.start');
  const failure = await run().then(
    () => null,
    (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
  );
  const { profile } = await post<{ profile: Profiler.Profile }>(session, 'Profiler.stop');
  session.disconnect();
  if (failure) throw failure;
  writeFileSync(file, JSON.stringify(profile));
  return profile;
}

/** Where a frame's code lives: a package name, our source folder, or node's internals. */
function placeOf(url: string): string {
  if (!url) return '(native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) return 'node';
  const src = /\/(apps|packages)\/([^/]+)\/(?:src\/)?(.*)$/.exec(url);
  return src ? `${src[2]}/${src[3]}` : url;
}

/** Samples that are no work of this process's JavaScript: waiting, and the profiler's own. */
const NOT_WORK = new Set(['(idle)', '(program)', 'dispatch']);

/**
 * Top `n` functions and packages by self time, in ms of the profile and % of the busy samples.
 * Self, not inclusive: Fastify runs a route's hooks, handler and serializer inside the frames of
 * whichever hook called `done()` first, so inclusive time piles onto the wrong package.
 */
export function summarize(profile: Profiler.Profile, n = 15): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const fnSelf = new Map<string, number>();
  const placeSelf = new Map<string, number>();
  const deltas = profile.timeDeltas ?? [];
  let busy = 0;
  (profile.samples ?? []).forEach((id, i) => {
    const cf = byId.get(id)!.callFrame;
    const ms = (deltas[i] ?? 0) / 1000;
    if (NOT_WORK.has(cf.functionName) && !cf.url) return;
    busy += ms;
    const place = placeOf(cf.url);
    const key = `${cf.functionName || '(anonymous)'} ${place}${cf.url ? `:${cf.lineNumber + 1}` : ''}`;
    fnSelf.set(key, (fnSelf.get(key) ?? 0) + ms);
    placeSelf.set(place, (placeSelf.get(place) ?? 0) + ms);
  });
  const top = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([key, ms]) => `    ${ms.toFixed(0).padStart(6)} ms ${((100 * ms) / busy).toFixed(1).padStart(5)} %  ${key}`)
      .join('\n');
  return (
    `  busy ${busy.toFixed(0)} ms (idle and the profiler left out); top ${n} functions by self time:\n${top(fnSelf)}\n` +
    `  self time by package or source file:\n${top(placeSelf)}`
  );
}
