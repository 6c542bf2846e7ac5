// Les Trésors de Cibola: the game area of the board (joined after board.js).
// Draws the temple board with its rocks, the revealed cards, the totems, the
// hidden-bid control and each seat; every click sends an action listed in the
// view model (archeo_lab/games/cibola/view.py).

// Small inline SVG pictures (emoji fonts are missing on many classroom machines).
const ICONS = {
  sundial: '<circle cx="8" cy="8" r="3.4" fill="#e0a800"/><g stroke="#e0a800" stroke-width="1.6">'
    + '<path d="M8 0.8v2.4M8 12.8v2.4M0.8 8h2.4M12.8 8h2.4M2.9 2.9l1.7 1.7M11.4 11.4l1.7 1.7M2.9 13.1l1.7-1.7M11.4 4.6l1.7-1.7"/></g>',
  snake: '<path d="M1.5 12c2.5 0 2.5-4 5-4s2.5 4 5 4 2-5 0-7" fill="none" stroke="#2e7d32" stroke-width="2.2" stroke-linecap="round"/>'
    + '<circle cx="11.6" cy="4.6" r="1.9" fill="#2e7d32"/>',
  statuette: '<circle cx="8" cy="3.6" r="2.6" fill="#8d6e63"/><path d="M4.5 15l1.5-8.5h4l1.5 8.5z" fill="#8d6e63"/>',
  shield: '<path d="M8 1l6 2.6v4.2c0 3.6-2.6 6.2-6 7.2-3.4-1-6-3.6-6-7.2V3.6z" fill="#1e88e5"/>'
    + '<path d="M8 3.5v9M5 6l3 2 3-2" stroke="#fff" stroke-width="1.2" fill="none"/>',
  skull: '<path d="M8 1.2c3.6 0 6 2.4 6 5.6 0 2-1 3.2-2.2 3.8V13H4.2v-2.4C3 10 2 8.8 2 6.8 2 3.6 4.4 1.2 8 1.2z" fill="#f5f5f5" stroke="#555"/>'
    + '<circle cx="5.7" cy="7" r="1.4" fill="#555"/><circle cx="10.3" cy="7" r="1.4" fill="#555"/>',
  torch: '<path d="M8 1c1 3 4 4 4 8a4 4 0 0 1-8 0c0-2 1-3 2-4 0 2 1 3 2 3 0-3-1-4 0-7z" fill="#ef6c00"/>',
  rock: '<path d="M1.5 14l4-8 2.5 3 2.5-6 4 11z" fill="#8d8478"/>',
};

/** A 16x16 picture of a treasure kind (or "torch", "rock"), with its name as a tooltip. */
function icon(kind, size = 18) {
  const span = h("span", { class: `cb-svg cb-svg-${kind}`, title: kind });
  span.innerHTML = `<svg width="${size}" height="${size}" viewBox="0 0 16 16" aria-hidden="true">${ICONS[kind] || ""}</svg>`;
  return span;
}

const GAME = {
  draw(area, board, ui) {
    const seatName = (s) => (board.seats[s] ? board.seats[s].name : `Seat ${s}`);
    const landslide = board.landslide;
    if (!landslide) ui.selected = null;

    // -- the temple board (plateau Temple) ------------------------------------
    const moveTargets = new Map();
    if (landslide && ui.selected) {
      for (const m of landslide.moves) {
        if (m.from[0] === ui.selected[0] && m.from[1] === ui.selected[1]) {
          moveTargets.set(`${m.to[0]}-${m.to[1]}`, m.action);
        }
      }
    }
    const movable = new Set(landslide ? landslide.moves.map((m) => `${m.from[0]}-${m.from[1]}`) : []);
    const columns = board.columns.map((col) => h("div", { class: "cb-column", dataset: { kind: col.kind } },
      h("div", { class: "cb-colhead", title: `${col.name} (${col.french}): ${col.scoring_text}` },
        h("span", { class: "cb-icon" }, icon(col.kind, 22)), h("span", {}, col.name.split(" ").pop())),
      col.cells.map((cell) => {
        const key = `${col.kind}-${cell.cell}`;
        let action = cell.action;
        let cls = "cb-cell";
        if (cell.rock) cls += " cb-rock";
        if (action) cls += " cb-target";
        if (moveTargets.has(key)) { action = moveTargets.get(key); cls += " cb-target"; }
        const pickUp = landslide && cell.rock && movable.has(key);
        if (pickUp) cls += " cb-movable";
        if (ui.selected && ui.selected[0] === col.kind && ui.selected[1] === cell.cell) cls += " cb-selected";
        const onclick = action
          ? () => { ui.selected = null; ui.send(action); }
          : pickUp ? () => { ui.selected = [col.kind, cell.cell]; ui.redraw(); } : null;
        return h(onclick ? "button" : "div", {
          class: cls, onclick, dataset: { cell: key, action: action ? JSON.stringify(action) : undefined },
          title: cell.rock ? `rock on ${col.name} ${cell.value}` : `${col.name}: ${cell.value}`,
        }, cell.rock ? icon("rock", 20) : String(cell.value));
      }),
      h("div", { class: "cb-now", title: "average of the visible cells" }, `now ${col.value_now}`)));
    const temple = h("section", { class: "cb-temple" },
      h("h4", {}, "Temple board (plateau Temple)"), h("div", { class: "cb-columns" }, columns));
    if (landslide) {
      temple.append(h("div", { class: "cb-landslide" },
        ui.selected ? `Rock on ${ui.selected[0]} ${ui.selected[1]} picked up: click its new cell.` : "Click a rock to move it.",
        h("button", { class: "cb-leave", onclick: () => ui.send(landslide.leave) }, "Leave rocks")));
    }

    // -- revealed cards (cartes Trésor) -------------------------------------------
    const card = (c, action) => h(action ? "button" : "div", {
      class: `cb-card cb-phase${c.phase}${action ? " cb-target" : ""}`,
      onclick: action ? () => ui.send(action) : null,
      dataset: { card: c.id, action: action ? JSON.stringify(action) : undefined },
      title: c.text,
    },
      h("span", { class: "cb-cardid" }, c.id),
      h("span", { class: "cb-treasures" }, c.treasures.map((t) => icon(t.kind, 22))),
      h("span", { class: "cb-marks" }, c.rock ? [icon("rock", 12), " rock "] : "", c.totem ? "✦ totem" : ""),
      h("span", { class: "cb-cardtext" }, c.text));
    const table = h("section", { class: "cb-table" },
      h("h4", {}, `Round ${board.round}/${board.rounds}: ${board.phase_name}`),
      h("div", { class: "cb-cards" }, board.table.length ? board.table.map((c) => card(c, c.action)) : "(all taken)"),
      h("div", { class: "cb-pile" },
        `Piles: ${board.pile[0]} + ${board.pile[1]} cards · discard (défausse): ${board.discard} explorers`));
    if (board.known_pile_top.length) {
      table.append(h("div", { class: "cb-vision" }, "You saw the next cards: ",
        board.known_pile_top.map((c) => `${c.id} (${c.text})`).join("; ")));
    }

    // -- the closed-fist bid (enchère à poing fermé) --------------------------------
    if (board.bid_options.length) {
      table.append(h("div", { class: "cb-bid", role: "group", "aria-label": "your bid" },
        h("span", {}, "✊ Close your fist on:"),
        board.bid_options.map((b) => h("button", {
          class: "cb-bidbtn", onclick: () => ui.send(b.action),
          dataset: { bid: b.amount, action: JSON.stringify(b.action) },
        }, String(b.amount)))));
    }

    // -- totems (cartes Totem) -----------------------------------------------------
    const totems = h("section", { class: "cb-totems" }, h("h4", {}, "Totems"),
      board.totems.map((t) => h(t.action ? "button" : "div", {
        class: `cb-totem${t.action ? " cb-target" : ""}${t.holder !== null ? " cb-taken" : ""}`,
        onclick: t.action ? () => ui.send(t.action) : null,
        dataset: { totem: t.name, action: t.action ? JSON.stringify(t.action) : undefined },
        title: `${t.french}: ${t.text}`,
      },
        h("b", {}, t.name), h("small", {}, t.timing === "end" ? " (end of game)" : " (at once)"),
        h("div", {}, t.text),
        t.holder !== null ? h("div", { class: "cb-holder" }, `held by ${seatName(t.holder)}`) : null)));

    // -- the players ------------------------------------------------------------------
    const seats = h("section", { class: "cb-seats" }, board.seats.map((s) => h("div", {
      class: `cb-seat${s.current ? " cb-current" : ""}${s.you ? " cb-you" : ""}`, dataset: { seat: s.seat },
    },
      h("div", { class: "cb-seathead" }, h("b", {}, s.name),
        s.torch ? h("span", { class: "cb-torch", title: "holds the torch (Torche)" }, icon("torch", 16), "torch") : null,
        h("span", { class: "cb-score" }, `${s.score} pts`)),
      h("div", {}, `${s.explorers} explorers · ${s.bid_text}`),
      h("div", { class: "cb-counts" }, Object.entries(s.counts).filter(([, n]) => n > 0)
        .map(([kind, n]) => h("span", { class: "cb-count", title: kind }, icon(kind, 16), `×${n}`))),
      s.totems.length ? h("div", { class: "cb-seattotems" }, "totems: ", s.totems.join(", ")) : null)));

    // -- the final count -------------------------------------------------------------------
    let final = null;
    if (board.final) {
      const lines = ["sundial", "snake", "statuette", "shield", "skull", "totems", "explorers", "total"];
      final = h("section", { class: "cb-final", "data-testid": "final" },
        h("h4", {}, "Final count (décompte)"),
        h("table", {},
          h("tr", {}, h("th", {}, ""), board.seats.map((s) => h("th", {}, s.name))),
          lines.map((line) => h("tr", { class: line === "total" ? "cb-total" : "" }, h("td", {}, line),
            board.final.rows.map((r) => h("td", {}, String(Math.round(r[line] * 100) / 100)))))),
        h("div", { class: "cb-winner" },
          `Winner: ${board.final.winners.map(seatName).join(" and ")}`));
    }

    area.replaceChildren(...[h("div", { class: "cb-top" }, temple, table, totems), seats, final].filter(Boolean));
  },
};
