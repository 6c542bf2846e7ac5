// Tikal: the game area of the board (joined after board.js).
// Draws the hex map (pixel positions, stones and pieces all come from the view model,
// archeo_lab/games/tikal/view.py), the drawn hex with its rotations, the action buttons, the
// auction and the seats.  Targets carry data-action (played) or data-try (the engine says why
// not); the shell handles those clicks.  ui.tikal only remembers the rotation shown and the
// piece picked up: the JavaScript knows no rule.

const TK_FILL = {
  camp: "#d7c49e", temple: "#cfe8c6", clearing: "#e9f0c9", ruin: "#f3d9b1", volcano: "#6d4c41",
};
const TK_INK = "#2b2118";
const TK_ROTATE = '<path d="M13 8a5 5 0 1 1-1.5-3.6" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round"/><path d="M12.5 1.5v3.6H8.9" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"/>';

/** Small inline pictures (no emoji fonts on many classroom machines). */
function tkTemple(x, y, size) {
  const k = size / 40;
  return svgEl("path", {
    d: `M${x - 13 * k},${y + 6 * k} h${26 * k} l${-4 * k},${-7 * k} h${-18 * k} z`
      + ` M${x - 8 * k},${y - 2 * k} h${16 * k} l${-3 * k},${-6 * k} h${-10 * k} z`,
    fill: "#8d6e63", opacity: 0.75,
  });
}
function tkTent(x, y, colour) {
  return svgEl("g", { class: "tk-tent" },
    svgEl("path", { d: `M${x - 8},${y + 6} L${x},${y - 7} L${x + 8},${y + 6} Z`, fill: colour, stroke: TK_INK,
      "stroke-width": 1, "stroke-linejoin": "round" }),
    svgEl("path", { d: `M${x - 3},${y + 6} L${x},${y} L${x + 3},${y + 6} Z`, fill: TK_INK }));
}
function tkShield(x, y, colour) {
  return svgEl("path", { d: `M${x},${y - 8} l7,3 v4 c0,5 -4,8 -7,10 c-3,-2 -7,-5 -7,-10 v-4 z`,
    fill: colour, stroke: TK_INK, "stroke-width": 1.2 });
}
function tkVolcano(x, y) {
  return svgEl("g", {},
    svgEl("path", { d: `M${x - 14},${y + 9} l9,-16 h10 l9,16 z`, fill: "#a1887f" }),
    svgEl("path", { d: `M${x - 5},${y - 7} l3,-6 l2,4 l3,-5 l3,7 z`, fill: "#ff7043" }));
}
function tkStones(dots, dx = 0, dy = 0, opacity = 1) {
  return dots.map(([x, y]) => svgEl("rect", {
    x: x + dx - 3.2, y: y + dy - 3.2, width: 6.4, height: 6.4, rx: 1.6, fill: "#8d8478", stroke: "#5b544c",
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
function tkTilePicture(tile, stones, size = 40) {
  const r = size;
  const svg = svgEl("svg", { width: 2 * r + 8, height: 2 * r + 8, viewBox: `${-r - 4} ${-r - 4} ${2 * r + 8} ${2 * r + 8}`,
    class: "tk-tile", "aria-label": tile.text });
  svg.append(svgEl("polygon", { points: hexPoints(0, 0, r - 1), fill: TK_FILL[tile.kind] || "#eee", stroke: "#8d7b5a",
    "stroke-width": 1.5 }));
  const scale = r / 36;
  if (tile.kind === "volcano") svg.append(tkVolcano(0, 2));
  if (tile.kind === "temple") {
    svg.append(tkTemple(0, -4, r));
    svg.append(svgEl("text", { x: 0, y: 18 * scale, class: "tk-value" }, String(tile.value)));
  }
  if (tile.kind === "ruin") {
    svg.append(svgEl("rect", { x: -10, y: -9, width: 20, height: 15, rx: 3, fill: "#6d4c41", stroke: "#3e2723" },
      svgEl("title", {}, `${tile.value} masks: ${tile.value} treasures`)));
    svg.append(svgEl("text", { x: 0, y: 3.5, class: "tk-small", fill: "#fff8e1" }, `${tile.value}`));
  }
  svg.append(...tkStones(stones.map(([x, y]) => [x * scale, y * scale])));
  return svg;
}

const GAME = {
  draw(area, board, ui) {
    const tk = ui.tikal || (ui.tikal = { rotation: 0, selected: null, tile: null });
    const seatOf = (n) => (board.seats[n] != null ? board.seats[n] : { name: `Seat ${n}`, colour_code: "#999" });
    const you = board.seats.find((x) => x.you);
    const hand = board.hand;
    if (hand == null || hand.tile !== tk.tile) { tk.rotation = 0; tk.tile = hand != null ? hand.tile : null; }
    const rotations = hand != null ? hand.rotations : [];
    if (tk.rotation >= rotations.length) tk.rotation = 0;
    const rot = rotations[tk.rotation];
    const placing = hand != null && !hand.set_aside && rot != null;
    const placeTargets = new Map();
    if (placing) for (const t of rot.targets) placeTargets.set(t.space, t.action);
    const moves = board.moves || {};
    if (tk.selected != null && moves[tk.selected] == null) tk.selected = null;
    const moveTargets = new Map();
    if (tk.selected != null) for (const m of moves[tk.selected]) moveTargets.set(m.dst, m);
    const tries = tk.selected != null ? (board.move_tries || {})[tk.selected] || {}
      : placing ? rot.tries || {} : {};

    // -- the hex map ---------------------------------------------------------------------------
    const svg = svgEl("svg", { class: "tk-map", viewBox: `0 0 ${board.width} ${board.height}`, role: "img",
      "aria-label": "Tikal board", preserveAspectRatio: "xMidYMid meet" });
    const overlay = [];
    for (const sp of board.spaces) {
      const tryAction = tries[sp.space];
      const g = svgEl("g", { class: `tk-space tk-${sp.kind || "empty"}`,
        dataset: { space: sp.space, try: tryAction != null ? JSON.stringify(tryAction) : null } });
      const fill = sp.kind ? TK_FILL[sp.kind] : "#f1ebdd";
      g.append(svgEl("polygon", { points: sp.points, fill, stroke: sp.kind ? "#8d7b5a" : "#d8cdb5",
        "stroke-width": sp.kind ? 1.2 : 1 }));
      if (sp.kind) {
        if (sp.kind === "volcano") g.append(tkVolcano(sp.x, sp.y));
        if (sp.kind === "temple") {
          g.append(tkTemple(sp.x - 11, sp.y - 7, 24));
          const holder = sp.holder != null ? seatOf(sp.holder).colour_code : null;
          g.append(svgEl("circle", { cx: sp.x + 6, cy: sp.y - 3, r: 10, fill: "#fffdf5", stroke: holder || "#a1887f",
            "stroke-width": holder ? 3 : 1, class: "tk-holder" },
          svgEl("title", {}, holder ? `held by ${seatOf(sp.holder).name}` : "held by nobody")));
          g.append(svgEl("text", { x: sp.x + 6, y: sp.y + 2, class: "tk-value" }, String(sp.value)));
        }
        if (sp.kind === "ruin") {
          g.append(svgEl("rect", { x: sp.x - 10, y: sp.y - 13, width: 20, height: 15, rx: 3, fill: "#6d4c41",
            stroke: "#3e2723" }, svgEl("title", {}, `${sp.treasures || 0} face-down treasure(s)`)));
          g.append(svgEl("text", { x: sp.x, y: sp.y - 1.5, class: "tk-small", fill: "#fff8e1" }, String(sp.treasures || 0)));
        }
        if (sp.kind === "camp") {
          g.append(tkTent(sp.x, sp.y - 4, "#fff8e1"), svgEl("title", {}, "base camp (camp de base)"));
        }
        g.append(...tkStones(sp.stones || []));
        if (sp.camp != null) g.append(tkTent(sp.x - 18, sp.y - 12, seatOf(sp.camp).colour_code));
        if (sp.guard != null) g.append(tkShield(sp.x + 18, sp.y - 12, seatOf(sp.guard.seat).colour_code));
        // Pieces: one token per colour (a bigger ringed one for a leader), with its count.
        const pieces = sp.pieces || [];
        pieces.forEach((pc, k) => {
          const px = sp.x + (k - (pieces.length - 1) / 2) * 17;
          const py = sp.y + 17;
          const colour = seatOf(pc.seat).colour_code;
          const mine = you != null && pc.seat === you.seat;
          const kinds = [];
          if (pc.explorers) kinds.push("explorer");
          if (pc.leader) kinds.push("leader");
          kinds.forEach((kind, j) => {
            const key = `${kind}@${sp.space}`;
            const movable = mine && moves[key] != null;
            const dark = pc.seat === 2 || pc.seat === 1;
            const token = svgEl("g", {
              class: `tk-piece${movable ? " tk-movable" : ""}${tk.selected === key ? " tk-selected" : ""}`,
              dataset: { piece: movable ? key : null, owner: pc.seat, ui: movable ? "" : null,
                why: movable ? null : mine ? `Your ${kind} on ${sp.space} has no move you can pay for now.`
                  : `That is ${seatOf(pc.seat).name}'s ${kind}: click one of your own pieces (a green ring).` },
              onclick: movable ? () => { tk.selected = tk.selected === key ? null : key; ui.redraw(); } : null,
            });
            const cy = py - j * 14;
            if (kind === "leader") {
              token.append(svgEl("circle", { cx: px, cy, r: 9.5, fill: colour, stroke: TK_INK, "stroke-width": 2 }));
              token.append(svgEl("text", { x: px, y: cy + 4, class: "tk-count", fill: dark ? TK_INK : "#fff" }, "L"));
            } else {
              token.append(svgEl("circle", { cx: px, cy, r: 9, fill: colour, stroke: TK_INK, "stroke-width": 1 }));
              token.append(svgEl("text", { x: px, y: cy + 4, class: "tk-count", fill: dark ? TK_INK : "#fff" },
                String(pc.explorers)));
            }
            token.append(svgEl("title", {}, `${seatOf(pc.seat).name}: ${kind === "leader" ? "leader" : `${pc.explorers} explorer(s)`}`
              + (movable ? " (click to move)" : "")));
            g.append(token);
          });
        });
      }
      // The space's name last, with a halo, so stones, tents and shields never hide it.
      g.append(svgEl("text", { x: sp.x, y: sp.y - board.hex * 0.55, class: "tk-label" }, sp.space));
      // A space where the drawn hex may go (with its stones for the current rotation, faint).
      if (placeTargets.has(sp.space)) {
        const action = placeTargets.get(sp.space);
        overlay.push(svgEl("g", { class: "tk-target tk-place", dataset: { place: sp.space, action: JSON.stringify(action) } },
          svgEl("polygon", { points: sp.points, class: "tk-place-hex" }),
          ...tkStones(rot.stones, sp.x, sp.y, 0.55),
          svgEl("title", {}, `place ${hand.text} on ${sp.space}, rotation ${rot.rotation}`)));
      }
      if (moveTargets.has(sp.space)) {
        const m = moveTargets.get(sp.space);
        overlay.push(svgEl("g", { class: "tk-target tk-move", dataset: { move: sp.space, action: JSON.stringify(m.action) } },
          svgEl("polygon", { points: sp.points, class: "tk-move-hex" }),
          svgEl("rect", { x: sp.x - 18, y: sp.y - 28, width: 36, height: 16, rx: 7, class: "tk-cost" }),
          svgEl("text", { x: sp.x, y: sp.y - 16, class: "tk-cost-text" }, `${m.cost} AP`),
          svgEl("title", {}, `move to ${sp.space} for ${m.cost} AP`)));
      }
      svg.append(g);
    }
    svg.append(...overlay);
    const map = h("div", { class: "tk-board-wrap" }, svg);

    // -- side panel: turn, drawn hex, auction, actions ----------------------------------------------
    const side = h("div", { class: "tk-side" });
    if (board.banner != null) side.append(h("div", { class: "tk-banner", "data-testid": "banner" }, board.banner));
    if (board.ap != null) {
      const pips = [];
      for (let k = 0; k < board.ap_max; k++) pips.push(h("span", { class: `tk-pip${k < board.ap ? " tk-on" : ""}` }));
      side.append(h("div", { class: "tk-ap", "data-testid": "ap", title: "action points (points d'action, PA)" },
        h("b", {}, `${board.ap} AP`), h("span", { class: "tk-pips" }, pips),
        h("span", { class: "tk-who" }, seatOf(board.current_player).name)));
    }
    if (hand != null) {
      const shown = rot != null ? rot.stones : rotations[0].stones;
      side.append(h("div", { class: "tk-hand", "data-testid": "hand" },
        h("div", { class: "tk-h" }, hand.set_aside ? "Volcano set aside (scoring round first)" : "Hex to place"),
        h("div", { class: "tk-hand-row" },
          tkTilePicture(hand, shown, 30),
          h("div", {},
            h("div", { class: "tk-small-text" }, hand.text),
            placing && rotations.length > 1 ? h("button", {
              class: "tk-rotate", "data-testid": "rotate", dataset: { ui: "" },
              title: "turn the hex 60 degrees (to the next different picture)",
              onclick: () => { tk.rotation = (tk.rotation + 1) % rotations.length; ui.redraw(); },
            }, picture(TK_ROTATE, 13), ` Rotate (${rot.rotation})`) : null,
            placing && placeTargets.size
              ? h("div", { class: "tk-small-text" }, plural(placeTargets.size, "highlighted place"))
              : null))));
    }
    if (board.offer != null && board.offer.length) {
      side.append(h("div", { class: "tk-offer" }, h("div", { class: "tk-h" }, "Revealed hexes"),
        h("div", { class: "tk-offer-row" }, board.offer.map((t) => h(t.action != null ? "button" : "div", {
          class: `tk-offer-tile${t.action != null ? " tk-choosable" : ""}`, title: t.text,
          dataset: { tile: t.tile, action: t.action != null ? JSON.stringify(t.action) : null },
        }, tkTilePicture(t, t.stones, 20), h("span", {}, `${t.tile}`))))));
    }
    const auction = board.auction;
    if (auction != null && auction.active) {
      const high = auction.high_bidder != null ? `${auction.high_bid} by ${seatOf(auction.high_bidder).name}` : "no bid yet";
      const box = h("div", { class: "tk-auction", "data-testid": "auction" },
        h("div", { class: "tk-h" }, "English auction (enchères) for the next turn"),
        h("div", { class: "tk-small-text" }, `High bid: ${high}. In: `,
          auction.bidders.filter((b) => !auction.passed.includes(b)).map((b) => seatOf(b).name).join(", ")));
      if (auction.pass != null) {
        const quick = auction.bids.slice(0, 5);
        box.append(h("div", { class: "tk-bids" },
          quick.map((b) => h("button", { class: "tk-bid", dataset: { bid: b.amount, action: JSON.stringify(b.action) } },
            `bid ${b.amount}`)),
          auction.bids.length > 5 ? h("select", { class: "tk-bid-more", "aria-label": "a higher bid",
            onchange: (e) => { const b = auction.bids[Number(e.target.value)]; if (b != null) ui.send(b.action); } },
          h("option", { value: "" }, "more…"),
          auction.bids.slice(5).map((b, k) => h("option", { value: k + 5 }, `bid ${b.amount}`))) : null,
          h("button", { class: "tk-pass", dataset: { action: JSON.stringify(auction.pass) } }, "Pass")));
      }
      side.append(box);
    }
    const groups = [
      ["bring", "Bring into play (1 AP)"], ["uncover", "Uncover a temple level (2 AP)"],
      ["dig", "Dig a treasure (3 AP)"], ["camp", "Set up a camp (5 AP)"], ["guardian", "Place a guardian (5 AP)"],
    ];
    const acts = h("div", { class: "tk-actions" });
    if (tk.selected != null) {
      acts.append(h("div", { class: "tk-hint" }, `${tk.selected.replace("@", " on ")} picked up: click a highlighted hex (its cost is shown).`));
    } else if (Object.keys(moves).length) {
      acts.append(h("div", { class: "tk-hint" }, "Move: click one of your pieces (green ring), then a highlighted hex."));
    }
    const actions = board.actions || {};
    for (const [kind, title] of groups) {
      const list = actions[kind] || [];
      if (!list.length) continue;
      acts.append(h("div", { class: "tk-group" }, h("span", { class: "tk-h" }, title, ": "),
        list.map((b) => h("button", { class: `tk-act tk-${kind}`, dataset: { kind, action: JSON.stringify(b.action) } },
          b.label))));
    }
    const exchanges = actions.exchange || [];
    if (exchanges.length) {
      acts.append(h("div", { class: "tk-group" }, h("span", { class: "tk-h" }, "Exchange a treasure (3 AP): "),
        h("select", { class: "tk-exchange", "aria-label": "exchange a treasure",
          onchange: (e) => { const b = exchanges[Number(e.target.value)]; if (b != null) ui.send(b.action); } },
        h("option", { value: "" }, `${exchanges.length} possible…`),
        exchanges.map((b, k) => h("option", { value: k }, b.label)))));
    }
    for (const b of actions.end || []) {
      acts.append(h("button", { class: "tk-end", dataset: { kind: "end", action: JSON.stringify(b.action) } }, "End turn"));
    }
    if (acts.childElementCount) side.append(acts);

    // -- seats, supplies -------------------------------------------------------------------------
    const seats = h("div", { class: "tk-seats" }, board.seats.map((x) => h("div", {
      class: `tk-seat${x.current ? " tk-current" : ""}${x.you ? " tk-you" : ""}`, dataset: { seat: x.seat } },
    h("div", { class: "tk-seathead" },
      h("span", { class: "tk-dot", style: `background:${x.colour_code}` }), h("b", {}, x.name),
      board.variant === "advanced" ? h("span", { class: `tk-amulet${x.amulet_used ? " tk-used" : ""}`,
        title: x.amulet_used ? "amulet turned: played this round" : "amulet face up" },
      x.amulet_used ? "amulet used" : "amulet") : null,
      h("span", { class: "tk-points" }, plural(x.points, "point"))),
    h("div", { class: "tk-small-text" }, `reserve ${x.reserve} · in play ${x.on_board} · leader: ${x.leader} · camps left ${x.camps_left}`
      + ` · guardians ${x.guardians} · ${Object.keys(x.treasures || {}).length
        ? Object.entries(x.treasures).map(([k, n]) => `${n} ${k}`).join(", ") : "no treasure"}`),
    h("div", { class: "tk-small-text", title: "what a scoring now would give" },
      `would score ${x.would_score} now` + (x.temples_held.length ? ` (temples ${x.temples_held.join(", ")})` : "")))));
    const letters = Object.entries(board.stack.letters).filter(([, n]) => n).map(([k, n]) => `${k}:${n}`).join(" ");
    const supplies = h("div", { class: "tk-supplies" },
      `Stack: ${board.stack.left} hexes (${letters || "empty"}) · temple levels left: `,
      Object.entries(board.levels).map(([v, n]) => `${v}×${n}`).join(" "),
      ` · scorings so far: ${board.scorings}`);
    area.append(h("div", { class: "tk-main" }, map, side), seats, supplies);
  },
};
