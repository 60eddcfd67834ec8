/* The campaign atlas's script (mapgen atlas): pan and zoom (svg-pan-zoom), the square or place under the
   pointer or the keyboard, the battlefields' dialog, the log's filters. Everything it shows comes from the
   page's JSON block and is written with textContent, so a name typed by a player is only ever text. */
(function () {
  "use strict";
  const data = JSON.parse(document.getElementById("atlas-data").textContent);
  const svg = document.getElementById("atlas-map");
  const frame = document.getElementById("map-frame");
  const body = document.getElementById("detail-body");
  const dialog = document.getElementById("plan-dialog");
  const isFw = data.game === "fw";
  const hits = Array.from(svg.querySelectorAll(".hit"));
  const byId = new Map(hits.map((h) => [h.getAttribute("data-id"), h]));

  const FIELDS = isFw
    ? [["Name", "name"], ["Part of", "places"], ["Terrain", "terrain"], ["Territory", "territory"], ["River", "river"],
       ["Road", "road"], ["Crossings", "crossings"], ["Waters (FW-20)", "water"], ["Holding", "holding"], ["Features", "features"],
       ["Movement roll (FW-9.2)", "movement"], ["Controlled by", "control"],
       ["Zone of control of", "zoc"], ["Forces here", "forces"]]
    : [["Name", "name"], ["Kind", "kind"], ["Country", "country"], ["Held by", "holder"], ["Tax", "tax"],
       ["Fortifications", "walls"], ["Garrison", "garrison"], ["Armies here", "armies"], ["Siege", "siege"],
       ["Engagement", "engagement"], ["Roads to", "roads"]];
  // Fields a Fantasy Warriors square always shows, "none" when empty: saying so is information too.
  const ALWAYS = new Set(["crossings", "features", "forces", "zoc"]);

  const viewBox = svg.getAttribute("viewBox"); // svg-pan-zoom takes it off; printing puts it back
  const pz = svgPanZoom(svg, {
    zoomEnabled: true, controlIconsEnabled: false, dblClickZoomEnabled: false, fit: true, center: true,
    minZoom: 0.8, maxZoom: 40, zoomScaleSensitivity: 0.3,
  });

  function el(tag, text, cls) {
    const e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }

  function show(id) {
    const d = data.details[id];
    if (!d) return;
    const out = [el("h3", isFw ? d.id : d.id + (d.name ? " " + d.name : ""))];
    const dl = el("dl");
    for (const [label, key] of FIELDS) {
      let v = d[key];
      const list = Array.isArray(v);
      if (list && v.length === 0) v = ALWAYS.has(key) ? "none" : "";
      if (!v) continue;
      if (!isFw && key === "name") continue;
      dl.append(el("dt", label));
      const dd = el("dd");
      if (Array.isArray(v) && v.length > 1) {
        const ul = el("ul");
        v.forEach((x) => ul.append(el("li", x)));
        dd.append(ul);
      } else {
        dd.textContent = Array.isArray(v) ? v[0] : v;
      }
      if (data.notes && data.notes[key]) dd.append(el("div", data.notes[key], "note"));
      dl.append(dd);
    }
    out.push(dl);
    d.plans.forEach((key, i) => {
      const b = el("button", "Open the battlefield: " + data.plans[key], "open-plan");
      b.type = "button";
      b.addEventListener("click", () => openPlans(d.plans, i));
      out.push(b);
    });
    body.replaceChildren(...out);
  }

  // --- the keyboard: one tab stop on the map, the arrows move it (a roving tabindex) ---------------------
  let current = hits[0] || null;
  function moveTo(target) {
    if (!target) return;
    if (current) current.setAttribute("tabindex", "-1");
    target.setAttribute("tabindex", "0");
    current = target;
    target.focus({ preventScroll: true });
    keepInView(target);
  }

  function keepInView(target) {
    const r = target.getBoundingClientRect();
    const f = frame.getBoundingClientRect();
    const margin = 24;
    if (r.left >= f.left + margin && r.right <= f.right - margin && r.top >= f.top + margin && r.bottom <= f.bottom - margin) return;
    pz.panBy({ x: f.left + f.width / 2 - (r.left + r.width / 2), y: f.top + f.height / 2 - (r.top + r.height / 2) });
  }

  const grid = new Map();
  hits.forEach((h) => grid.set(h.getAttribute("data-col") + "," + h.getAttribute("data-row"), h));
  const STEP = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

  function centre(h) {
    return isFw ? [Number(h.getAttribute("x")), Number(h.getAttribute("y"))] : [Number(h.getAttribute("cx")), Number(h.getAttribute("cy"))];
  }

  function neighbour(from, key) {
    const [dx, dy] = STEP[key];
    if (isFw) {
      return grid.get((Number(from.getAttribute("data-col")) + dx) + "," + (Number(from.getAttribute("data-row")) + dy)) || null;
    }
    // a place: the nearest one that way, a place straight ahead counting nearer than one off to the side
    const [x0, y0] = centre(from);
    let best = null, bestScore = Infinity;
    for (const h of hits) {
      if (h === from) continue;
      const [x, y] = centre(h);
      const ahead = (x - x0) * dx + (y - y0) * dy;
      const aside = Math.abs((x - x0) * dy - (y - y0) * dx);
      if (ahead <= 0 || aside > ahead * 2.5) continue;
      const score = ahead + 2 * aside;
      if (score < bestScore) { bestScore = score; best = h; }
    }
    return best;
  }

  svg.addEventListener("keydown", (ev) => {
    const h = ev.target.closest && ev.target.closest(".hit");
    if (!h) return;
    if (STEP[ev.key]) {
      ev.preventDefault();
      moveTo(neighbour(h, ev.key));
    } else if (ev.key === "Home" || ev.key === "End") {
      ev.preventDefault();
      moveTo(ev.key === "Home" ? hits[0] : hits[hits.length - 1]);
    } else if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      choose(h);
    } else if (ev.key === "+" || ev.key === "=") {
      pz.zoomIn(); keepInView(h);
    } else if (ev.key === "-") {
      pz.zoomOut(); keepInView(h);
    } else if (ev.key === "0") {
      pz.fit(); pz.center();
    }
  });

  // --- the pointer: hovering shows a square, clicking chooses it (a drag that pans is not a click) --------
  let chosen = null, down = null;
  function choose(h) {
    if (chosen) chosen.classList.remove("chosen");
    chosen = h;
    h.classList.add("chosen");
    show(h.getAttribute("data-id"));
    const plans = data.details[h.getAttribute("data-id")].plans;
    if (plans.length) openPlans(plans, 0);
  }

  svg.addEventListener("focusin", (ev) => {
    const h = ev.target.closest && ev.target.closest(".hit");
    if (!h) return;
    if (current && current !== h) current.setAttribute("tabindex", "-1");
    h.setAttribute("tabindex", "0");
    current = h;
    show(h.getAttribute("data-id"));
  });
  svg.addEventListener("mouseover", (ev) => {
    const h = ev.target.closest && ev.target.closest(".hit");
    if (h) show(h.getAttribute("data-id"));
  });
  svg.addEventListener("mouseleave", () => {
    const back = document.activeElement && document.activeElement.classList && document.activeElement.classList.contains("hit")
      ? document.activeElement : chosen;
    if (back) show(back.getAttribute("data-id"));
  });
  svg.addEventListener("pointerdown", (ev) => { down = [ev.clientX, ev.clientY]; }, true);
  svg.addEventListener("click", (ev) => {
    const h = ev.target.closest && ev.target.closest(".hit");
    if (!h || (down && Math.hypot(ev.clientX - down[0], ev.clientY - down[1]) > 5)) return;
    moveTo(h);
    choose(h);
  });
  hits.forEach((h) => { if (data.details[h.getAttribute("data-id")].plans.length) h.classList.add("has-plan"); });

  // The whole map fills its view: rather than fit the map into a frame of another shape (blank bands above
  // and below a wide country map, beside a tall campaign map), the frame takes the map's own proportions
  // at the largest size the window leaves below the page's header.  A tall map leaves the rest of the width
  // to the details; under a wide one the page below moves up.  The sizes go to the stylesheet as custom
  // properties, for the screen only: paper has its own layout.
  const [, , mapWidth, mapHeight] = viewBox.split(/[\s,]+/).map(Number);
  const layout = frame.closest(".atlas");
  const BOTTOM_GAP = 4;      // px left under the frame, so its edge shows
  const LEAST_HEIGHT = 0.5;  // of the window: under a header that leaves less, the map still gets this much
  function fitFrame() {
    layout.classList.remove("fitted");
    const width = frame.getBoundingClientRect().width;  // all the width the layout gives the map
    let top = null;
    for (let pass = 0; pass < 3; pass++) {  // a narrower map column can wrap the toolbar: measure again
      const now = frame.getBoundingClientRect().top + window.scrollY;
      if (top !== null && Math.abs(now - top) < 1) break;
      top = now;
      const height = Math.max(window.innerHeight - top - BOTTOM_GAP, window.innerHeight * LEAST_HEIGHT);
      const scale = Math.min(width / mapWidth, height / mapHeight);
      layout.style.setProperty("--frame-w", Math.floor(mapWidth * scale) + "px");
      layout.style.setProperty("--frame-h", Math.floor(mapHeight * scale) + "px");
      layout.classList.add("fitted");
    }
  }
  // The frame's size is final only once the page is laid out: fit the whole map then, and again on resizing or printing.
  function whole() { pz.resize(); pz.fit(); pz.center(); }
  function refit() { if (mapWidth > 0 && mapHeight > 0) fitFrame(); whole(); }
  document.getElementById("zoom-in").addEventListener("click", () => pz.zoomIn());
  document.getElementById("zoom-out").addEventListener("click", () => pz.zoomOut());
  document.getElementById("zoom-fit").addEventListener("click", whole);
  window.addEventListener("resize", refit);
  // Printing: the whole drawing on the page whatever the zoom on the screen, by its own viewBox; then back.
  const viewport = svg.querySelector(".svg-pan-zoom_viewport");
  let onScreen = null;
  window.addEventListener("beforeprint", () => {
    onScreen = [viewport.getAttribute("transform"), viewport.style.transform];
    viewport.removeAttribute("transform");
    viewport.style.transform = "none";
    svg.setAttribute("viewBox", viewBox);
  });
  window.addEventListener("afterprint", () => {
    svg.removeAttribute("viewBox");
    if (onScreen && onScreen[0]) viewport.setAttribute("transform", onScreen[0]);
    if (onScreen) viewport.style.transform = onScreen[1];
  });
  requestAnimationFrame(refit);

  document.querySelectorAll("button.goto").forEach((b) => b.addEventListener("click", () => {
    const h = byId.get(b.getAttribute("data-id"));
    if (!h) return;
    document.getElementById("map-section").scrollIntoView();
    moveTo(h);
  }));

  // --- battlefields: a plan and its sheets from their <template>, several at one place behind buttons ----------
  const switcher = document.getElementById("plan-switch");
  function openPlans(keys, index) {
    const key = keys[index];
    const tpl = document.getElementById("plan-" + key);
    if (!tpl) return;
    document.getElementById("plan-title").textContent = data.plans[key];
    document.getElementById("plan-body").replaceChildren(tpl.content.cloneNode(true));
    switcher.replaceChildren(...(keys.length > 1 ? keys.map((k, i) => {
      const b = el("button", k.startsWith("kit-") ? "Holding's table" : data.plans[k].replace(/^Battle at [^,]+, /, ""));
      b.type = "button";
      b.setAttribute("aria-pressed", String(i === index));
      b.addEventListener("click", () => openPlans(keys, i));
      return b;
    }) : []));
    if (!dialog.open) dialog.showModal();
  }
  document.getElementById("plan-close").addEventListener("click", () => dialog.close());
  dialog.addEventListener("click", (ev) => { if (ev.target === dialog) dialog.close(); });
  document.querySelectorAll("button.open-plan[data-plan]").forEach((b) => b.addEventListener("click", () => openPlans([b.getAttribute("data-plan")], 0)));

  // --- the log's filters ---------------------------------------------------------------------------------
  const rows = Array.from(document.querySelectorAll("#log-list li[data-when]"));
  const text = document.getElementById("log-text"), when = document.getElementById("log-when");
  const rule = document.getElementById("log-rule"), rolls = document.getElementById("log-rolls");
  const count = document.getElementById("log-count");
  function filter() {
    const words = text.value.trim().toLowerCase();
    let shown = 0;
    for (const r of rows) {
      const ok = (!words || r.textContent.toLowerCase().includes(words)) && (!when.value || r.dataset.when === when.value)
        && (!rule.value || r.dataset.family === rule.value) && (!rolls.checked || r.dataset.roll === "1");
      r.hidden = !ok;
      if (ok) shown += 1;
    }
    count.textContent = shown + " of " + rows.length + " entries";
  }
  [text, when, rule, rolls].forEach((c) => c.addEventListener("input", filter));
  filter();
})();
