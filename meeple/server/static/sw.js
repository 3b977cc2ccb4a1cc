// The service worker of Web Push notices (issue 28): shows "your turn" and opens the table on a click.
self.addEventListener("push", (event) => {
  let data = {};
  try { data = event.data ? event.data.json() : {}; } catch { data = { title: "meeple", body: event.data && event.data.text() }; }
  event.waitUntil(self.registration.showNotification(data.title || "meeple", { body: data.body || "", data: { url: data.url || "/" }, tag: data.url }));
});
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || "/";
  event.waitUntil(self.clients.matchAll({ type: "window" }).then((wins) => {
    for (const w of wins) if (new URL(w.url).pathname === url && "focus" in w) return w.focus();
    return self.clients.openWindow(url);
  }));
});
