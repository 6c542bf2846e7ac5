// archeo-lab board shell (anywidget ESM).  It draws what every game shares (title, status,
// the "last moves" line, prompt, message, controls, final count, log) and hands the game
// area to GAME.draw(area, board, ui), which each widgets/<game>.js defines; Python joins this
// file and the game's file into one module (ui/assets.py), so no import and no CDN is needed.
//
// No rule lives here: the view model (model.get("view")) lists every clickable target with
// the action JSON it sends back as {action: ...}.  A target that cannot be played now carries
// either the action to try (data-try: Python refuses it and names the rule) or the reason
// itself (data-why).  A click anywhere else says what can be clicked now.
//
// Watching the bots: Python sends one view per move (view.frame); every view of one board
// shares a player (keyed by the board's uid) that shows those frames one after the other at
// the pace the learner picks, so a re-rendered output goes on with the same replay.
//
// JupyterLite's kernel drops dict keys whose value is None: a missing key and null are the
// same thing here (always test with `== null`, never `=== null`).

/** Fill an element made by h() or svgEl(): attributes (on* are listeners, dataset the data-* ones), then children. */
function fill(el, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value == null || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "dataset") {
      for (const [k, v] of Object.entries(value)) if (v != null) el.dataset[k] = v;
    } else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child == null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** Create an element: h("button", {class: "x", onclick: f}, "text", child). */
function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element: svgEl("circle", {cx: 1, ...}, children...). */
function svgEl(tag, attrs, ...children) {
  return fill(document.createElementNS("http://www.w3.org/2000/svg", tag), attrs, children);
}

/** A small inline SVG picture (no emoji fonts on many classroom machines). */
function picture(paths, size = 16, box = 16, cls = "al-svg", title = "") {
  const span = h("span", { class: cls, title: title || null });
  span.innerHTML = `<svg width="${size}" height="${size}" viewBox="0 0 ${box} ${box}" aria-hidden="true">${paths}</svg>`;
  return span;
}

/** A count in words, as Python's wording.plural: plural(1, "point") is "1 point", plural(12, "point") "12 points". */
function plural(n, word, many = null) {
  return `${n} ${n === 1 ? word : (many || `${word}s`)}`;
}

/** Attributes that make an element a target: the action it plays, or what to try / why not. */
function target(t) {
  if (t == null) return {};
  return {
    action: t.action == null ? null : JSON.stringify(t.action),
    try: t.action == null && t.try != null ? JSON.stringify(t.try) : null,
    why: t.action == null && t.try == null && t.why != null ? t.why : null,
  };
}

const SHELL_ICONS = {
  undo: '<path d="M5 3L1.5 6.5 5 10" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"/><path d="M2 6.5h7.5a4.5 4.5 0 0 1 0 9H6" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round"/>',
  skip: '<path d="M2 3l6 5-6 5zM8 3l6 5-6 5z" fill="currentColor"/>',
};

const PACES = [["instant", 0], ["fast", 350], ["normal", 800], ["slow", 1600]];
// After this long without a new view, the board asks Python to bring the position's picture in
// the notebook's outputs up to date (for exports); not after every click, since JupyterLab then
// draws the widget anew.
const PICTURE_DELAY = 1500;
const PACE_KEY = "archeo-lab-pace";

function savedPace() {
  try {
    const v = window.localStorage.getItem(PACE_KEY);
    if (v != null && PACES.some(([name]) => name === v)) return v;
  } catch (e) { /* storage may be off (sandboxed page) */ }
  return "normal";
}

// -- one player per board: the frames queue, shared by every view of the board ------------------
const PLAYERS = new Map();

function playerFor(model) {
  const uid = model.get("uid") || "board";
  let p = PLAYERS.get(uid);
  if (!p) {
    p = {
      uid, model, queue: [], timer: null, holdUntil: 0, shown: model.get("view"), pace: savedPace(),
      listening: false, views: new Set(),
      ui: { logOpen: false, selected: null, message: null, areaScroll: 0 }, pictureTimer: null,
    };
    PLAYERS.set(uid, p);
  }
  return p;
}

function listen(p, model) {
  if (p.listening) return;
  p.listening = true;
  model.on("change:view", () => push(p, model.get("view")));
}

function paceMs(p) {
  return (PACES.find(([name]) => name === p.pace) || PACES[2])[1];
}

function replaying(p) {
  return p.queue.length > 0;
}

function redrawAll(p) {
  for (const redraw of p.views) redraw();
}

function show(p, view) {
  p.shown = view;
  p.ui.message = null;   // a local hint lasts until the next view
  redrawAll(p);
  if (p.pictureTimer != null) clearTimeout(p.pictureTimer);
  p.pictureTimer = null;
  if (view.picture_stale) {
    p.pictureTimer = setTimeout(() => {
      p.pictureTimer = null;
      if (!replaying(p) && p.shown === view) p.model.send({ command: "picture" });
    }, PICTURE_DELAY);
  }
}

function push(p, view) {
  if (view == null) return;
  p.queue.push(view);
  schedule(p);
}

function schedule(p) {
  if (p.timer != null) return;
  const wait = Math.max(0, p.holdUntil - Date.now());
  if (wait > 0 && paceMs(p) > 0) {
    p.timer = setTimeout(() => { p.timer = null; step(p); }, wait);
    redrawAll(p);  // the Skip button appears
  } else step(p);
}

function step(p) {
  const pace = paceMs(p);
  if (pace === 0) {
    const last = p.queue[p.queue.length - 1];
    p.queue = [];
    p.holdUntil = 0;
    if (last != null) show(p, last);
    return;
  }
  while (p.queue.length) {
    const view = p.queue.shift();
    const frame = view.frame != null;
    if (frame) p.holdUntil = Date.now() + pace;
    show(p, view);
    if (frame && p.queue.length) {
      p.timer = setTimeout(() => { p.timer = null; step(p); }, pace);
      return;
    }
  }
}

function skip(p) {
  if (p.timer != null) clearTimeout(p.timer);
  p.timer = null;
  p.holdUntil = 0;
  const last = p.queue[p.queue.length - 1];
  p.queue = [];
  if (last != null) show(p, last);
  else redrawAll(p);
}

// -- drawing -------------------------------------------------------------------------------------
function statusText(view, p) {
  if (replaying(p) && view.frame != null) return `Showing ${view.frame.title || "a move"}…`;
  if (view.over) return "Game over";
  if (view.thinking != null) return `${view.thinking} is thinking…`;
  if (view.your_turn) return "Your move";
  const cur = view.current_player;
  return cur == null ? "" : `${view.names[cur] != null ? view.names[cur] : `Seat ${cur}`} to play`;
}

/** What a click on something that cannot be played says. */
function idleHint(view, p) {
  if (replaying(p)) return "The bots' moves are being shown: wait, or press Skip.";
  if (view.over) return "The game is over: press Rematch (the same set-up) or New game.";
  if (view.thinking != null) return `${view.thinking} is thinking: wait for your turn.`;
  if (!view.your_turn) {
    const cur = view.current_player;
    const who = cur != null && view.names[cur] != null ? view.names[cur] : "another seat";
    return `It is ${who}'s turn, not yours.`;
  }
  const hint = view.board.hint != null ? view.board.hint : view.board.prompt;
  return `Nothing to play there. ${hint || ""}`.trim();
}

function drawFinal(final) {
  if (final == null) return null;
  const seats = final.columns || [];
  return h("section", { class: "al-final", "data-testid": "final" },
    h("div", { class: "al-verdict", "data-testid": "verdict" }, final.verdict || ""),
    h("table", {},
      h("tr", {}, h("th", {}, final.title || "Final count"), seats.map((s) => h("th", {}, s))),
      (final.rows || []).map((r) => h("tr", { class: r.total ? "al-total" : null },
        h("td", {}, r.label), (r.values || []).map((v) => h("td", {}, v == null ? "" : String(v)))))));
}

function highlight(area, marks) {
  for (const mark of marks || []) {
    if (!Array.isArray(mark) || mark.length !== 2) continue;
    const [attr, value] = mark;
    const sel = `[data-${String(attr).replace(/[^a-z0-9-]/gi, "")}="${CSS.escape(String(value))}"]`;
    area.querySelectorAll(sel).forEach((el) => el.classList.add("al-hl"));
  }
}

function drawShell(root, p, ui) {
  const view = p.shown;
  const busy = view.thinking != null || replaying(p);
  const paceSelect = h("select", {
    class: "al-pace", "aria-label": "pace of the bots' moves", title: "How long each bot move stays on the board",
    onchange: (e) => {
      p.pace = e.target.value;
      try { window.localStorage.setItem(PACE_KEY, p.pace); } catch (err) { /* storage off */ }
      if (paceMs(p) === 0) skip(p);
    },
  }, PACES.map(([name]) => h("option", { value: name, selected: name === p.pace }, name)));
  const header = h("div", { class: "al-header" },
    h("span", { class: "al-title" }, view.title),
    h("span", { class: "al-status", "data-testid": "status" }, statusText(view, p)),
    h("span", { class: "al-spacer" }),
    replaying(p) ? h("button", { class: "al-skip", "data-ui": "", onclick: () => skip(p), title: "Show the position now" },
      picture(SHELL_ICONS.skip, 12), " Skip") : null);
  const recent = view.recent || [];
  const fresh = view.frame != null ? (view.frame.lines || []).length : 0;
  const lines = h("div", { class: "al-recent", "data-testid": "recent", "aria-live": "polite" },
    h("b", {}, "Last moves: "),
    recent.length ? recent.map((line, i) => h("span", {
      class: `al-line${i >= recent.length - fresh ? " al-fresh" : ""}`,
    }, line)) : h("span", { class: "al-line" }, "none yet."));
  const prompt = h("div", { class: "al-prompt", "data-testid": "prompt" }, view.board.prompt || "");
  const localMsg = ui.message;
  const message = h("div", {
    class: `al-message al-${localMsg != null ? "error" : view.message_kind || "info"}`,
    "data-testid": "message", role: "status",
  }, localMsg != null ? localMsg : view.message || "");
  const area = h("div", { class: "al-area" });
  GAME.draw(area, view.board, ui);
  highlight(area, view.highlight);
  const final = drawFinal(view.board.final);
  if (final) area.prepend(final);
  const log = h("details", { class: "al-log", open: ui.logOpen },
    h("summary", {}, "What happened (the whole log)"),
    h("ol", {}, (view.board.log || []).map((line) => h("li", {}, line))));
  log.addEventListener("toggle", () => { ui.logOpen = log.open; });
  area.append(log);
  const opponents = (view.opponent_choices || []).length
    ? h("label", { class: "al-opponents" }, "Opponents: ",
      h("select", {
        class: "al-opponent-select", disabled: busy || view.over,
        onchange: (e) => ui.command("opponents", e.target.value),
      },
      view.opponent ? null : h("option", { value: "", selected: true, disabled: true }, "mixed"),
      view.opponent_choices.map((c) => h("option", { value: c, selected: c === view.opponent }, c))))
    : null;
  const controls = h("div", { class: "al-controls" },
    h("button", {
      class: "al-undo", disabled: busy || !view.can_undo,
      title: view.over ? "The game is over" : "Take back your last move (never across a draw)",
      onclick: () => ui.command("undo"),
    }, picture(SHELL_ICONS.undo, 12), " Undo"),
    h("button", {
      class: "al-botmove", disabled: busy || !view.can_bot_move,
      title: "A bot plays the next move (a greedy bot plays it for you when it is your turn)",
      onclick: () => ui.command("bot_move"),
    }, "Bot move"),
    h("button", {
      class: "al-toend", disabled: busy || view.over, title: "Bots play every seat until the game ends",
      onclick: () => ui.command("to_end"),
    }, "Bots to the end"),
    h("button", {
      class: `al-rematch${view.over ? " al-offer" : ""}`, disabled: busy,
      title: "Play the same set-up again (same seed, same opponents)", onclick: () => ui.command("rematch"),
    }, "Rematch"),
    h("button", {
      class: `al-new${view.over ? " al-offer" : ""}`, disabled: busy,
      title: "Deal a new game (a fresh seed)", onclick: () => ui.command("new"),
    }, "New game"),
    opponents,
    h("label", { class: "al-pacebox" }, "Bot moves: ", paceSelect),
    h("span", { class: "al-moves" }, `${view.moves} ${view.moves === 1 ? "move" : "moves"} played · seed ${view.seed}`));
  root.replaceChildren(h("div", { class: "al-head" }, header, lines, prompt, message), area, controls);
  // The game area keeps its scroll position across redraws (and when JupyterLab draws the widget anew).
  area.scrollTop = ui.areaScroll || 0;
  // ...unless a decision the game marks (data-focus: a dig dialog, a choice to make) is out of view.
  const focus = area.querySelector("[data-focus]");
  if (focus != null) {
    const a = area.getBoundingClientRect(), f = focus.getBoundingClientRect();
    if (f.top < a.top || f.top > a.bottom - 40) area.scrollTop += f.top - a.top - 4;
  }
  ui.areaScroll = area.scrollTop;
  // The area scrolls inside the board (its header and controls stay in view): say when it goes on below,
  // since overlay scrollbars (macOS, touch screens, headless) show nothing until one scrolls.
  // A strip that fades the last line out, clicks passing through it to the board (it covers nothing one can miss).
  const more = h("div", { class: "al-more", "data-testid": "more", "aria-hidden": "true" },
    h("span", {}, "\u25be more below: scroll"));
  area.append(more);
  const cue = () => { more.hidden = area.scrollTop + area.clientHeight >= area.scrollHeight - 4; };
  area.addEventListener("scroll", () => { ui.areaScroll = area.scrollTop; cue(); });
  if (typeof ResizeObserver !== "undefined") new ResizeObserver(cue).observe(area);
  cue();
  const list = lines;
  list.scrollTop = list.scrollHeight;
  // Drawn before JupyterLab attaches the widget, the line has no height yet: show its newest moves once it has.
  if (typeof ResizeObserver !== "undefined") new ResizeObserver(() => { list.scrollTop = list.scrollHeight; }).observe(list);
  const fullLog = log.querySelector("ol");
  if (fullLog) fullLog.scrollTop = fullLog.scrollHeight;
}

/** Clicks in the game area: play a target, try one (Python names the rule), or say why not. */
function onAreaClick(e, p, ui) {
  if (e.defaultPrevented) return;
  const el = e.target.closest("[data-action],[data-try],[data-why],[data-ui],button,select,input,label,summary,a,details");
  const view = p.shown;
  if (el && el.closest(".al-log")) return;
  if (el && (el.dataset.action != null || el.dataset.try != null) && !replaying(p) && view.your_turn) {
    ui.send(JSON.parse(el.dataset.action != null ? el.dataset.action : el.dataset.try));
    return;
  }
  if (el && el.dataset.why != null && !replaying(p) && view.your_turn) {
    ui.hint(el.dataset.why);
    return;
  }
  if (el && el.dataset.ui != null && !replaying(p)) return;   // a selection or a toggle, handled by the game
  if (el && el.tagName === "BUTTON" && el.dataset.action == null && el.dataset.try == null && !replaying(p)
      && !el.disabled) return;
  ui.hint(idleHint(view, p));
}

function initialize({ model }) {
  listen(playerFor(model), model);
}

function render({ model, el }) {
  const p = playerFor(model);
  listen(p, model);   // if this anywidget has no initialize hook
  p.model = model;
  const root = h("div", { class: "al-board" });
  el.append(root);
  const ui = p.ui;
  ui.send = (action) => {
    for (const r of document.querySelectorAll(`.al-board[data-uid="${p.uid}"]`)) r.classList.add("al-busy");
    ui.message = null;
    p.model.send({ action });
  };
  ui.command = (name, value) => {
    for (const r of document.querySelectorAll(`.al-board[data-uid="${p.uid}"]`)) r.classList.add("al-busy");
    ui.message = null;
    p.model.send(value == null ? { command: name } : { command: name, value });
  };
  ui.redraw = () => redrawAll(p);
  ui.hint = (text) => { ui.message = text; redrawAll(p); };
  ui.replaying = () => replaying(p);
  const redraw = () => {
    const view = p.shown;
    root.className = `al-board al-${(view && view.game) || "game"}${view && view.thinking != null ? " al-thinking" : ""}`
      + `${replaying(p) ? " al-replaying" : ""}`;
    root.dataset.uid = p.uid;
    if (view == null || view.board == null) return;
    drawShell(root, p, ui);
  };
  root.addEventListener("click", (e) => {
    if (e.target.closest(".al-area")) onAreaClick(e, p, ui);
  });
  p.views.add(redraw);
  if (!replaying(p)) p.shown = model.get("view");
  redraw();
  return () => {
    p.views.delete(redraw);
  };
}

export default { initialize, render };
