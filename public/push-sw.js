/*
 * FX Trader's push service worker (docs/decisions/0055-web-push.md): shows
 * each signal notification the server pushes ({title, body, url, eventId})
 * and opens the signal's page when it is clicked.
 */
self.addEventListener("push", (event) => {
  const message = event.data ? event.data.json() : null;
  if (!message) return;
  event.waitUntil(
    self.registration.showNotification(message.title, { body: message.body, tag: message.eventId, data: { url: message.url } }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = event.notification.data && event.notification.data.url;
  if (url) event.waitUntil(self.clients.openWindow(url));
});
