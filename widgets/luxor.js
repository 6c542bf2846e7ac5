// Expedition Luxor: the game area of the board (joined after board.js).
// Draws the grid of tiles (terrain, building, stacks with the top adventurer
// large, boats and snakes, the cells the play area may still take), the hand
// of two, the camp and movement controls, the action tokens and the seats.
// Every click sends an action listed in the view model
// (archeo_lab/games/luxor/view.py); ui.lx only remembers what is selected.

const LX_TERRAIN = { desert: "#f3dca2", oasis: "#8fc46a", mountain: "#a1887f", lake: "#6fa8dc" };

// Small inline SVG pictures in a 0..20 box (emoji fonts are missing on many classroom machines).
const LX_SVG = {
  camp: '<path d="M3 17 L10 4 L17 17 Z" fill="#fff3e0" stroke="#6d4c41" stroke-width="1.4"/>'
    + '<path d="M10 17 L10 10 L13 17" fill="#6d4c41"/>',
  temple: '<path d="M2 7 L10 3 L18 7 Z" fill="#eeeeee" stroke="#5d4037" stroke-width="1.2"/>'
    + '<rect x="4" y="8" width="2" height="8" fill="#eee" stroke="#5d4037" stroke-width="0.8"/>'
    + '<rect x="9" y="8" width="2" height="8" fill="#eee" stroke="#5d4037" stroke-width="0.8"/>'
    + '<rect x="14" y="8" width="2" height="8" fill="#eee" stroke="#5d4037" stroke-width="0.8"/>'
    + '<rect x="2" y="16" width="16" height="2" fill="#eee" stroke="#5d4037" stroke-width="0.8"/>',
  pyramid: '<path d="M1 18 L10 3 L19 18 Z" fill="#e0b050" stroke="#6d4c41" stroke-width="1.2"/>'
    + '<path d="M5.5 13 H14.5 M3.5 16 H16.5 M7.5 9.5 H12.5" stroke="#8d6e63" stroke-width="0.8"/>',
  mountain: '<path d="M1 18 L8 5 L12 11 L14 8 L19 18 Z" fill="#8d6e63" stroke="#4e342e" stroke-width="1"/>'
    + '<path d="M6.3 8.2 L8 5 L9.6 7.6 Z" fill="#fff"/>',
  lake: '<path d="M2 8 q4 -4 8 0 t8 0 M2 14 q4 -4 8 0 t8 0" stroke="#e3f2fd" fill="none" stroke-width="2"/>',
  oasis: '<path d="M10 18 V9" stroke="#5d4037" stroke-width="1.6"/>'
    + '<path d="M10 9 q-5 -4 -8 0 M10 9 q5 -4 8 0 M10 9 q-2 -6 -6 -6 M10 9 q2 -6 6 -6" stroke="#2e7d32" stroke-width="1.8" fill="none"/>',
  boat: '<path d="M2 12 h16 l-3 5 h-10 z" fill="currentColor" stroke="#000" stroke-width="0.8"/>'
    + '<path d="M10 12 V3 L15 10 Z" fill="#fff" stroke="#000" stroke-width="0.8"/>',
  snakes: '<path d="M2 14 q3 -6 6 0 t6 0 t5 -2" fill="none" stroke="currentColor" stroke-width="2.6" stroke-linecap="round"/>'
    + '<circle cx="18.5" cy="11.5" r="1.8" fill="currentColor"/>',
  sandstorm: '<path d="M2 6 h12 a3 3 0 1 0 -3 -3 M2 11 h15 a3 3 0 1 1 -3 3 M2 16 h8" fill="none" stroke="#b5651d" stroke-width="1.8" stroke-linecap="round"/>',
  caravan: '<path d="M3 17 V11 q0 -4 4 -4 h2 q1 -4 4 -4 q3 0 3 3 v2 h1 M7 17 V12 M13 17 V11 M16 17 V11" fill="none" stroke="#6d4c41" stroke-width="1.8" stroke-linecap="round"/>',
};

/** An inline 20x20 picture, scaled to `size` pixels. */
function lxIcon(name, size = 20, colour = null) {
  const span = picture(LX_SVG[name] || "", size, 20, `lx-svg lx-svg-${name}`, name);
  if (colour) span.style.color = colour;
  return span;
}

/** A tile face: terrain colour, its picture, and a tooltip in English and French. */
function lxFace(tile, size) {
  const face = h("span", {
    class: `lx-face lx-${tile.terrain}`,
    title: `${tile.tile} (${tile.french})` + (tile.cost ? `: ${tile.cost} to enter` : ": cannot be entered")
      + (tile.points ? `, ${plural(tile.points, "point")} for the top adventurer` : ""),
  });
  face.style.background = LX_TERRAIN[tile.terrain];
  face.style.width = face.style.height = `${size}px`;
  const pic = tile.building || (tile.terrain === "desert" ? null : tile.terrain);
  if (pic) face.append(lxIcon(pic, Math.round(size * 0.62)));
  return face;
}

const GAME = {
  draw(area, board, ui) {
    const seats = board.seats;
    const colour = (s) => (seats[s] != null ? seats[s].hex : "#888");
    const lx = ui.lx || (ui.lx = {});
    const handTiles = [...new Set(board.hand.map((t) => t.tile))];
    const placeable = handTiles.filter((t) => board.cells.some((c) => c.place[t] != null));
    const tokenKinds = [...new Set(board.token_uses.map((u) => u.token))];
    const placeTries = board.place_tries || {};

    // -- what is selected (UI only; every target comes from the view model) --------------------
    const mover = board.movers.find((m) => m.source === lx.source) || null;
    if (lx.mode === "token" && !tokenKinds.includes(lx.token)) lx.mode = null;
    if (lx.mode === "place" && !placeable.includes(lx.tile)) lx.mode = null;
    if (lx.mode === "move" && mover == null) lx.mode = null;
    if (!lx.mode) {
      if (board.movers.length) lx.mode = "move";
      else if (placeable.length) lx.mode = "place";
    }
    if (lx.mode === "move") {
      if (mover == null) lx.source = board.movers[0].source;
      const m = board.movers.find((x) => x.source === lx.source);
      if (!m.counts.includes(lx.count)) lx.count = m.counts[m.counts.length - 1];
    }
    if (lx.mode === "place" && !placeable.includes(lx.tile)) lx.tile = placeable[0];
    if (lx.mode === "token") {
      const sources = board.token_uses.filter((u) => u.token === lx.token).map((u) => u.source);
      if (!sources.includes(lx.tokenSource)) lx.tokenSource = sources[0];
    }
    const select = (changes) => { Object.assign(lx, changes); ui.redraw(); };

    // -- targets on the grid: the action a cell plays, or the one the engine refuses there ----------
    const targets = new Map();
    let tries = {};
    if (lx.mode === "place") {
      for (const c of board.cells) if (c.place[lx.tile] != null) targets.set(c.cell, c.place[lx.tile]);
      tries = placeTries[lx.tile] || {};
    } else if (lx.mode === "move") {
      const m = board.movers.find((x) => x.source === lx.source);
      for (const o of m.options) if (o.adventurers === lx.count) targets.set(o.target, o.action);
      tries = m.tries || {};
    } else if (lx.mode === "token") {
      for (const u of board.token_uses) {
        if (u.token === lx.token && u.source === lx.tokenSource) targets.set(u.target, u.action);
      }
    }
    const sources = new Set(board.movers.map((m) => m.source));

    // -- the grid ---------------------------------------------------------------------------------
    const cols = board.size.columns;
    const rows = board.size.rows;
    // Cells as large as the board allows (luxor.css sizes them from the columns and rows, so that a
    // laptop shows the whole grid with the panel beside it).
    const grid = h("div", { class: "lx-grid", role: "grid", "aria-label": "play area" });
    grid.style.setProperty("--cols", String(cols));
    grid.style.setProperty("--rows", String(rows));
    if (board.size.full[0]) grid.classList.add("lx-full-x");
    if (board.size.full[1]) grid.classList.add("lx-full-y");
    for (const c of board.cells) {
      const action = targets.get(c.cell);
      let cls = "lx-cell";
      if (c.tile != null) cls += ` lx-tile lx-${c.tile.terrain}`;
      else cls += " lx-empty";
      if (action != null) cls += " lx-target";
      if (sources.has(c.cell)) cls += " lx-source";
      if (lx.mode === "move" && c.cell === lx.source) cls += " lx-selected";
      if (lx.mode === "token" && c.cell === lx.tokenSource) cls += " lx-selected";
      if (c.cell === board.turn.camp) cls += " lx-newcamp";
      let data = {};
      let onclick = null;
      if (action != null) data = { action: JSON.stringify(action) };
      else if (sources.has(c.cell)) { data = { ui: "" }; onclick = () => select({ mode: "move", source: c.cell }); }
      else if (tries[c.cell] != null) data = { try: JSON.stringify(tries[c.cell]) };
      else if (lx.mode === "token") data = { why: "That cell is not where this token can go: click a green one." };
      const stack = c.stack || [];
      const tip = c.tile != null
        ? `${c.cell}: ${c.tile.tile} (${c.tile.french})` + (c.tile.cost ? `, ${c.tile.cost} to enter` : ", cannot be entered")
          + (stack.length ? `; ${plural(stack.length, "adventurer")}, ${seats[stack[stack.length - 1]].name} on top` : "")
        : `${c.cell}: empty (the play area may still grow here)`;
      const cell = h("div", { class: cls, onclick, title: tip, dataset: { cell: c.cell, ...data } });
      cell.style.gridColumn = String(c.x + 1);
      cell.style.gridRow = String(c.y + 1);
      if (c.face_down) {
        cell.classList.add("lx-facedown");
        cell.title = `${c.cell}: a start tile, face down until every player has chosen`;
      } else if (c.tile != null) {
        cell.style.background = LX_TERRAIN[c.tile.terrain];
        const pic = c.tile.building || (c.tile.terrain === "desert" ? null : c.tile.terrain);
        if (pic) cell.append(h("span", { class: "lx-pic" }, lxIcon(pic, 20)));
        cell.append(h("span", { class: "lx-label" }, c.cell));
        if (c.token != null) {
          cell.append(h("span", { class: "lx-token-on", title: `${c.token.token} of ${seats[c.token.seat].name}` },
            lxIcon(c.token.token, 18, colour(c.token.seat))));
        }
        if (stack.length) {
          const top = stack[stack.length - 1];
          const pile = h("span", { class: "lx-stack", dataset: { count: stack.length, top } },
            stack.slice(0, -1).map((x) => {
              const dot = h("span", { class: "lx-under" });
              dot.style.background = colour(x);
              return dot;
            }));
          const topDisc = h("span", { class: `lx-top${top === 3 ? " lx-light" : ""}` }, String(stack.length));
          topDisc.style.background = colour(top);
          pile.append(topDisc);
          cell.append(pile);
        }
      } else if (action != null) {
        cell.append(h("span", { class: "lx-label" }, c.cell));
      }
      grid.append(cell);
    }
    const used = board.size.used;
    const gridBox = h("section", { class: "lx-board" },
      h("div", { class: "lx-limit" }, board.phase === "keep"
        ? "The start layout, face down until every player has chosen (mise en place)"
        : `Play area ${used[0]} x ${used[1]} of at most ${board.limit} x ${board.limit} (taille de la zone de jeu)`),
      grid);

    // -- the side panel: set-up choice, camp, hand, movement, tokens, end ---------------------------
    const panel = h("section", { class: "lx-panel" });
    if (board.keep.length) {
      panel.append(h("h4", {}, "Keep one tile with your camp"),
        h("div", { class: "lx-row" }, board.keep.map((k) => h("button", {
          class: "lx-keep", dataset: { tile: k.tile, action: JSON.stringify(k.action) },
        }, lxFace(k, 30), h("span", {}, k.tile)))));
    }
    if (board.camp_options.length) {
      panel.append(h("h4", {}, `Adventurers on the camp at ${board.turn.camp}`),
        h("div", { class: "lx-row" }, board.camp_options.map((o) => h("button", {
          class: "lx-campbtn", dataset: { count: o.adventurers, action: JSON.stringify(o.action) },
          title: `${o.adventurers} in all`,
        }, String(o.adventurers)))));
    }
    if (board.hand.length) {
      const you = seats.find((x) => x.you);
      const title = board.phase === "keep" ? "Your four '1' tiles"
        : `Your hand (${board.turn.placed}/${board.turn.max} tiles placed this turn)`;
      panel.append(h("h4", {}, title),
        h("div", { class: "lx-row" }, board.hand.map((t) => {
          const ok = placeable.includes(t.tile);
          return h("button", {
            class: `lx-hand${lx.mode === "place" && lx.tile === t.tile ? " lx-chosen" : ""}${ok ? "" : " lx-off"}`,
            onclick: ok ? () => select({ mode: "place", tile: t.tile }) : null,
            dataset: { tile: t.tile, ...(ok ? { ui: "" } : target(t)) },
            title: ok ? "pick it, then a highlighted cell" : "cannot be placed now",
          }, lxFace(t, 30), h("span", { class: "lx-name" }, t.tile), h("small", {}, `back ${t.back}`));
        })),
        ...(you != null && you.kept != null ? [h("div", { class: "lx-note" }, `You kept the ${you.kept} at the set-up.`)] : []));
    }
    if (board.movers.length) {
      const m = board.movers.find((x) => x.source === lx.source) || board.movers[0];
      panel.append(h("h4", {}, "Move adventurers (en ligne droite)"),
        h("div", { class: "lx-row" }, board.movers.map((x) => h("button", {
          class: `lx-from${lx.mode === "move" && x.source === lx.source ? " lx-chosen" : ""}`,
          onclick: () => select({ mode: "move", source: x.source }), dataset: { source: x.source, ui: "" },
        }, x.role === "camp" ? `from the camp ${x.source}` : `on from ${x.source}`))),
        h("div", { class: "lx-row" }, h("span", {}, "how many:"), m.counts.map((n) => h("button", {
          class: `lx-count${lx.mode === "move" && lx.count === n ? " lx-chosen" : ""}`,
          onclick: () => select({ mode: "move", source: m.source, count: n }), dataset: { count: n, ui: "" },
        }, String(n)))),
        h("div", { class: "lx-note" }, "then click a green tile next to it."));
    }
    const me = seats.find((x) => x.you);
    if (board.variant === "adventures" && me != null) {
      const held = me.tokens || [];
      panel.append(h("h4", {}, "Action tokens (jetons Action)"),
        h("div", { class: "lx-row" }, held.length ? held.map((t) => {
          const ok = tokenKinds.includes(t);
          return h("button", {
            class: `lx-token${lx.mode === "token" && lx.token === t ? " lx-chosen" : ""}${ok ? "" : " lx-off"}`,
            onclick: ok ? () => select({ mode: "token", token: t, tokenSource: null }) : null,
            dataset: { token: t, ui: ok ? "" : null, why: ok ? null : board.token_why },
            title: `${board.token_french[t]}` + (ok || board.token_why == null ? "" : `: ${board.token_why}`),
          }, lxIcon(t, 18, me.hex), h("span", {}, t));
        }) : h("span", {}, "none left")));
      if (lx.mode === "token") {
        const froms = [...new Set(board.token_uses.filter((u) => u.token === lx.token).map((u) => u.source))];
        panel.append(h("div", { class: "lx-row" }, h("span", {}, "adventurer from the mountain:"),
          froms.map((f) => h("button", {
            class: `lx-from${lx.tokenSource === f ? " lx-chosen" : ""}`, dataset: { source: f, ui: "" },
            onclick: () => select({ tokenSource: f }),
          }, f))), h("div", { class: "lx-note" }, "then click a green tile."));
      }
    }
    if (board.end != null) {
      panel.append(h("div", { class: "lx-row" }, h("button", {
        class: "lx-end", dataset: { action: JSON.stringify(board.end) },
      }, "End turn")));
    }

    // -- the players --------------------------------------------------------------------------
    const seatBox = h("section", { class: "lx-seats" }, seats.map((x) => h("div", {
      class: `lx-seat${x.current ? " lx-current" : ""}${x.you ? " lx-you" : ""}`, dataset: { seat: x.seat },
    },
      h("div", { class: "lx-seathead" },
        h("span", { class: "lx-dot", style: `background:${x.hex}` }),
        h("b", {}, x.name), h("span", { class: "lx-score" }, plural(x.score, "point"))),
      h("div", {}, `reserve ${x.reserve} · on the board ${x.on_board} · tiles: ${x.hand_backs.length} in hand`
        + `${x.you ? "" : ` (backs ${x.hand_backs.join(", ") || "-"})`}, ${x.pile} in the pile`),
      board.variant === "adventures"
        ? h("div", {}, `tokens: ${x.token_count} in hand, ${x.token_pile} in the pile`
          + (x.token_box.length ? `, used: ${x.token_box.join(", ")}` : "")
          + (x.captives ? `; ${x.captives} taken by sandstorm` : ""))
        : null)));

    area.append(h("div", { class: "lx-top-row" }, gridBox,
      h("div", { class: "lx-side" }, panel.childElementCount ? panel : null, seatBox)));
  },
};
