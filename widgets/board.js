// archeo-lab board shell (anywidget ESM).  It draws what every game shares
// (title, prompt, message, scores, log, controls) and hands the game area to
// GAME.draw(area, board, ui), which each widgets/<game>.js defines; Python
// joins this file and the game's file into one module (ui/assets.py), so no
// import and no CDN is needed.
//
// No rule lives here: the view model (model.get("view")) lists every clickable
// target with the action JSON it sends back as {action: ...}.

/** Create an element: h("button", {class: "x", onclick: f}, "text", child). */
function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "dataset") {
      for (const [k, v] of Object.entries(value)) if (v !== undefined && v !== null) el.dataset[k] = v;
    }
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

function drawShell(root, view, ui) {
  const seatName = (s) => (view.names && view.names[s] !== undefined ? view.names[s] : `Seat ${s}`);
  const status = view.over
    ? "Game over"
    : view.thinking
      ? `${view.thinking} is thinking…`
      : view.your_turn
        ? "Your move"
        : `${seatName(view.current_player)} to play`;
  const header = h("div", { class: "al-header" },
    h("span", { class: "al-title" }, view.title),
    h("span", { class: "al-status", "data-testid": "status" }, status));
  const prompt = h("div", { class: "al-prompt", "data-testid": "prompt" }, view.board.prompt || "");
  const message = h("div", {
    class: `al-message al-${view.message_kind || "info"}`,
    "data-testid": "message",
    role: "status",
  }, view.message || "");
  const area = h("div", { class: "al-area" });
  GAME.draw(area, view.board, ui);
  const busy = Boolean(view.thinking);
  const opponents = (view.opponent_choices || []).length
    ? h("label", { class: "al-opponents" }, "Opponents: ",
      h("select", {
        class: "al-opponent-select", disabled: busy,
        onchange: (e) => ui.command("opponents", e.target.value),
      },
      view.opponent ? null : h("option", { value: "", selected: true, disabled: true }, "mixed"),
      view.opponent_choices.map((c) => h("option", { value: c, selected: c === view.opponent }, c))))
    : null;
  const controls = h("div", { class: "al-controls" },
    h("button", {
      class: "al-undo", disabled: !view.can_undo, title: "Take back your last move (never across a draw)",
      onclick: () => ui.command("undo"),
    }, "↶ Undo"),
    h("button", {
      class: "al-botmove", disabled: view.over || busy,
      title: "A bot plays the next move (a greedy bot plays it for you when it is your turn)",
      onclick: () => ui.command("bot_move"),
    }, "Bot move"),
    h("button", {
      class: "al-toend", disabled: view.over || busy, title: "Bots play every seat until the game ends",
      onclick: () => ui.command("to_end"),
    }, "Bots to the end"),
    h("button", { class: "al-new", disabled: busy, onclick: () => ui.command("new"), title: "Start a new game (next seed)" },
      "New game"),
    opponents,
    h("span", { class: "al-moves" }, `${view.moves} moves played`));
  const log = h("details", { class: "al-log", open: ui.logOpen },
    h("summary", {}, "What happened"),
    h("ol", {}, (view.board.log || []).map((line) => h("li", {}, line))));
  log.addEventListener("toggle", () => { ui.logOpen = log.open; });
  root.replaceChildren(header, prompt, message, area, controls, log);
  const list = log.querySelector("ol");
  if (list) list.scrollTop = list.scrollHeight;
}

function render({ model, el }) {
  const root = h("div", { class: "al-board" });
  el.append(root);
  // UI-only state that survives redraws (never a rule: e.g. which rock is picked up).
  const ui = {
    logOpen: false,
    selected: null,
    send(action) {
      root.classList.add("al-busy");
      model.send({ action });
    },
    command(name, value) {
      root.classList.add("al-busy");
      model.send(value === undefined ? { command: name } : { command: name, value });
    },
    redraw: () => redraw(),
  };
  const redraw = () => {
    const view = model.get("view");
    root.classList.remove("al-busy");
    root.className = `al-board al-${view.game || "game"}${view.thinking ? " al-thinking" : ""}`;
    if (!view.board) return;
    drawShell(root, view, ui);
  };
  model.on("change:view", redraw);
  redraw();
  return () => model.off("change:view", redraw);
}

export default { render };
