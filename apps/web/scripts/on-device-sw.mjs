// The detection pages' service worker (docs/site.md "Offline at a kiosk"): a template that
// vite.config.ts (`onDeviceOffline`) writes into the build
// as /pc/sw.js, with the version and the files filled in.
// Installed on a detection page's first visit (production builds only): it keeps the on-device
// runtime, the models and the detection pages, so the page analyses photos with no network. The
// app's own hashed files are kept as the page loads them. A new version waits until the visitor
// chooses to reload (the page says one is waiting); nothing else of the site is cached.
const VERSION = '__ON_DEVICE_VERSION__';
const FILES = __ON_DEVICE_FILES__;
const BASE = '__ON_DEVICE_BASE__';
const PAGES = ['tongueAnalyze', 'ertongshezhen', 'xinguanshezhen'].map((p) => BASE + p);
const CACHE = `tcm-on-device-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([...FILES, ...PAGES])));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith('tcm-on-device-') && k !== CACHE).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  const m = event.data;
  if (m?.type === 'skip-waiting') self.skipWaiting();
  // The files the page loaded before this worker controlled it.
  if (m?.type === 'keep' && Array.isArray(m.urls))
    event.waitUntil(
      caches
        .open(CACHE)
        .then((cache) =>
          Promise.all(m.urls.map((u) => cache.match(u).then((hit) => hit || cache.add(u).catch(() => undefined)))),
        ),
    );
});

const keep = (request, response) => {
  if (response.ok) {
    const copy = response.clone();
    void caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
};

self.addEventListener('fetch', (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== self.location.origin) return;
  if (req.mode === 'navigate') {
    if (!PAGES.includes(url.pathname)) return;
    // The page from the network when there is one (a fresh first HTML), else the kept one.
    event.respondWith(
      fetch(req)
        .then((res) => keep(url.pathname, res))
        .catch(() => caches.match(url.pathname).then((hit) => hit || Response.error())),
    );
    return;
  }
  // Hashed build files never change: the kept copy first.
  if (url.pathname.startsWith(`${BASE}assets/`))
    event.respondWith(caches.match(req).then((hit) => hit || fetch(req).then((res) => keep(req, res))));
});
