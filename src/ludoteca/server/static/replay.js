// A finished match, move by move, from any seat, a spectator, or everything revealed.
//
// The replay steps by a player's move: the chance outcomes that follow a move (a deal, a
// card turned) are part of it (the server's "stops"). It jumps to the next or previous
// round, dispute or fight (the game's "chapters"), and any log line opens the match there.
(function () {
  "use strict";
  const root = document.getElementById("replay");
  const matchId = root.dataset.match;
  const total = Number(root.dataset.total);
  const $ = (id) => document.getElementById(id);
  const data = JSON.parse($("replay-data").textContent);
  const stops = data.stops, chapters = data.chapters;
  let step = Number(root.dataset.step);
  let viewer = root.dataset.viewer || "spectator";
  let pending = 0;
  $("viewer").value = viewer;

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "text") node.textContent = v; else if (k === "html") node.innerHTML = v; else node.setAttribute(k, v);
    }
    for (const c of children) node.append(c);
    return node;
  }
  // The index of the last stop at or before ``n``.
  function stopIndex(n) {
    let lo = 0, hi = stops.length - 1;
    while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (stops[mid] <= n) lo = mid; else hi = mid - 1; }
    return lo;
  }
  function showStep(n) {
    const i = stopIndex(n);
    const exact = stops[i] === n;
    $("step-text").textContent = `move ${i} of ${stops.length - 1}` + (exact ? "" : ` (action ${n} of ${total})`);
    $("slider").value = i;
    for (const b of $("jumps").querySelectorAll("button")) {
      const kind = b.dataset.kind, dir = b.dataset.dir;
      b.disabled = !target(kind, dir, n);
    }
    // Each "go to" list shows the round (dispute, fight...) the step is in.
    for (const select of $("jumps").querySelectorAll("select")) {
      const within = chapters.filter((c) => c.kind === select.dataset.kind && c.step <= n).pop();
      select.value = within ? String(within.step) : "";
    }
  }
  function target(kind, dir, n) {
    const list = chapters.filter((c) => c.kind === kind);
    if (dir === "next") return list.find((c) => c.step > n) || null;
    return [...list].reverse().find((c) => c.step < n) || null;
  }
  function renderStandings(rows) {
    const box = $("standings");
    box.replaceChildren(...(rows || []).map((r) => el("li", {class: r.won ? "won" : "", value: r.place},
      el("span", {class: "who", text: r.names}), el("span", {class: "score", text: r.detail || (r.unit ? `${r.score} ${r.unit}` : r.score)}))));
    box.hidden = !(rows && rows.length);
  }
  function scrollLog() { const log = $("log"); log.scrollTop = log.scrollHeight; }
  async function go(n) {
    step = Math.max(0, Math.min(total, n));
    showStep(step);
    const ticket = ++pending;
    const res = await fetch(`/api/matches/${matchId}/replay?viewer=${encodeURIComponent(viewer)}&step=${step}`);
    if (!res.ok || ticket !== pending) return;
    const v = await res.json();
    root.dataset.step = v.step; root.dataset.viewer = v.viewer;
    showStep(v.step);
    $("turn").textContent = v.turn; $("prompt").textContent = v.prompt;
    $("result").textContent = v.result || ""; $("result").hidden = !v.result;
    renderStandings(v.standings);
    $("panels").replaceChildren(...v.panels.map((p) => el("section", {class: "panel-board"},
      el("h2", {text: p.title}), el("div", {class: "board", html: p.board}))));
    $("log").replaceChildren(...v.log.map((e) => el("li", {value: e.n, "data-step": e.step, text: e.text})));
    scrollLog();
    history.replaceState(null, "", `?viewer=${encodeURIComponent(viewer)}&step=${v.step}`);
  }
  const byMove = (delta) => {
    const i = stopIndex(step);
    const at = stops[i] === step ? i + delta : (delta > 0 ? i + 1 : i);
    go(stops[Math.max(0, Math.min(stops.length - 1, at))]);
  };
  // One pair of buttons per kind of chapter the game marks: "◂ round", "round ▸".
  const kinds = [...new Set(chapters.map((c) => c.kind))];
  const arrow = (dir) => `<svg viewBox="0 0 16 16" aria-hidden="true"><path d="${dir === "next" ? "M4 2v12l8-6z" : "M12 2v12L4 8z"}"/></svg>`;
  for (const kind of kinds) {
    for (const dir of ["previous", "next"]) {
      const b = el("button", {type: "button", class: "secondary jump", "data-kind": kind, "data-dir": dir,
        title: `The ${dir} ${kind}`, "aria-label": `The ${dir} ${kind}`});
      b.innerHTML = dir === "next" ? `${kind} ${arrow(dir)}` : `${arrow(dir)} ${kind}`;
      b.addEventListener("click", () => { const t = target(kind, dir, step); if (t) go(t.step); });
      $("jumps").append(b);
    }
    // And straight to a numbered one, as the terminal's "r 3" or "d 5".
    const select = el("select", {class: "chapter-select", "data-kind": kind, "aria-label": `Go to a ${kind}`},
      el("option", {value: "", text: `go to ${kind}…`}),
      ...chapters.filter((c) => c.kind === kind).map((c) => el("option", {value: String(c.step), text: c.label})));
    select.addEventListener("change", () => { if (select.value !== "") go(Number(select.value)); });
    $("jumps").append(select);
  }
  $("first").addEventListener("click", () => go(0));
  $("back").addEventListener("click", () => byMove(-1));
  $("forward").addEventListener("click", () => byMove(1));
  $("last").addEventListener("click", () => go(total));
  $("slider").addEventListener("input", (e) => go(stops[Number(e.target.value)]));
  $("viewer").addEventListener("change", (e) => { viewer = e.target.value; go(step); });
  $("log").addEventListener("click", (e) => {
    const li = e.target.closest("li[data-step]");
    if (li) go(Number(li.dataset.step));
  });
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "SELECT" || e.target.tagName === "INPUT") return;
    if (e.key === "ArrowLeft") byMove(-1);
    if (e.key === "ArrowRight") byMove(1);
  });
  showStep(step);
  renderStandings(data.standings);
  scrollLog();  // opened at a step: the log up to it, its newest line in view
})();
