// A match page: the live view of one seat (or a spectator), moves by click, undo, the log.
//
// Board templates mark what stands for action fields with data-pick='{"field": value}'.
// Clicking such an element narrows the legal actions to those with these fields; when one
// action is left it is sent, when several are left the elements and buttons that can
// still complete the choice stay highlighted. Every legal action is also a labelled button.
(function () {
  "use strict";
  const root = document.getElementById("match");
  const matchId = root.dataset.match;
  const token = root.dataset.token || null;
  const $ = (id) => document.getElementById(id);
  const board = $("board"), actionsBox = $("actions"), logBox = $("log"), undoBtn = $("undo");
  let view = JSON.parse($("view-data").textContent);
  let log = [];
  let picks = {};
  let busy = false;
  let ws = null, retry = 0;

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "text") node.textContent = v; else node.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children) node.append(c);
    return node;
  }
  const fits = (a, fields) => Object.entries(fields).every(([k, v]) => a[k] === v);
  const candidates = () => view.actions.filter((a) => fits(a, picks));

  function showError(text) {
    const box = $("error");
    box.textContent = text || ""; box.hidden = !text;
  }
  function setConn(text) { $("conn").textContent = text; }

  function render() {
    root.dataset.version = view.version;
    root.dataset.finished = view.finished ? "true" : "false";
    root.dataset.toAct = view.to_act;
    board.innerHTML = view.board;
    markOwn(board);
    $("turn").textContent = view.turn;
    $("prompt").textContent = view.prompt;
    const result = $("result");
    result.textContent = view.result || ""; result.hidden = !view.result;
    for (const chip of document.querySelectorAll(".seat-chip")) {
      chip.classList.toggle("to-act", Number(chip.dataset.seat) === view.to_act);
    }
    for (const id of ["replay-item", "record-item"]) { const a = $(id); if (a) a.hidden = !view.finished; }
    if (undoBtn) undoBtn.hidden = !view.can_undo;
    renderRematch();
    renderLog();
    renderActions();
  }
  // Shared parts of a board are rendered once for every viewer: mark the viewer's own seats.
  function markOwn(node) {
    const me = root.dataset.viewer;
    if (me === "") return;
    for (const el of node.querySelectorAll("[data-seats]")) {
      if (el.dataset.seats.split(" ").includes(me)) el.classList.add("own");
    }
    for (const el of node.querySelectorAll("[data-seat]")) {
      if (el.dataset.seat === me) el.classList.add("me");
    }
  }
  let shown = 0;  // log entries on the page (the log only grows, except after an undo)
  function renderLog() {
    const atBottom = logBox.scrollHeight - logBox.scrollTop - logBox.clientHeight < 60;
    if (shown > log.length || logBox.children.length !== shown) {
      logBox.replaceChildren(); shown = 0;
    }
    const fresh = log.slice(shown).map((e) => el("li", {value: e.n, text: e.text, class: e.note ? "note" : null}));
    if (fresh.length) logBox.append(...fresh);
    shown = log.length;
    if (atBottom || fresh.length) logBox.scrollTop = logBox.scrollHeight;
  }
  function renderActions() {
    if (!actionsBox) return;
    const cands = candidates();
    const note = $("pick-note");
    if (!view.actions.length) {
      actionsBox.replaceChildren(el("p", {class: "none", text: view.finished ? "The match is over." : "Nothing to do: it is not your turn."}));
      note.hidden = true;
    } else {
      const nodes = [];
      let group = null;
      cands.forEach((a) => {
        if (a.type !== group) { group = a.type; nodes.push(el("div", {class: "group", text: String(a.type).replace(/_/g, " ")})); }
        const b = el("button", {type: "button", "data-action": a.action, "data-type": a.type, text: a.label});
        b.addEventListener("click", () => send(a));
        nodes.push(b);
      });
      if (Object.keys(picks).length) {
        const cancel = el("button", {type: "button", class: "secondary", id: "cancel-pick", text: "Cancel selection"});
        cancel.addEventListener("click", () => { picks = {}; renderActions(); });
        nodes.unshift(cancel);
        note.textContent = `${cands.length} moves fit your selection: pick one, or click the board again.`;
        note.hidden = false;
      } else note.hidden = true;
      actionsBox.replaceChildren(...nodes);
    }
    for (const node of board.querySelectorAll("[data-pick]")) {
      let fields; try { fields = JSON.parse(node.dataset.pick); } catch (e) { continue; }
      const ok = view.actions.length > 0 && cands.some((a) => fits(a, fields));
      node.classList.toggle("pickable", ok);
      node.classList.toggle("picked", Object.keys(picks).length > 0 && fits(picks, fields));
      if (ok) { node.setAttribute("tabindex", "0"); node.setAttribute("role", "button"); }
      else { node.removeAttribute("tabindex"); node.removeAttribute("role"); }
    }
  }
  function pick(node) {
    let fields; try { fields = JSON.parse(node.dataset.pick); } catch (e) { return; }
    let next = Object.assign({}, picks, fields);
    let cands = view.actions.filter((a) => fits(a, next));
    if (!cands.length) { next = fields; cands = view.actions.filter((a) => fits(a, next)); }
    if (!cands.length) return;
    if (cands.length === 1) { send(cands[0]); return; }
    picks = next; renderActions();
  }
  // The nearest element around the click that can be picked now (a mine that cannot be
  // picked inside a display that can: the display).
  function pickableAt(target) {
    let node = target.closest("[data-pick]");
    while (node && board.contains(node) && !node.classList.contains("pickable")) {
      node = node.parentElement ? node.parentElement.closest("[data-pick]") : null;
    }
    return node && board.contains(node) ? node : null;
  }
  board.addEventListener("click", (e) => {
    const node = pickableAt(e.target);
    if (node) pick(node);
  });
  board.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    const node = pickableAt(e.target);
    if (node) { e.preventDefault(); pick(node); }
  });

  async function post(path, body) {
    let res;
    try {
      res = await fetch(`/api/matches/${matchId}/${path}`, {
        method: "POST",
        headers: Object.assign({"Content-Type": "application/json"}, token ? {"Authorization": "Bearer " + token} : {}),
        body: JSON.stringify(body),
      });
    } catch (e) {  // no answer at all: the browser says only "Failed to fetch"
      throw new Error("The server is unreachable: nothing was sent. Try again once it is back.");
    }
    let data = {};
    try { data = await res.json(); } catch (e) { /* not JSON */ }
    if (!res.ok) {
      const err = new Error(data.detail || `${res.status} ${res.statusText}`);
      err.status = res.status; throw err;
    }
    return data;
  }
  async function send(a) {
    if (busy || !token) return;
    busy = true; showError("");
    const fields = Object.assign({}, a); delete fields.label; delete fields.chance;
    try {
      const data = await post("moves", {version: view.version, action: fields});
      picks = {};
      if (data.version > view.version) root.dataset.sent = data.version;
    } catch (err) {
      showError(err.message);
      if (err.status === 409) refresh();
    } finally { busy = false; }
  }
  if (undoBtn) undoBtn.addEventListener("click", async () => {
    if (busy) return; busy = true; showError("");
    try { await post("undo", {version: view.version}); }
    catch (err) { showError(err.message); if (err.status === 409) refresh(); }
    finally { busy = false; }
  });

  // ----- rematch, chat, invite links, the offline banner -----
  const rematchBox = $("rematch-box"), rematchBtn = $("rematch");
  function renderRematch() {
    if (!rematchBox) return;
    rematchBox.hidden = !view.finished;
    rematchBtn.textContent = view.rematch ? "Join the rematch" : "Rematch: the same seats again";
  }
  if (rematchBtn) rematchBtn.addEventListener("click", async () => {
    if (busy) return; busy = true; showError("");
    try { const data = await post("rematch", {}); location.assign(data.url); }
    catch (err) { showError(err.message); }
    finally { busy = false; }
  });
  const chatBox = $("chat"), chatForm = $("chat-form"), chatText = $("chat-text");
  function addChat(line) {
    // Text nodes only: a chat line is never read as HTML.
    const item = el("li", {"data-seat": line.seat === null ? "" : line.seat},
      el("span", {class: "who", text: line.name + ":"}), document.createTextNode(line.text));
    chatBox.append(item);
    while (chatBox.children.length > 200) chatBox.firstElementChild.remove();
    chatBox.scrollTop = chatBox.scrollHeight;
  }
  if (chatForm) chatForm.addEventListener("submit", async (e) => {
    e.preventDefault();
    const text = chatText.value.trim();
    if (!text) return;
    showError("");
    try { await post("chat", {text}); chatText.value = ""; }
    catch (err) { showError(err.message); }
  });
  for (const b of document.querySelectorAll(".fresh-link")) {
    b.addEventListener("click", async () => {
      showError("");
      try {
        const data = await post(`seats/${b.dataset.seat}/link`, {});
        const a = b.parentElement.querySelector(".new-link");
        a.href = data.url; a.textContent = data.link; a.hidden = false;
      } catch (err) { showError(err.message); }
    });
  }
  function setOffline(off) {
    $("offline").hidden = !off;
    root.dataset.offline = off ? "true" : "false";
  }

  function accept(msg) {
    if (msg.type === "chat") { addChat(msg); return; }
    if (msg.type === "chat-history") { chatBox.replaceChildren(); msg.lines.forEach(addChat); return; }
    if (msg.type === "rematch") { view.rematch = msg.id; renderRematch(); return; }
    if (msg.type !== "state") return;
    if (msg.log_start === 0 || msg.version >= view.version) {
      if (msg.log_start < shown) {  // entries taken back (undo) or a full snapshot
        const kept = msg.log_start + msg.log.length >= shown &&
          msg.log.slice(0, shown - msg.log_start).every((e, i) => {
            const old = log[msg.log_start + i]; return old && old.n === e.n && old.text === e.text; });
        if (!kept) shown = -1;
      }
      log = log.slice(0, msg.log_start).concat(msg.log);
      const same = msg.version === view.version && msg.board === view.board;
      if (!same) picks = {};
      view = msg;
      if (same) { renderLog(); return; }  // a snapshot of what is shown: keep the selection
      render();
    }
  }
  async function refresh() {
    const res = await fetch(`/api/matches/${matchId}/view`, {headers: token ? {"Authorization": "Bearer " + token} : {}});
    if (res.ok) accept(await res.json());
  }
  function connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const query = token ? "?token=" + encodeURIComponent(token) : "";
    ws = new WebSocket(`${proto}://${location.host}/api/matches/${matchId}/live${query}`);
    ws.onopen = () => { retry = 0; setConn("live"); setOffline(false); root.dataset.live = "true"; };
    ws.onmessage = (e) => { accept(JSON.parse(e.data)); };
    ws.onclose = (e) => {
      root.dataset.live = "false";
      if (e.code >= 4400 && e.code < 4500) { setConn("closed: " + (e.reason || e.code)); return; }
      setConn("reconnecting…");
      // A restart (1012) or a lost connection: say so after a moment (a reconnect usually
      // succeeds at once), and try every second so the banner clears soon after the return.
      retry += 1;
      if (retry > 1 || e.code !== 1012) setOffline(retry > 1);
      setTimeout(connect, retry === 1 ? 150 : 1000);
    };
  }
  log = view.log.slice();
  render();
  connect();
  setInterval(() => { if (ws && ws.readyState === 1) ws.send("ping"); }, 25000);
})();
