// The seat's page: when another seat acts, the server's event stream says so and the page shows the campaign now.
// Reloads at once unless the player is filling a form; then it only says so (a link reloads).
"use strict";
(function () {
  var body = document.body;
  var url = body.getAttribute("data-events");
  if (!url || !window.EventSource) return;
  var version = body.getAttribute("data-version");
  var source = new EventSource(url);
  source.addEventListener("changed", function (event) {
    if (event.data === version) return;
    var active = document.activeElement;
    var busy = active && (active.tagName === "SELECT" || active.tagName === "INPUT");
    if (busy) {
      document.getElementById("changed").hidden = false;
    } else {
      source.close();
      window.location.reload();
    }
  });
})();
