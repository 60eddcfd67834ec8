// The seat's page: the atlas's map (pan and zoom, a roving tab stop moved by the arrows, as the atlas has it),
// a force clicked lights the squares or places it may reach and a second click moves it there (the move's own
// form is filled and sent, so the page works without this script too), and other seats' actions shown as they
// happen: the server's event stream says the campaign changed and the page is fetched and swapped in, no reload.
// Everything shown comes from the page's JSON block or the server's HTML and is written with textContent.
"use strict";
(function () {
  var pz = null;

  function el(tag, text) {
    var e = document.createElement(tag);
    e.textContent = text;
    return e;
  }

  function setUp(keepView) {
    var svg = document.getElementById("atlas-map");
    var detail = document.getElementById("detail");
    var dataBlock = document.getElementById("serve-data");
    if (!svg || !dataBlock) return;
    var data = JSON.parse(dataBlock.textContent);
    var isFw = data.game === "fw";
    var hits = Array.prototype.slice.call(svg.querySelectorAll(".hit"));
    var byId = new Map(hits.map(function (h) { return [h.getAttribute("data-id"), h]; }));
    if (window.svgPanZoom) {
      pz = window.svgPanZoom(svg, { zoomEnabled: true, controlIconsEnabled: false, dblClickZoomEnabled: false, fit: true,
        center: true, minZoom: 0.8, maxZoom: 40, zoomScaleSensitivity: 0.3 });
      if (keepView) { pz.zoom(keepView.zoom); pz.pan(keepView.pan); }
      document.getElementById("zoom-in").addEventListener("click", function () { pz.zoomIn(); });
      document.getElementById("zoom-out").addEventListener("click", function () { pz.zoomOut(); });
      document.getElementById("zoom-fit").addEventListener("click", function () { pz.resize(); pz.fit(); pz.center(); });
    }

    // --- moves: the forms that carry a place and the places each may reach ---------------------------
    var movers = new Map();  // place -> [form]
    Array.prototype.forEach.call(document.querySelectorAll("form[data-place]"), function (f) {
      var at = f.getAttribute("data-place");
      if (!movers.has(at)) movers.set(at, []);
      movers.get(at).push(f);
      if (byId.has(at)) byId.get(at).classList.add("mover");
    });
    var picked = null, pickedIndex = 0, reach = {};

    function clearReach() {
      hits.forEach(function (h) { h.classList.remove("reach"); h.classList.remove("chosen"); });
      reach = {};
    }

    function pick(h) {
      var forms = movers.get(h.getAttribute("data-id"));
      pickedIndex = picked && picked.parentNode && forms.indexOf(picked) >= 0 ? (forms.indexOf(picked) + 1) % forms.length : 0;
      picked = forms[pickedIndex];
      clearReach();
      h.classList.add("chosen");
      reach = JSON.parse(picked.getAttribute("data-reach"));
      Object.keys(reach).forEach(function (id) { if (byId.has(id)) byId.get(id).classList.add("reach"); });
      var label = picked.querySelector("button[type=submit]").textContent;
      detail.textContent = "Chosen: " + label + (forms.length > 1 ? " (click again for the next force here)" : "") +
        ". Click a lit square to move there.";
    }

    function moveTo(h) {
      var select = picked.querySelector("select[name='choice.path']") || picked.querySelector("select");
      select.value = reach[h.getAttribute("data-id")];
      picked.requestSubmit ? picked.requestSubmit() : picked.submit();
    }

    function describe(h) {
      var d = data.details[h.getAttribute("data-id")] || {};
      var words = [h.getAttribute("aria-label")];
      ["forces", "armies", "holding", "holder", "garrison", "siege", "engagement", "zoc"].forEach(function (k) {
        var v = d[k];
        if (Array.isArray(v)) v = v.join("; ");
        if (v) words.push(k + ": " + v);
      });
      detail.replaceChildren(el("span", words.join(" · ")));
    }

    function activate(h) {
      if (h.classList.contains("reach") && picked) moveTo(h);
      else if (movers.has(h.getAttribute("data-id"))) pick(h);
      else { clearReach(); picked = null; describe(h); }
    }

    // --- the keyboard: one tab stop on the map, the arrows move it (as the atlas) --------------------
    var current = hits[0] || null;
    function focusOn(target) {
      if (!target) return;
      if (current) current.setAttribute("tabindex", "-1");
      target.setAttribute("tabindex", "0");
      current = target;
      target.focus({ preventScroll: true });
    }
    var grid = new Map();
    hits.forEach(function (h) { grid.set(h.getAttribute("data-col") + "," + h.getAttribute("data-row"), h); });
    var STEP = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    function centre(h) {
      return isFw ? [Number(h.getAttribute("x")), Number(h.getAttribute("y"))] : [Number(h.getAttribute("cx")), Number(h.getAttribute("cy"))];
    }
    function neighbour(from, key) {
      var dx = STEP[key][0], dy = STEP[key][1];
      if (isFw) return grid.get((Number(from.getAttribute("data-col")) + dx) + "," + (Number(from.getAttribute("data-row")) + dy)) || null;
      var c0 = centre(from), best = null, bestScore = Infinity;
      hits.forEach(function (h) {
        if (h === from) return;
        var c = centre(h), ahead = (c[0] - c0[0]) * dx + (c[1] - c0[1]) * dy, aside = Math.abs((c[0] - c0[0]) * dy - (c[1] - c0[1]) * dx);
        if (ahead <= 0 || aside > ahead * 2.5) return;
        var score = ahead + 2 * aside;
        if (score < bestScore) { bestScore = score; best = h; }
      });
      return best;
    }
    svg.addEventListener("keydown", function (ev) {
      var h = ev.target.closest && ev.target.closest(".hit");
      if (!h) return;
      if (STEP[ev.key]) { focusOn(neighbour(h, ev.key)); }
      else if (ev.key === "Home" || ev.key === "End") { focusOn(ev.key === "Home" ? hits[0] : hits[hits.length - 1]); }
      else if (ev.key === "Enter" || ev.key === " ") { activate(h); }
      else if ((ev.key === "+" || ev.key === "=") && pz) { pz.zoomIn(); }
      else if (ev.key === "-" && pz) { pz.zoomOut(); }
      else if (ev.key === "0" && pz) { pz.fit(); pz.center(); }
      else if (ev.key === "Escape") { clearReach(); picked = null; }
      else return;
      ev.preventDefault();
    });
    svg.addEventListener("focusin", function (ev) {
      var h = ev.target.closest && ev.target.closest(".hit");
      if (!h) return;
      if (current && current !== h) current.setAttribute("tabindex", "-1");
      h.setAttribute("tabindex", "0");
      current = h;
      if (!picked) describe(h);
    });
    // --- the pointer: a click chooses, a drag that pans is not a click --------------------------------
    var down = null;
    svg.addEventListener("pointerdown", function (ev) { down = [ev.clientX, ev.clientY]; }, true);
    svg.addEventListener("click", function (ev) {
      var h = ev.target.closest && ev.target.closest(".hit");
      if (!h || (down && Math.hypot(ev.clientX - down[0], ev.clientY - down[1]) > 5)) return;
      focusOn(h);
      activate(h);
    });
  }

  // --- other seats' actions: the page fetched again and swapped in -------------------------------------
  var body = document.body;
  var version = body.getAttribute("data-version");
  var fetching = false;
  function refresh() {
    if (fetching) return;
    fetching = true;
    fetch(window.location.pathname, { credentials: "same-origin", headers: { "Accept": "text/html" } })
      .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (text) {
        var fresh = new DOMParser().parseFromString(text, "text/html").body;
        var keep = pz ? { zoom: pz.getZoom(), pan: pz.getPan() } : null;
        if (pz) { pz.destroy(); pz = null; }
        body.replaceChildren.apply(body, Array.prototype.slice.call(fresh.childNodes).map(function (n) { return document.importNode(n, true); }));
        version = fresh.getAttribute("data-version");
        body.setAttribute("data-version", version);
        setUp(keep);
      })
      .catch(function () { document.getElementById("changed").hidden = false; })
      .then(function () { fetching = false; });
  }

  setUp(null);
  var url = body.getAttribute("data-events");
  if (!url || !window.EventSource) return;
  var source = new EventSource(url);
  source.addEventListener("changed", function (event) {
    if (event.data === version) return;
    var active = document.activeElement;
    var busy = active && (active.tagName === "SELECT" || active.tagName === "INPUT");
    if (busy) document.getElementById("changed").hidden = false;
    else refresh();
  });
})();
