// Tikal: the game area of the board (joined after board.js).
// Draws the hex map (pixel positions, stones and pieces all come from the view model,
// archeo_lab/games/tikal/view.py), the drawn hex with its rotations, the action
// buttons, the auction and the seats.  Every click sends an action the view model
// lists: the JavaScript knows no rule.

const SVGNS = "http://www.w3.org/2000/svg";

/** Create an SVG element: s("circle", {cx: 1, ...}, children...). */
function s(tag, attrs, ...children) {
  const el = document.createElementNS(SVGNS, tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "dataset") {
      for (const [k, v] of Object.entries(value)) if (v !== undefined && v !== null) el.dataset[k] = v;
    } else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

const TK_FILL = {
  camp: "#d7c49e", temple: "#cfe8c6", clearing: "#e9f0c9", ruin: "#f3d9b1", volcano: "#6d4c41",
};
const TK_INK = "#2b2118";

/** Small inline pictures (no emoji fonts on many classroom machines). */
function tkTemple(x, y, size) {
  const k = size / 40;
  return s("path", {
    d: `M${x - 13 * k},${y + 6 * k} h${26 * k} l${-4 * k},${-7 * k} h${-18 * k} z`
      + ` M${x - 8 * k},${y - 2 * k} h${16 * k} l${-3 * k},${-6 * k} h${-10 * k} z`,
    fill: "#8d6e63", opacity: 0.75,
  });
}
function tkTent(x, y, colour) {
  return s("g", { class: "tk-tent" },
    s("path", { d: `M${x - 9},${y + 6} L${x},${y - 8} L${x + 9},${y + 6} Z`, fill: colour, stroke: TK_INK,
      "stroke-width": 1, "stroke-linejoin": "round" }),
    s("path", { d: `M${x - 3},${y + 6} L${x},${y} L${x + 3},${y + 6} Z`, fill: TK_INK }));
}
function tkShield(x, y, colour) {
  return s("path", { d: `M${x},${y - 9} l8,3 v5 c0,6 -4,9 -8,11 c-4,-2 -8,-5 -8,-11 v-5 z`,
    fill: colour, stroke: TK_INK, "stroke-width": 1.2 });
}
function tkVolcano(x, y) {
  return s("g", {},
    s("path", { d: `M${x - 16},${y + 10} l10,-18 h12 l10,18 z`, fill: "#a1887f" }),
    s("path", { d: `M${x - 6},${y - 8} l3,-7 l3,5 l3,-6 l3,8 z`, fill: "#ff7043" }));
}
function tkStones(dots, dx = 0, dy = 0, opacity = 1) {
  return dots.map(([x, y]) => s("rect", {
    x: x + dx - 3.5, y: y + dy - 3.5, width: 7, height: 7, rx: 1.8, fill: "#8d8478", stroke: "#5b544c",
    "stroke-width": 0.7, opacity,
  }));
}
function hexPoints(x, y, r) {
  const pts = [];
  for (let k = 0; k < 6; k++) {
    const a = (Math.PI / 3) * k;
    pts.push(`${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

/** A small picture of a hex (the drawn one, or a revealed one in the auction). */
function tkTilePicture(tile, stones, size = 44) {
  const r = size;
  const svg = s("svg", { width: 2 * r + 8, height: 2 * r + 8, viewBox: `${-r - 4} ${-r - 4} ${2 * r + 8} ${2 * r + 8}`,
    class: "tk-tile", "aria-label": tile.text });
  svg.append(s("polygon", { points: hexPoints(0, 0, r - 1), fill: TK_FILL[tile.kind] || "#eee", stroke: "#8d7b5a",
    "stroke-width": 1.5 }));
  const scale = r / 40;
  if (tile.kind === "volcano") svg.append(tkVolcano(0, 2));
  if (tile.kind === "temple") {
    svg.append(tkTemple(0, -4, r));
    svg.append(s("text", { x: 0, y: 18 * scale, class: "tk-value" }, String(tile.value)));
  }
  if (tile.kind === "ruin") {
    svg.append(s("rect", { x: -10, y: -9, width: 20, height: 15, rx: 3, fill: "#6d4c41", stroke: "#3e2723" },
      s("title", {}, `${tile.value} masks: ${tile.value} treasures`)));
    svg.append(s("text", { x: 0, y: 3.5, class: "tk-small", fill: "#fff8e1" }, `${tile.value}`));
  }
  svg.append(...tkStones(stones.map(([x, y]) => [x * scale, y * scale])));
  return svg;
}

const GAME = {
  draw(area, board, ui) {
    const tk = ui.tikal || (ui.tikal = { rotation: 0, selected: null, tile: null });
    const seatOf = (n) => board.seats[n] || { name: `Seat ${n}`, colour_code: "#999" };
    const you = board.seats.find((x) => x.you);
    const hand = board.hand;
    if (!hand || hand.tile !== tk.tile) { tk.rotation = 0; tk.tile = hand ? hand.tile : null; }
    const rotations = hand ? hand.rotations : [];
    if (tk.rotation >= rotations.length) tk.rotation = 0;
    const rot = rotations[tk.rotation];
    const placeTargets = new Map();
    if (hand && !hand.set_aside && rot) for (const t of rot.targets) placeTargets.set(t.space, t.action);
    if (tk.selected && !board.moves[tk.selected]) tk.selected = null;
    const moveTargets = new Map();
    if (tk.selected) for (const m of board.moves[tk.selected]) moveTargets.set(m.dst, m);

    // -- the hex map ---------------------------------------------------------------------------
    const svg = s("svg", { class: "tk-map", width: board.width, height: board.height,
      viewBox: `0 0 ${board.width} ${board.height}`, role: "img", "aria-label": "Tikal board" });
    const overlay = [];
    for (const sp of board.spaces) {
      const g = s("g", { class: `tk-space tk-${sp.kind || "empty"}`, dataset: { space: sp.space } });
      const fill = sp.kind ? TK_FILL[sp.kind] : "#f1ebdd";
      g.append(s("polygon", { points: sp.points, fill, stroke: sp.kind ? "#8d7b5a" : "#d8cdb5",
        "stroke-width": sp.kind ? 1.2 : 1 }));
      g.append(s("text", { x: sp.x, y: sp.y - board.hex * 0.6, class: "tk-label" }, sp.space));
      if (sp.kind) {
        if (sp.kind === "volcano") g.append(tkVolcano(sp.x, sp.y));
        if (sp.kind === "temple") {
          g.append(tkTemple(sp.x - 12, sp.y - 8, 26));
          const holder = sp.holder !== null && sp.holder !== undefined ? seatOf(sp.holder).colour_code : null;
          g.append(s("circle", { cx: sp.x + 6, cy: sp.y - 4, r: 10, fill: "#fffdf5", stroke: holder || "#a1887f",
            "stroke-width": holder ? 3 : 1, class: "tk-holder" },
          s("title", {}, holder ? `held by ${seatOf(sp.holder).name}` : "held by nobody")));
          g.append(s("text", { x: sp.x + 6, y: sp.y + 1, class: "tk-value" }, String(sp.value)));
        }
        if (sp.kind === "ruin") {
          g.append(s("rect", { x: sp.x - 10, y: sp.y - 14, width: 20, height: 15, rx: 3, fill: "#6d4c41",
            stroke: "#3e2723" }, s("title", {}, `${sp.treasures} face-down treasure(s)`)));
          g.append(s("rect", { x: sp.x - 10, y: sp.y - 9, width: 20, height: 2, fill: "#ffca28" }));
          g.append(s("text", { x: sp.x, y: sp.y - 1.5, class: "tk-small", fill: "#fff8e1" }, String(sp.treasures)));
        }
        if (sp.kind === "camp") {
          g.append(tkTent(sp.x, sp.y - 17, "#fff8e1"));
          g.append(s("text", { x: sp.x, y: sp.y - 1, class: "tk-small" }, "base camp"));
        }
        g.append(...tkStones(sp.stones));
        if (sp.camp !== null && sp.camp !== undefined) g.append(tkTent(sp.x - 20, sp.y - 14, seatOf(sp.camp).colour_code));
        if (sp.guard) g.append(tkShield(sp.x + 20, sp.y - 14, seatOf(sp.guard.seat).colour_code));
        // Pieces: one token per colour (a bigger ringed one for a leader), with its count.
        (sp.pieces || []).forEach((pc, k) => {
          const n = sp.pieces.length;
          const px = sp.x + (k - (n - 1) / 2) * 14;
          const py = sp.y + 19;
          const colour = seatOf(pc.seat).colour_code;
          const mine = you && pc.seat === you.seat;
          const kinds = [];
          if (pc.explorers) kinds.push("explorer");
          if (pc.leader) kinds.push("leader");
          kinds.forEach((kind, j) => {
            const key = `${kind}@${sp.space}`;
            const movable = mine && board.moves[key];
            const token = s("g", {
              class: `tk-piece${movable ? " tk-movable" : ""}${tk.selected === key ? " tk-selected" : ""}`,
              dataset: { piece: movable ? key : undefined, seat: pc.seat },
              onclick: movable ? (e) => { e.stopPropagation(); tk.selected = tk.selected === key ? null : key; ui.redraw(); } : null,
            });
            const cy = py - j * 13;
            if (kind === "leader") {
              token.append(s("circle", { cx: px, cy, r: 8, fill: colour, stroke: TK_INK, "stroke-width": 2 }));
              token.append(s("text", { x: px, y: cy + 3.5, class: "tk-count tk-leader-mark",
                fill: pc.seat === 2 || pc.seat === 1 ? TK_INK : "#fff" }, "L"));
            } else {
              token.append(s("circle", { cx: px, cy, r: 6.5, fill: colour, stroke: TK_INK, "stroke-width": 1 }));
              token.append(s("text", { x: px, y: cy + 3.2, class: "tk-count",
                fill: pc.seat === 2 || pc.seat === 1 ? TK_INK : "#fff" }, String(pc.explorers)));
            }
            token.append(s("title", {}, `${seatOf(pc.seat).name}: ${kind === "leader" ? "leader" : `${pc.explorers} explorer(s)`}`
              + (movable ? " (click to move)" : "")));
            g.append(token);
          });
        });
      }
      // A space where the drawn hex may go (with its stones for the current rotation, faint).
      if (placeTargets.has(sp.space)) {
        const action = placeTargets.get(sp.space);
        const target = s("g", { class: "tk-target tk-place", dataset: { place: sp.space, action: JSON.stringify(action) },
          onclick: () => { tk.selected = null; ui.send(action); } },
        s("polygon", { points: sp.points, class: "tk-place-hex" }),
        ...tkStones(rot.stones, sp.x, sp.y, 0.55),
        s("title", {}, `place ${hand.text} on ${sp.space}, rotation ${rot.rotation}`));
        overlay.push(target);
      }
      if (moveTargets.has(sp.space)) {
        const m = moveTargets.get(sp.space);
        overlay.push(s("g", { class: "tk-target tk-move", dataset: { move: sp.space, action: JSON.stringify(m.action) },
          onclick: (e) => { e.stopPropagation(); tk.selected = null; ui.send(m.action); } },
        s("polygon", { points: sp.points, class: "tk-move-hex" }),
        s("rect", { x: sp.x - 18, y: sp.y - 30, width: 36, height: 15, rx: 7, class: "tk-cost" }),
        s("text", { x: sp.x, y: sp.y - 19, class: "tk-cost-text" }, `${m.cost} AP`),
        s("title", {}, `move to ${sp.space} for ${m.cost} AP`)));
      }
      svg.append(g);
    }
    svg.append(...overlay);
    svg.addEventListener("click", () => { if (tk.selected) { tk.selected = null; ui.redraw(); } });
    const map = h("div", { class: "tk-board-wrap" }, svg);

    // -- side panel: turn, drawn hex, auction, actions ----------------------------------------------
    const side = h("div", { class: "tk-side" });
    if (board.banner) side.append(h("div", { class: "tk-banner", "data-testid": "banner" }, board.banner));
    if (board.ap !== null && board.ap !== undefined) {
      const pips = [];
      for (let k = 0; k < board.ap_max; k++) pips.push(h("span", { class: `tk-pip${k < board.ap ? " tk-on" : ""}` }));
      side.append(h("div", { class: "tk-ap", "data-testid": "ap", title: "action points (Points d'Action, PA)" },
        h("b", {}, `${board.ap} AP`), h("span", { class: "tk-pips" }, pips),
        h("span", { class: "tk-who" }, seatOf(board.current_player).name)));
    }
    if (hand) {
      const box = h("div", { class: "tk-hand", "data-testid": "hand" },
        h("div", { class: "tk-h" }, hand.set_aside ? "Volcano set aside (scoring round first)" : "Hex to place"),
        h("div", { class: "tk-hand-row" },
          tkTilePicture(hand, rot ? rot.stones : rotations[0].stones),
          h("div", {},
            h("div", { class: "tk-small-text" }, hand.text),
            !hand.set_aside && rotations.length > 1 ? h("button", {
              class: "tk-rotate", "data-testid": "rotate", title: "turn the hex 60 degrees (to the next different picture)",
              onclick: () => { tk.rotation = (tk.rotation + 1) % rotations.length; ui.redraw(); },
            }, `⟳ Rotate (${rot ? rot.rotation : 0})`) : null,
            !hand.set_aside && placeTargets.size
              ? h("div", { class: "tk-small-text" }, `${placeTargets.size} highlighted place${placeTargets.size > 1 ? "s" : ""}`)
              : null)));
      side.append(box);
    }
    if (board.offer && board.offer.length) {
      side.append(h("div", { class: "tk-offer" }, h("div", { class: "tk-h" }, "Revealed hexes"),
        h("div", { class: "tk-offer-row" }, board.offer.map((t) => h(t.action ? "button" : "div", {
          class: `tk-offer-tile${t.action ? " tk-choosable" : ""}`, title: t.text,
          dataset: { tile: t.tile, action: t.action ? JSON.stringify(t.action) : undefined },
          onclick: t.action ? () => ui.send(t.action) : null,
        }, tkTilePicture(t, t.stones, 24), h("span", {}, `${t.tile}`))))));
    }
    const auction = board.auction;
    if (auction && auction.active) {
      const high = auction.high_bidder !== null ? `${auction.high_bid} by ${seatOf(auction.high_bidder).name}` : "no bid yet";
      const box = h("div", { class: "tk-auction", "data-testid": "auction" },
        h("div", { class: "tk-h" }, "English auction (enchères) for the next turn"),
        h("div", { class: "tk-small-text" }, `High bid: ${high}. In: `,
          auction.bidders.filter((b) => !auction.passed.includes(b)).map((b) => seatOf(b).name).join(", ")));
      if (auction.pass) {
        const quick = auction.bids.slice(0, 5);
        box.append(h("div", { class: "tk-bids" },
          quick.map((b) => h("button", { class: "tk-bid", dataset: { bid: b.amount, action: JSON.stringify(b.action) },
            onclick: () => ui.send(b.action) }, `bid ${b.amount}`)),
          auction.bids.length > 5 ? h("select", { class: "tk-bid-more", "aria-label": "a higher bid",
            onchange: (e) => { const b = auction.bids[Number(e.target.value)]; if (b) ui.send(b.action); } },
          h("option", { value: "" }, "more…"),
          auction.bids.slice(5).map((b, k) => h("option", { value: k + 5 }, `bid ${b.amount}`))) : null,
          h("button", { class: "tk-pass", dataset: { action: JSON.stringify(auction.pass) },
            onclick: () => ui.send(auction.pass) }, "Pass")));
      }
      side.append(box);
    }
    const groups = [
      ["bring", "Bring into play (1 AP)"], ["uncover", "Uncover a temple level (2 AP)"],
      ["dig", "Dig a treasure (3 AP)"], ["exchange", "Exchange a treasure (3 AP)"], ["camp", "Set up a camp (5 AP)"],
      ["guardian", "Place a guardian (5 AP)"],
    ];
    const acts = h("div", { class: "tk-actions" });
    if (tk.selected) {
      acts.append(h("div", { class: "tk-hint" }, `${tk.selected.replace("@", " on ")} selected: click a highlighted hex (its cost is shown).`));
    } else if (Object.keys(board.moves).length) {
      acts.append(h("div", { class: "tk-hint" }, "Move: click one of your pieces on the map, then a highlighted hex."));
    }
    for (const [kind, title] of groups) {
      const list = board.actions[kind] || [];
      if (!list.length) continue;
      acts.append(h("div", { class: "tk-group" }, h("div", { class: "tk-h" }, title),
        list.map((b) => h("button", { class: `tk-act tk-${kind}`, dataset: { kind, action: JSON.stringify(b.action) },
          onclick: () => { tk.selected = null; ui.send(b.action); } }, b.label))));
    }
    for (const b of board.actions.end || []) {
      acts.append(h("button", { class: "tk-end", dataset: { kind: "end", action: JSON.stringify(b.action) },
        onclick: () => { tk.selected = null; ui.send(b.action); } }, "End turn"));
    }
    if (acts.childElementCount) side.append(acts);

    // -- seats, supplies, final result -------------------------------------------------------------------
    const seats = h("div", { class: "tk-seats" }, board.seats.map((x) => h("div", {
      class: `tk-seat${x.current ? " tk-current" : ""}${x.you ? " tk-you" : ""}`, dataset: { seat: x.seat } },
    h("div", { class: "tk-seathead" },
      h("span", { class: "tk-dot", style: `background:${x.colour_code}` }), h("b", {}, x.name),
      board.variant === "advanced" ? h("span", { class: `tk-amulet${x.amulet_used ? " tk-used" : ""}`,
        title: x.amulet_used ? "amulet turned: played this round" : "amulet face up" }, x.amulet_used ? "◌" : "●") : null,
      h("span", { class: "tk-points" }, `${x.points} pts`)),
    h("div", { class: "tk-small-text" }, `reserve ${x.reserve} · in play ${x.on_board} · leader: ${x.leader} · camps left ${x.camps_left} · guardians ${x.guardians}`),
    h("div", { class: "tk-small-text" }, Object.keys(x.treasures).length
      ? Object.entries(x.treasures).map(([k, n]) => `${n} ${k}`).join(", ") : "no treasure"),
    h("div", { class: "tk-small-text", title: "what a scoring now would give" },
      `would score ${x.would_score} now` + (x.temples_held.length ? ` (temples ${x.temples_held.join(", ")})` : "")))));
    const letters = Object.entries(board.stack.letters).filter(([, n]) => n).map(([k, n]) => `${k}:${n}`).join(" ");
    const supplies = h("div", { class: "tk-supplies" },
      `Stack: ${board.stack.left} hexes (${letters || "empty"}) · temple levels left: `,
      Object.entries(board.levels).map(([v, n]) => `${v}×${n}`).join(" "),
      ` · scorings so far: ${board.scorings}`);
    let final = null;
    if (board.final) {
      final = h("div", { class: "tk-final", "data-testid": "final" },
        `Winner: ${board.final.winners.map((w) => seatOf(w).name).join(" and ")} — `,
        board.seats.map((x) => `${x.name} ${x.points}`).join(", "));
    }
    area.replaceChildren(...[h("div", { class: "tk-main" }, map, side), final, seats, supplies].filter(Boolean));
  },
};
