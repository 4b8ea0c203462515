// The only hand-written JavaScript: register the service worker that makes the site work offline.
// Pages that run Python wait until it is ready, so the precache download never slows the first start.
const register = () => {
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register(new URL("../sw.js", import.meta.url), { scope: new URL("../", import.meta.url).href });
  }
};
if (document.body && document.body.dataset.needsPython) {
  window.addEventListener("perlaggen:ready", register, { once: true });
} else {
  window.addEventListener("load", register, { once: true });
}
