// Runs before first paint (a classic script in <head>, served from our origin so the Content-Security-Policy allows
// it): applies the stored theme (dark by default) and hides a prerendered page shown under another route (the SPA
// fallback) until the app has rendered the right one.
(function () {
  var root = document.documentElement;
  try {
    root.classList.toggle('dark', localStorage.getItem('theme') !== 'light');
  } catch (e) {
    // Storage blocked: keep the default dark theme.
  }
  var ssr = root.getAttribute('data-ssr-path');
  var path = location.pathname.replace(/\/+$/, '') || '/';
  if (ssr !== null && ssr !== path) root.setAttribute('data-ssr-stale', '');
})();
