// A match page: the live view of one seat (or a spectator), moves by click, undo, the log.
//
// Board templates mark what stands for action fields with data-pick='{"field": value}'.
// Clicking such an element narrows the legal actions to those with these fields; when one
// action is left it is sent (once the selection holds the fields the action "needs"), when
// several are left the elements and buttons that can still complete the choice stay
// highlighted. Every legal action is also a labelled button.
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
  const baseTitle = document.title;
  const isSeat = root.dataset.viewer !== "";
  const prefs = {sound: "ludoteca.sound", notify: "ludoteca.notify"};

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
  // An action may list in "needs" the fields a selection must hold before a click sends
  // it (an attack that loses a piece to a misclick waits for its second attacker).
  const complete = (a, sel) => !Array.isArray(a.needs) || a.needs.every((k) => k in sel);
  const candidates = () => view.actions.filter((a) => fits(a, picks));

  function showError(text) {
    const box = $("error");
    box.textContent = text || ""; box.hidden = !text;
  }
  function setConn(text) { $("conn").textContent = text; }

  function render(fresh) {
    steady(() => draw(fresh), !fresh);
  }
  function draw(fresh) {
    if (view.version !== Number(root.dataset.version)) refused(null);  // the table moved on
    root.dataset.version = view.version;
    root.dataset.finished = view.finished ? "true" : "false";
    root.dataset.toAct = view.to_act;
    const before = fresh ? null : snapshot(board);
    board.innerHTML = view.board;
    markOwn(board);
    if (before) markChanges(before, board);
    $("turn").textContent = view.turn;
    $("prompt").textContent = view.prompt;
    const result = $("result");
    result.textContent = view.result || ""; result.hidden = !view.result;
    result.dataset.outcome = view.outcome || "";
    renderStandings($("standings"), view.standings);
    signalTurn(fresh);
    for (const chip of document.querySelectorAll(".seat-chip")) {
      chip.classList.toggle("to-act", Number(chip.dataset.seat) === view.to_act);
    }
    for (const id of ["replay-item", "record-item"]) { const a = $(id); if (a) a.hidden = !view.finished; }
    if (undoBtn) undoBtn.hidden = !view.can_undo;
    renderRematch();
    const invites = $("invite-panel");  // a finished match has no seat left to invite to
    if (invites) invites.hidden = !!view.finished;
    // After the end nothing is left to choose: no "Your moves" box (the result says it).
    const movesBox = document.querySelector(".side > .actions-panel");
    if (movesBox) movesBox.hidden = !!view.finished;
    renderLog(fresh);
    renderActions();
    bringLog = true;  // (a new position may have pushed the log's end off the window)
    fitSoon();
  }
  // ----- the view stays where the player put it -------------------------------------
  // A move redraws the board and the moves, so that what lies above the part the player
  // looks at may grow or shrink (a prompt, the splits on an estate, a shorter list of
  // moves above the log on a phone), and the page may get shorter than where it was
  // scrolled to. The first part of the board (or of the side column) that is on the
  // screen keeps its place there; a spacer at the page's end keeps the room that needs.
  const spacer = el("div", {id: "view-spacer", "aria-hidden": "true"});
  root.append(spacer);
  function anchorNow() {
    if (window.scrollY <= 0) return null;  // at the top, the page reads from its start
    const keys = [...board.querySelectorAll("[data-key]")];
    const sides = [...document.querySelectorAll(".side > section")];
    for (const [list, which] of [[keys, "key"], [sides, "side"]]) {
      for (let i = 0; i < list.length; i++) {
        const r = list[i].getBoundingClientRect();
        if (r.height && r.top >= 0 && r.top < window.innerHeight) {
          const key = which === "key" ? list[i].dataset.key : null;
          const rank = which === "key" ? keys.filter((n) => n.dataset.key === key).indexOf(list[i]) : i;
          return {which, key, rank, top: r.top};
        }
      }
    }
    return null;
  }
  function anchored(a) {
    if (a.which === "side") return document.querySelectorAll(".side > section")[a.rank] || null;
    return [...board.querySelectorAll("[data-key]")].filter((n) => n.dataset.key === a.key)[a.rank] || null;
  }
  function steady(change, keep = true) {
    const anchor = keep ? anchorNow() : null;
    if (anchor) spacer.style.height = "";  // the room it kept is measured again below
    turnCame = false;
    change();
    // The player's turn on a phone: the controls of that turn, not the place kept (which
    // put back where the last tap was would leave them off the screen).
    if (turnCame && followsTurn()) { spacer.style.height = ""; controlsInView(); return; }
    const node = anchor && anchored(anchor);
    if (!node) return;
    scrollToY(window.scrollY + node.getBoundingClientRect().top - anchor.top);
  }
  function scrollToY(want) {
    const room = document.documentElement.scrollHeight - window.innerHeight;
    if (want > room) spacer.style.height = (want - room) + "px";
    if (Math.abs(want - window.scrollY) >= 1) window.scrollTo({top: want, behavior: "instant"});
  }
  // ----- a phone follows the turn --------------------------------------------------
  // A board that asks for it (data-follow-turn on an element of it) has, on a phone, the
  // controls of each of the player's turns brought on screen at once, wherever the page
  // was: the first part of the board that can be clicked now (else the list of moves),
  // placed in the upper part of the screen, clear of a panel (the lower third).
  let turnCame = false;  // set while a change is drawn: it gave the player a turn
  const followsTurn = () => window.matchMedia("(max-width: 560px)").matches
    && !!board.querySelector("[data-follow-turn]");
  function turnControls() {
    const shown = (n) => n.getClientRects().length > 0;
    return [...board.querySelectorAll(".pickable")].find(shown)
      || (actionsBox && [...actionsBox.querySelectorAll("button")].find(shown)) || null;
  }
  function controlsInView() {
    const node = turnControls();
    if (!node) return;
    const r = node.getBoundingClientRect();
    if (r.top >= 0 && r.bottom <= window.innerHeight * 0.6) return;  // already there
    scrollToY(Math.max(0, window.scrollY + r.top - window.innerHeight * 0.15));
  }
  // ----- what changed --------------------------------------------------------------
  // An element's key: what it stands for (data-key, else data-pick, data-seat or
  // data-seats), within its keyed ancestors; a repeated key is told apart by its rank.
  const KEYED = "[data-key], [data-pick], [data-seat], [data-seats]";
  function ownKey(node) {
    const d = node.dataset;
    return d.key || d.pick || (d.seat !== undefined ? "seat:" + d.seat : "seats:" + d.seats);
  }
  function keyed(rootNode) {
    const out = new Map();
    for (const node of rootNode.querySelectorAll(KEYED)) {
      const up = node.parentElement ? node.parentElement.closest(KEYED) : null;
      const parent = up && rootNode.contains(up) ? up.dataset.__path : "";
      let path = parent + "/" + ownKey(node);
      let n = 1;
      while (out.has(path + (n > 1 ? "#" + n : ""))) n++;
      path += n > 1 ? "#" + n : "";
      node.dataset.__path = path;
      out.set(path, node);
    }
    return out;
  }
  function snapshot(rootNode) {
    const out = new Map();
    for (const [path, node] of keyed(rootNode)) out.set(path, node.innerHTML.replace(/ data-__path="[^"]*"/g, ""));
    return out;
  }
  // Marks the deepest keyed elements whose content changed or that are new.
  function markChanges(before, rootNode) {
    const now = keyed(rootNode);
    const changed = [];
    for (const [path, node] of now) {
      const html = node.innerHTML.replace(/ data-__path="[^"]*"/g, "");
      if (before.get(path) !== html) changed.push(node);
    }
    for (const node of changed) {
      if (changed.some((other) => other !== node && node.contains(other))) continue;
      node.classList.add("changed");
    }
    for (const node of now.values()) delete node.dataset.__path;
  }

  // ----- moments: a panel that stays until the player moves on ---------------------
  const momentBox = $("moment");
  let momentShown = null;  // the n of the log entry the panel shows
  function openMoment(entries, at) {
    const first = entries[at];
    const lines = [first];
    for (let i = at + 1; i < entries.length; i++) {
      const e = entries[i];
      if (e.move !== first.move || (e.chapter && !e.moment)) break;
      if (!e.aside) lines.push(e);  // (a line the moment's own words already say)
    }
    const titled = lines.filter((e) => e.moment);
    $("moment-title").textContent = titled.length ? titled[titled.length - 1].moment : "";
    $("moment-lines").replaceChildren(...lines.map((e) => el("li", {text: e.text})));
    const over = view.finished && view.standings && view.standings.length;
    $("moment-result").textContent = over ? (view.result || "") : "";
    $("moment-result").hidden = !over;
    $("moment-result").dataset.outcome = view.outcome || "";
    renderStandings($("moment-standings"), over ? view.standings : []);
    $("moment-close").textContent = waiting.length ? "Next" : "Continue";
    momentShown = first.n;
    momentBox.dataset.n = first.n;
    momentBox.hidden = false;
    boardInView();
    bringLog = true;
    fitSoon();  // the log's newest lines kept clear of it
  }
  // On a phone the page stays where the last tap was (a button under the board): a panel,
  // or the player's turn, brings the board's top back to the top of the screen, the
  // panel keeping to the lower third.
  function boardInView() {
    if (!window.matchMedia("(max-width: 560px)").matches) return;
    // (A board that follows the turn keeps the turn's controls on screen instead.)
    if (followsTurn() && root.dataset.yourTurn === "true") { controlsInView(); return; }
    const top = board.getBoundingClientRect().top;
    if (top < 0 || top > window.innerHeight * 0.25) board.scrollIntoView({block: "start"});
  }
  // Moments that came while a panel was open: a later move (a bot's, moments after the
  // player's own sale) must not replace a panel the player has not read yet, so they
  // wait here and open in turn on Continue. A move of the player's own drops them.
  let waiting = [];  // the n of each waiting moment's first entry
  function closeMoment() { momentBox.hidden = true; waiting = []; fitSoon(); }
  $("moment-close").addEventListener("click", () => {
    momentBox.hidden = true; fitSoon();
    while (waiting.length) {
      const at = log.findIndex((e) => e.n === waiting[0]);
      waiting.shift();
      if (at >= 0) { openMoment(log, at); break; }
    }
  });
  let endShown = false;
  function checkMoments(fromIndex) {
    if (view.finished && !endShown) {
      // The end, with every side's standing: the last move's lines under the game's
      // title for it, or "The match is over" when the game marks no moment there.
      endShown = true;
      let at = log.length - 1;
      while (at > 0 && log[at - 1].move === log[log.length - 1].move) at--;
      const marked = log.findIndex((e, k) => k >= at && e.moment);
      if (marked >= 0) openMoment(log, marked);
      else if (log.length) {
        openMoment(log, at);
        $("moment-title").textContent = "The match is over";
      }
      return;
    }
    for (let i = fromIndex; i < log.length; i++) {
      if (log[i].moment) {
        // The first moment of the newest move that has one, the lines before this call
        // included: a move that goes on with a moment (a sale's next lot, chosen by its
        // seller after the die) counts with the move that opened it, and its lines join
        // that panel (grown in place while open) rather than open a second one.
        let j = i;
        while (j > 0 && log[j - 1].move === log[i].move) j--;
        const at = log.findIndex((e, k) => k >= j && e.moment);
        if (momentBox.hidden || log[at].n === momentShown) openMoment(log, at);
        else if (!waiting.includes(log[at].n)) {
          waiting.push(log[at].n); $("moment-close").textContent = "Next";
        }
        i = at;
        while (i + 1 < log.length && log[i + 1].move === log[at].move) i++;
      }
    }
  }
  function renderStandings(box, rows) {
    if (!box) return;
    box.replaceChildren(...(rows || []).map((r) => el("li", {class: (r.won ? "won" : "") + (r.you ? " you" : ""), value: r.place},
      el("span", {class: "who", text: r.names + (r.you ? " (you)" : "")}), el("span", {class: "score", text: r.detail || (r.unit ? `${r.score} ${r.unit}` : r.score)}))));
    box.hidden = !(rows && rows.length);
  }

  // ----- your turn: title, icon, sound, notification --------------------------------
  const icon = document.querySelector("link[rel=icon]");
  function favicon(color) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="${color}"/></svg>`;
    return "data:image/svg+xml," + encodeURIComponent(svg);
  }
  let wasMine = null, wasOver = null, turnAt = null;
  function signalTurn(fresh) {
    // (A choice made in a group of simultaneous choices stays open to change: not a turn.)
    const mine = isSeat && view.actions.length > 0 && view.held == null;
    const over = !!view.finished;
    root.dataset.yourTurn = mine ? "true" : "false";
    document.title = (over ? "Over · " : mine ? "▶ Your turn · " : "") + baseTitle;
    if (icon) icon.href = favicon(over ? "#5c6470" : mine ? "#c0392b" : "#8a4b16");
    if (!fresh && isSeat) {
      if (mine && wasMine === false) { alertPlayer("Your turn", view.prompt); boardInView(); }
      else if (over && wasOver === false) alertPlayer("The match is over", view.result || "");
    }
    // Each new position where the seat is to move is a turn (two in a row included).
    if (mine && !fresh && view.version !== turnAt) turnCame = true;
    if (mine) turnAt = view.version;
    wasMine = mine; wasOver = over;
  }
  function pref(name) { try { return localStorage.getItem(prefs[name]) === "on"; } catch (e) { return false; } }
  function alertPlayer(title, body) {
    if (pref("sound")) beep();
    if (pref("notify") && "Notification" in window && Notification.permission === "granted"
        && (document.visibilityState !== "visible" || !document.hasFocus())) {
      try { new Notification(`${title} · ${baseTitle}`, {body: body, tag: "ludoteca-" + matchId}); } catch (e) { /* not allowed here */ }
    }
  }
  let audio = null;
  function beep() {
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      const osc = audio.createOscillator(), gain = audio.createGain();
      osc.frequency.value = 660; gain.gain.value = 0.08;
      osc.connect(gain); gain.connect(audio.destination);
      osc.start(); osc.stop(audio.currentTime + 0.18);
      root.dataset.beeps = String(Number(root.dataset.beeps || 0) + 1);
    } catch (e) { /* no audio here */ }
  }
  for (const name of ["sound", "notify"]) {
    const box = $("pref-" + name);
    if (!box) continue;
    box.checked = pref(name);
    box.addEventListener("change", async () => {
      let on = box.checked;
      if (on && name === "notify") {
        if (!("Notification" in window)) on = false;
        else if (Notification.permission !== "granted") on = (await Notification.requestPermission()) === "granted";
        box.checked = on;
      }
      try { localStorage.setItem(prefs[name], on ? "on" : "off"); } catch (e) { /* private mode */ }
    });
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
  let checked = 0;  // log entries looked at for moments
  let shown = 0;  // log entries on the page (the log only grows, except after an undo)
  // The log follows its newest line unless the player scrolled it up to read: a batch
  // taller than the box shows its end, and its entries are marked ("newest") so that
  // where it began can be found. The flag, not a measure taken after the fact, decides:
  // a longer list of moves shrinks the log's box after it was scrolled to the end.
  let logFollows = true;
  const logAtEnd = () => logBox.scrollHeight - logBox.scrollTop - logBox.clientHeight < 24;
  // Only the player scrolling up stops the following: the event of the page's own scroll
  // comes later, when a shrunk box may no longer be at its end.
  let logTop = 0;
  logBox.addEventListener("scroll", () => {
    if (logAtEnd()) logFollows = true;
    else if (logBox.scrollTop < logTop - 1) logFollows = false;
    logTop = logBox.scrollTop;
  }, {passive: true});
  function followLog() {
    if (logFollows) { logBox.scrollTop = logBox.scrollHeight; logTop = logBox.scrollTop; }
  }
  if (window.ResizeObserver) new ResizeObserver(followLog).observe(logBox);
  function renderLog(initial) {
    if (shown > log.length || logBox.children.length !== shown) {
      logBox.replaceChildren(); shown = 0;
    }
    const from = Math.min(checked, log.length);  // entries already looked at for moments
    const fresh = log.slice(shown).map((e) => el("li", {value: e.n, text: e.text, class: e.note ? "note" : e.moment ? "settles" : null}));
    if (fresh.length) {
      if (!initial) {
        for (const li of logBox.querySelectorAll("li.newest")) li.classList.remove("newest");
        for (const li of fresh) li.classList.add("newest");
      }
      logBox.append(...fresh);
      logFollows = true;  // new lines are shown, even to a player who had scrolled up
    }
    shown = log.length;
    followLog();
    if (!initial && log.length > from) checkMoments(from);
    checked = log.length;
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
        // The choice held for a group of simultaneous choices: marked; another replaces it.
        if (view.held === a.action) { b.classList.add("held"); b.setAttribute("aria-pressed", "true"); }
        b.addEventListener("click", () => send(a));
        nodes.push(b);
      });
      if (Object.keys(picks).length) {
        const cancel = el("button", {type: "button", class: "secondary", id: "cancel-pick", text: "Cancel selection"});
        cancel.addEventListener("click", () => { picks = {}; steady(renderActions); });
        nodes.unshift(cancel);
        // a move that still needs a choice (a building's kind) is not made by clicking again
        note.textContent = cands.length === 1 ? (complete(cands[0], picks)
          ? "1 move fits your selection: click the board again to make it, or pick it here."
          : "1 move fits your selection: finish it on the board (its button there), or pick it here.")
          : `${cands.length} moves fit your selection: pick one, or click the board again.`;
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
    if (!cands.length) { refuse(node); return; }
    refused(null);
    if (cands.length === 1 && complete(cands[0], next)) { send(cands[0]); return; }
    picks = next; steady(renderActions);
  }
  // A click the board cannot take says why, under the board where the player looks: the
  // reason the game's markup gives for that part (data-why: "workers may not enter the
  // mountains"), else that it fits no move of the selection, else no move at all.
  function refused(text) {
    const boardNote = $("board-note");
    if (!boardNote) return;
    boardNote.textContent = text || "";
    boardNote.hidden = !text;
  }
  function refuse(target) {
    if (!view.actions.length || !target.closest("[data-pick], [data-why]")) return;
    const why = target.closest("[data-why]");
    refused(why && board.contains(why) ? why.dataset.why
      : Object.keys(picks).length ? "That fits none of the moves your selection allows: click another place, or cancel the selection."
      : "That fits none of your moves now. " + (view.prompt || ""));
  }
  // The nearest element around the click that can be picked now and would add to the
  // selection (a mine that cannot be picked inside a display that can: the display; a
  // worker already chosen inside its pair: the pair, so a second click on it chooses both).
  const chosen = (node) => {
    if (!Object.keys(picks).length) return false;
    try { return fits(picks, JSON.parse(node.dataset.pick)); } catch (e) { return false; }
  };
  function pickableAt(target) {
    let node = target.closest("[data-pick]");
    while (node && board.contains(node) && (!node.classList.contains("pickable") || chosen(node))) {
      node = node.parentElement ? node.parentElement.closest("[data-pick]") : null;
    }
    return node && board.contains(node) ? node : null;
  }
  // A second click on a part already chosen, with nothing around it that could add to
  // the selection, takes the selection back (a player clicks a card again to let it go).
  function unpick(target) {
    const own = target.closest("[data-pick]");
    if (!own || !board.contains(own) || !chosen(own)) return false;
    picks = {}; refused(null); steady(renderActions);
    return true;
  }
  board.addEventListener("click", (e) => {
    const node = pickableAt(e.target);
    if (node) pick(node);
    else if (!unpick(e.target)) refuse(e.target);
  });
  board.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    const node = pickableAt(e.target);
    if (node) { e.preventDefault(); pick(node); }
    else if (unpick(e.target)) e.preventDefault();
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
    busy = true; showError(""); closeMoment();
    const fields = Object.assign({}, a); delete fields.label; delete fields.chance; delete fields.needs;
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
  // The creator's invite links: the ones the lobby kept in this browser, replaced here
  // (and in what the lobby keeps) when a new link is issued, since the old one stops working.
  const invitePanel = $("invite-panel");
  const SEATS = "ludoteca.seats";
  function storedSeats() {
    try { return JSON.parse(localStorage.getItem(SEATS) || "[]"); } catch (e) { return []; }
  }
  function showLink(item, url, link) {
    const a = item.querySelector(".new-link"), copy = item.querySelector(".copy");
    a.href = url; a.textContent = link; a.hidden = false;
    copy.hidden = false; copy.textContent = "copy"; copy.dataset.link = link;
  }
  if (invitePanel) {
    for (const item of invitePanel.querySelectorAll("li[data-seat]")) {
      const seat = Number(item.dataset.seat);
      const kept = storedSeats().find((s) => s.match === matchId && s.role === "invite" && s.seat === seat);
      if (kept) showLink(item, kept.url, kept.link || location.origin + kept.url);
      const copy = item.querySelector(".copy");
      copy.addEventListener("click", () => navigator.clipboard &&
        navigator.clipboard.writeText(copy.dataset.link).then(() => { copy.textContent = "copied"; }));
      item.querySelector(".fresh-link").addEventListener("click", async () => {
        showError("");
        try {
          const data = await post(`seats/${seat}/link`, {});
          showLink(item, data.url, data.link);
          const list = storedSeats();
          for (const s of list) {
            if (s.match === matchId && s.role === "invite" && s.seat === seat) { s.url = data.url; s.link = data.link; }
          }
          localStorage.setItem(SEATS, JSON.stringify(list));
        } catch (err) { showError(err.message); }
      });
    }
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
  // The side column (moves, log) ends at the bottom of the window wherever it starts, so
  // that the newest log line is always in view; below 900px it follows the board. The
  // moves come first, whole, with the log's usable height (its min-height) below them:
  // when both do not fit above the window's bottom but would once the page is scrolled
  // (the column is sticky at the window's top), the column grows past the bottom; a list
  // too long even for that scrolls inside its own box (app.css), and the log keeps its
  // lines in view.
  const side = document.querySelector(".side");
  const movesPanel = document.querySelector(".side > .actions-panel");
  const logPanel = document.querySelector(".side > .log-panel");
  let fitting = false;
  function fitSide() {
    fitting = false;
    if (!side) return;
    if (window.innerWidth < 900) { side.style.height = ""; clearOfMoment(); return; }
    const top = Math.max(8, side.getBoundingClientRect().top);
    const room = window.innerHeight - top - 8;
    let height = room, whole = false;
    if (movesPanel && logPanel && actionsBox) {
      const moves = movesPanel.offsetHeight - actionsBox.clientHeight + actionsBox.scrollHeight;
      const need = moves + parseFloat(getComputedStyle(logPanel).minHeight) + 32;  // margins
      whole = need <= window.innerHeight - 16;
      if (whole) height = Math.max(room, need);
    }
    side.classList.toggle("moves-whole", whole);  // else the moves' own box scrolls
    side.style.height = Math.max(320, height) + "px";
    clearOfMoment();
    followLog();
  }
  // ----- the log beside a panel -----------------------------------------------------
  // An open panel docks at the bottom of a wide page over the side column, where the
  // log's newest lines are. When it would cover them, or the moves above them while there
  // are some (the list the player answers from), it goes into the gap between the moves
  // and the log (its own box scrolls), or, with too little room there, beside the column
  // over the board's edge; it never reaches below the window (its button would be out of
  // reach: the panel is fixed, scrolling does not bring it). A log whose end lies below
  // the window (a column grown past it) is brought up first, as the panel opens and at
  // each new position while it is open (not as the player scrolls: he may scroll away).
  // On a narrow page the log is in the page under the board: the page gets room at its
  // end as high as the panel, so that it can be scrolled until the log lies above it.
  let bringLog = false;  // a panel opened or a position came: the log's end brought up
  function clearOfMoment() {
    const open = !momentBox.hidden;
    const bring = bringLog && open;
    bringLog = false;
    const place = {bottom: "", right: "", maxHeight: ""};
    let room = "";
    if (open && window.innerWidth >= 900) {
      Object.assign(momentBox.style, place);
      let box = logBox.getBoundingClientRect();
      if (bring && box.bottom > window.innerHeight - 4) {
        window.scrollBy({top: box.bottom - window.innerHeight + 8, behavior: "instant"});
        box = logBox.getBoundingClientRect();
      }
      const p = momentBox.getBoundingClientRect();
      const moves = movesPanel && !movesPanel.hidden
        && actionsBox.querySelector("button[data-action]") ? movesPanel.getBoundingClientRect()
        : null;
      const covers = (b) => b && b.bottom > 0 && b.top < window.innerHeight
        && p.left < b.right && p.right > b.left && p.top < b.bottom - 4 && p.bottom > b.top;
      if (covers(box) || covers(moves)) {
        const ceiling = Math.max(8, moves && moves.bottom > 0 ? moves.bottom + 8 : 8);
        const floor = Math.min(box.top, window.innerHeight) - 8;
        if (floor - ceiling >= 160) {
          place.bottom = (window.innerHeight - floor) + "px";
          place.maxHeight = (floor - ceiling) + "px";
        } else if (side) {
          place.right = (window.innerWidth - side.getBoundingClientRect().left + 8) + "px";
        }
      }
    } else if (open) {
      room = (Math.ceil(momentBox.getBoundingClientRect().height) + 16) + "px";
    }
    Object.assign(momentBox.style, place);
    if (root.style.paddingBottom !== room) root.style.paddingBottom = room;
  }
  const fitSoon = () => { if (!fitting) { fitting = true; requestAnimationFrame(fitSide); } };
  window.addEventListener("resize", fitSoon);
  window.addEventListener("scroll", fitSoon, {passive: true});

  log = view.log.slice();
  endShown = !!view.finished;  // a page opened on a finished match shows its result already
  render(true);
  connect();
  setInterval(() => { if (ws && ws.readyState === 1) ws.send("ping"); }, 25000);
})();
