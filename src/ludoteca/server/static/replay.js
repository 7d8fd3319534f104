// A finished match, move by move, from any seat, a spectator, or everything revealed.
(function () {
  "use strict";
  const root = document.getElementById("replay");
  const matchId = root.dataset.match;
  const total = Number(root.dataset.total);
  const $ = (id) => document.getElementById(id);
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
  async function go(n) {
    step = Math.max(0, Math.min(total, n));
    const ticket = ++pending;
    const res = await fetch(`/api/matches/${matchId}/replay?viewer=${encodeURIComponent(viewer)}&step=${step}`);
    if (!res.ok || ticket !== pending) return;
    const v = await res.json();
    root.dataset.step = v.step; root.dataset.viewer = v.viewer;
    $("step-text").textContent = `${v.step} / ${v.total}`;
    $("slider").value = v.step;
    $("turn").textContent = v.turn; $("prompt").textContent = v.prompt;
    $("result").textContent = v.result || ""; $("result").hidden = !v.result;
    $("panels").replaceChildren(...v.panels.map((p) => el("section", {class: "panel-board"},
      el("h2", {text: p.title}), el("div", {class: "board", html: p.board}))));
    const log = $("log");
    log.replaceChildren(...v.log.map((e) => el("li", {value: e.n, text: e.text})));
    log.scrollTop = log.scrollHeight;
    history.replaceState(null, "", `?viewer=${encodeURIComponent(viewer)}&step=${v.step}`);
  }
  $("first").addEventListener("click", () => go(0));
  $("back").addEventListener("click", () => go(step - 1));
  $("forward").addEventListener("click", () => go(step + 1));
  $("last").addEventListener("click", () => go(total));
  $("slider").addEventListener("input", (e) => go(Number(e.target.value)));
  $("viewer").addEventListener("change", (e) => { viewer = e.target.value; go(step); });
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "SELECT" || e.target.tagName === "INPUT") return;
    if (e.key === "ArrowLeft") go(step - 1);
    if (e.key === "ArrowRight") go(step + 1);
  });
})();
