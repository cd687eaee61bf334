// Praxia offline worker: keeps the app shell for offline starts. API calls are never cached or answered here.
const CACHE = 'praxia-shell-v1';
const SHELL_URL = '/index.html';
/** The mark in index.html's head that tells the staff app's page from the public entries' pages. */
const SHELL_MARK = 'name="praxia-shell"';

/** The shell plus the hashed scripts and styles it references. */
async function cacheShell() {
  const cache = await caches.open(CACHE);
  const response = await fetch(SHELL_URL, { cache: 'no-store' });
  if (!response.ok) return;
  const html = await response.clone().text();
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
  await cache.put(SHELL_URL, response);
  await cache.addAll(assets);
}

self.addEventListener('install', (event) => {
  event.waitUntil(cacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

/** Network first: a fresh page when online (new versions, new session state), the cached shell when offline. */
async function handleNavigation(request) {
  try {
    const response = await fetch(request);
    const type = response.headers.get('content-type') ?? '';
    // Only the staff app's page is the shell; the public pages and the widget have their own HTML (same origin).
    if (response.ok && type.includes('text/html') && (await response.clone().text()).includes(SHELL_MARK)) {
      const cache = await caches.open(CACHE);
      await cache.put(SHELL_URL, response.clone());
    }
    return response;
  } catch (error) {
    const cached = await caches.match(SHELL_URL);
    if (cached) return cached;
    throw error;
  }
}

/** Hashed assets never change under one name, so a cached copy is always right. */
async function handleAsset(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/') || url.pathname === '/api') return;
  if (request.mode === 'navigate') {
    event.respondWith(handleNavigation(request));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(handleAsset(request));
  }
});

// Push notifications (people §4): the server sends { title, body, url? }; a click opens the app there.
self.addEventListener('push', (event) => {
  let message = { title: 'Praxia', body: '' };
  try {
    message = { ...message, ...event.data?.json() };
  } catch {
    message.body = event.data?.text() ?? '';
  }
  event.waitUntil(
    self.registration.showNotification(message.title, { body: message.body, data: { url: message.url ?? '/' } }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? '/', self.location.origin);
  // Only our own pages: a payload cannot send the user elsewhere.
  if (url.origin !== self.location.origin) return;
  event.waitUntil(self.clients.openWindow(url.href));
});
