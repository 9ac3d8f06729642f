// Widget front-ends (anywidget) load from this site, never from a CDN.
// @jupyter-widgets/html-manager asks require.js for a widget module first and only falls
// back to cdn.jsdelivr.net when that fails; a path for "anywidget" makes the first try work.
(function () {
  var here = document.currentScript && document.currentScript.src; // .../javascripts/widgets-offline.js
  if (!window.requirejs || !here) return;
  var anywidget = new URL("../vendor/anywidget/index", here).href; // require.js adds ".js"
  window.requirejs.config({ paths: { anywidget: anywidget } });
})();
