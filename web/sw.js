// Service worker: precache exactly the files the build lists, under a cache named by their hash.
// A new build gets a new cache; pages keep using the old one until every tab of the old version is
// closed, so old and new files never mix.
const CACHE = "__CACHE_NAME__";
const PRECACHE = __PRECACHE__;
let cache = null;   // the open cache, shared by every fetch of this worker

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "reload" })))));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("perlaggen-") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const hit = await (cache ||= caches.open(CACHE)).then((c) => c.match(request, { ignoreSearch: request.mode === "navigate" }));
    return hit || fetch(request);
  })());
});
