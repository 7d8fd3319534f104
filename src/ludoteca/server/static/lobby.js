// The lobby: the new-match form, the links of a new match, your seats in this browser.
(function () {
  "use strict";
  const games = JSON.parse(document.getElementById("games-data").textContent);
  const form = document.getElementById("create-form");
  const playersSel = document.getElementById("players");
  const variantSel = document.getElementById("variant");
  const optionsBox = document.getElementById("options");
  const seatsBox = document.getElementById("seats");
  const errorBox = document.getElementById("create-error");
  const created = document.getElementById("created");
  const STORE = "ludoteca.seats";

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "text") node.textContent = v; else node.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children) node.append(c);
    return node;
  }
  function game() {
    const checked = form.querySelector("input[name=game]:checked");
    return games.find((g) => checked && g.id === checked.value);
  }
  function fillPlayers() {
    const g = game(); if (!g) return;
    const keep = Number(playersSel.value);
    playersSel.replaceChildren(...g.player_counts.map((n) => el("option", {value: n, text: String(n)})));
    playersSel.value = g.player_counts.includes(keep) ? keep : g.player_counts[g.player_counts.length - 1];
    fillVariants(); fillOptions(); fillSeats();
  }
  function fillVariants() {
    const g = game(); const n = Number(playersSel.value);
    const fits = g.variants.filter((v) => v.players.includes(n));
    variantSel.replaceChildren(...fits.map((v) => el("option", {value: v.id, text: v.id + (v.description ? " — " + v.description : "")})));
  }
  // The rule switches of the chosen variant, by their plain names; a switch that changes
  // nothing in this variant is not shown (and not sent).
  function fillOptions() {
    const g = game(); const variant = variantSel.value;
    const rows = g.options.filter((o) => !o.variants || o.variants.includes(variant)).map((o) => {
      let input;
      const id = "opt-" + o.name;
      if (o.kind === "choice") {
        input = el("select", {name: id, id: id, "data-kind": o.kind},
          ...o.choices.map((c) => el("option", {value: c, text: (o.choice_labels || {})[c] || String(c), selected: c === o.default})));
      } else if (o.kind === "bool") {
        input = el("input", {type: "checkbox", name: id, id: id, "data-kind": o.kind, checked: !!o.default});
      } else {
        input = el("input", {type: o.kind === "text" ? "text" : "number", name: id, id: id, "data-kind": o.kind,
          value: o.default ?? "", min: o.minimum, max: o.maximum, step: o.kind === "number" ? "any" : null,
          placeholder: o.optional ? "(default)" : null});
      }
      const help = el("span", {class: "opt-help", text: o.help || ""});
      if (o.rulings && o.rulings.length) {
        help.append(" ", el("a", {href: `/rules/${g.id}#${o.rulings[0]}`, target: "_blank", rel: "noopener", text: "why"}));
      }
      return el("div", {class: "opt-row", "data-option": o.name}, el("label", {for: id, class: "opt-label", text: o.label}), input, help);
    });
    optionsBox.hidden = rows.length === 0;
    optionsBox.replaceChildren(el("legend", {text: "Options"}), ...rows);
  }
  function fillSeats() {
    const n = Number(playersSel.value);
    const rows = [];
    for (let s = 0; s < n; s++) {
      const kind = el("select", {name: "kind-" + s, "aria-label": "Seat " + (s + 1)},
        el("option", {value: "me", text: "me", selected: s === 0}),
        el("option", {value: "invite", text: "invite a friend"}),
        el("option", {value: "bot", text: "bot", selected: s !== 0}));
      const g = game();
      const bot = el("select", {name: "bot-" + s, "aria-label": "Bot strength of seat " + (s + 1)},
        // The strength's name shows; the spec it plays (a game's strong preset can be long
        // enough to widen the page on a phone) is the option's tooltip.
        el("option", {value: "easy", text: "easy", title: g.bots.easy}),
        el("option", {value: "normal", text: "normal", title: g.bots.normal, selected: true}),
        el("option", {value: "strong", text: "strong", title: g.bots.strong}),
        el("option", {value: "spec", text: "other: an agent spec…"}));
      const spec = el("input", {type: "text", name: "spec-" + s, placeholder: "e.g. ismcts:iterations=100", size: 22, "aria-label": "Agent spec of seat " + (s + 1)});
      const name = el("input", {type: "text", name: "name-" + s, placeholder: "name (optional)", maxlength: 40, size: 14});
      const sync = () => { bot.hidden = kind.value !== "bot"; spec.hidden = bot.hidden || bot.value !== "spec"; };
      kind.addEventListener("change", sync); bot.addEventListener("change", sync); sync();
      rows.push(el("div", {class: "seat-row", "data-seat": s}, el("span", {class: "seat-no", text: "Seat " + (s + 1)}), kind, bot, spec, name));
    }
    seatsBox.replaceChildren(...rows);
  }
  form.addEventListener("change", (e) => {
    if (e.target.name === "game") fillPlayers();
    else if (e.target === playersSel) { fillVariants(); fillOptions(); fillSeats(); }
    else if (e.target === variantSel) fillOptions();
  });

  function options() {
    const out = {};
    for (const input of optionsBox.querySelectorAll("[data-kind]")) {
      const name = input.name.slice(4), kind = input.dataset.kind;
      if (kind !== "bool" && input.value === "") continue;  // left empty: the game's default
      if (kind === "bool") out[name] = input.checked;
      else if (kind === "integer") out[name] = parseInt(input.value, 10);
      else if (kind === "number") out[name] = parseFloat(input.value);
      else out[name] = input.value;
    }
    return out;
  }
  function seats() {
    const n = Number(playersSel.value), out = [];
    for (let s = 0; s < n; s++) {
      const strength = form.elements["bot-" + s].value;
      out.push({kind: form.elements["kind-" + s].value,
        bot: strength === "spec" ? form.elements["spec-" + s].value : strength,
        name: form.elements["name-" + s].value});
    }
    return out;
  }
  function remember(match) {
    const list = JSON.parse(localStorage.getItem(STORE) || "[]");
    for (const s of match.seats) {
      if (s.url) list.unshift({match: match.id, game: match.game, seat: s.seat, name: s.name, role: s.role, url: s.url, link: s.link, at: Date.now()});
    }
    localStorage.setItem(STORE, JSON.stringify(list.slice(0, 50)));
  }
  function copyButton(text) {
    const b = el("button", {type: "button", class: "copy secondary", text: "copy"});
    b.addEventListener("click", () => navigator.clipboard && navigator.clipboard.writeText(text).then(() => { b.textContent = "copied"; }));
    return b;
  }
  function showCreated(match) {
    const abs = (u) => location.origin + u;
    // Links for other people use the address the server gives (--public-url, or this
    // computer's network address): "localhost" would point at the friend's own computer.
    const shared = (s) => s.link || abs(s.url);
    const items = [];
    let mine = null;
    for (const s of match.seats) {
      if (!s.url) continue;
      if (s.role === "me" && !mine) mine = s;
      const label = s.role === "me" ? `Your seat (${s.seat + 1}, ${s.name})` : `Invite link for seat ${s.seat + 1} (${s.name})`;
      items.push(el("li", {class: "seat-link", "data-seat": s.seat, "data-role": s.role},
        el("span", {text: label + ": "}), el("a", {href: s.url, text: shared(s)}), copyButton(shared(s))));
    }
    const watchLink = match.watch_link || abs(match.watch);
    items.push(el("li", {}, el("span", {text: "Spectators: "}), el("a", {href: match.watch, id: "watch-new", text: watchLink}), copyButton(watchLink)));
    const go = mine ? el("p", {}, el("a", {href: mine.url, id: "go-play", class: "button-link", text: "Go to your seat →"})) : el("p", {}, el("a", {href: match.watch, id: "go-play", text: "Watch the match →"}));
    created.replaceChildren(el("h2", {text: "Match created"}),
      el("p", {class: "hint", text: "Keep these links: each invite link is the only key to its seat (it cannot be shown again). Send each to its player and do not open it yourself: the first browser that opens a link takes the seat (from the match page you can issue a fresh link). Anyone with the spectator link may watch."}),
      el("ul", {class: "links", id: "created-links"}, ...items), go);
    created.hidden = false;
    created.scrollIntoView({behavior: "smooth"});
  }
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    errorBox.hidden = true;
    const g = game();
    const body = {game: g.id, players: Number(playersSel.value), variant: variantSel.value, options: options(), seats: seats()};
    const button = document.getElementById("create");
    button.disabled = true;
    try {
      const res = await fetch("/api/matches", {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
      const data = await res.json();
      if (!res.ok) throw new Error(data.detail || res.statusText);
      remember(data); showCreated(data); showMine();
      // Creating a match takes its creator to their seat (the invite links are shown there).
      const mine = data.seats.find((s) => s.role === "me" && s.url);
      if (mine) location.assign(mine.url);
    } catch (err) {
      errorBox.textContent = String(err.message || err); errorBox.hidden = false;
    } finally { button.disabled = false; }
  });
  // Each seat this browser holds, with where its match stands: your turn, waiting, finished.
  function showMine() {
    const list = JSON.parse(localStorage.getItem(STORE) || "[]");
    const box = document.getElementById("mine");
    if (!list.length) { box.hidden = true; return; }
    const title = (id) => (games.find((g) => g.id === id) || {title: id}).title;
    const items = list.slice(0, 12).map((s) => {
      const status = el("span", {class: "seat-status", "data-status": "unknown", text: "…"});
      const item = el("li", {"data-match": s.match, "data-seat": s.seat},
        el("a", {href: s.url, text: `${title(s.game)} · seat ${s.seat + 1} (${s.name})${s.role === "invite" ? " — invite" : ""}`}),
        " ", status, el("span", {class: "muted", text: " " + new Date(s.at).toLocaleString()}));
      seatStatus(s, status);
      return item;
    });
    document.getElementById("my-seats").replaceChildren(...items);
    box.hidden = false;
  }
  async function seatStatus(seat, node) {
    const token = seat.url.split("/").pop();
    let text = "unknown", status = "unknown";
    try {
      const res = await fetch(`/api/matches/${seat.match}/view`, {headers: {"Authorization": "Bearer " + token}});
      if (res.ok) {
        const v = await res.json();
        if (v.finished) { status = "finished"; text = "finished"; }
        else if (v.actions && v.actions.length) { status = "your-turn"; text = "your turn"; }
        else { status = "waiting"; text = "waiting"; }
      } else if (res.status === 403) {
        // An invite someone opened is claimed by their browser; one replaced by a new link
        // names no seat any more.
        const detail = ((await res.json().catch(() => ({}))).detail || "");
        status = "gone";
        text = /claimed/.test(detail) ? "opened in another browser" : "link replaced";
      } else if (res.status === 404) { status = "gone"; text = "no longer here"; }
    } catch (e) { text = "the server is unreachable"; }
    node.dataset.status = status; node.textContent = text;
  }
  fillPlayers(); showMine();
})();
