// Les Trésors de Cibola: the game area of the board (joined after board.js).
// Draws the temple board with its rocks, the revealed cards, the totems, the hidden-bid
// buttons and each seat.  Every target comes from the view model
// (archeo_lab/games/cibola/view.py): data-action plays it, data-try asks the engine why not;
// the shell (board.js) handles the clicks.  ui.selected only remembers a picked-up rock.

// Small inline SVG pictures (emoji fonts are missing on many classroom machines).
const CB_ICONS = {
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
  totem: '<path d="M5 1h6v3H5zM4 5h8v4H4zM5 10h6v5H5z" fill="#6a1b9a"/><circle cx="6.6" cy="6.8" r=".9" fill="#fff"/><circle cx="9.4" cy="6.8" r=".9" fill="#fff"/>',
  fist: '<path d="M3 6.5c0-1 .8-1.6 1.6-1.6h.6V4c0-.9.7-1.5 1.5-1.5S8.2 3 8.2 4v.4c.3-.6.9-.9 1.5-.9.9 0 1.5.6 1.5 1.5v.5c.3-.3.7-.5 1.2-.5.9 0 1.6.7 1.6 1.6v3.6c0 3-2.4 5.3-5.3 5.3H7.3C4.9 15.5 3 13.6 3 11.2z" fill="#b5651d"/>'
    + '<path d="M5.2 5v3M8.2 4.5v3.2M11.2 5.2v3" stroke="#fbe3c0" stroke-width=".9"/>',
};

/** A 16x16 picture of a treasure kind (or "torch", "rock", "totem", "fist"), named in its tooltip. */
function cbIcon(kind, size = 18, title = "") {
  return picture(CB_ICONS[kind] || "", size, 16, `cb-svg cb-svg-${kind}`, title || kind);
}

const GAME = {
  draw(area, board, ui) {
    const seatName = (s) => (board.seats[s] != null ? board.seats[s].name : `Seat ${s}`);
    const landslide = board.landslide;
    if (landslide == null) ui.selected = null;

    // -- the temple board (plateau Temple) ------------------------------------
    const moveTargets = new Map();
    if (landslide != null && ui.selected != null) {
      for (const m of landslide.moves) {
        if (m.from[0] === ui.selected[0] && m.from[1] === ui.selected[1]) moveTargets.set(`${m.to[0]}-${m.to[1]}`, m.action);
      }
    }
    const movable = new Set(landslide != null ? landslide.moves.map((m) => `${m.from[0]}-${m.from[1]}`) : []);
    const columns = board.columns.map((col) => h("div", { class: "cb-column", dataset: { kind: col.kind } },
      h("div", { class: "cb-colhead", title: `${col.name} (${col.french}): ${col.scoring_text}` },
        cbIcon(col.kind, 20), h("span", {}, col.name.split(" ").pop())),
      col.cells.map((cell) => {
        const key = `${col.kind}-${cell.cell}`;
        const moveTo = moveTargets.get(key);
        const pickUp = landslide != null && cell.rock && movable.has(key);
        let cls = "cb-cell";
        if (cell.rock) cls += " cb-rock";
        if (cell.action != null || moveTo != null) cls += " cb-target";
        if (pickUp) cls += " cb-movable";
        if (ui.selected != null && ui.selected[0] === col.kind && ui.selected[1] === cell.cell) cls += " cb-selected";
        let data = target(cell);
        if (moveTo != null) data = { action: JSON.stringify(moveTo) };
        else if (pickUp) data = { ui: "" };
        else if (landslide != null) data = { why: ui.selected != null ? "That cell is not a free cell the rock can go to: click a green one."
          : "Click a rock with a dashed frame first, then the free cell it goes to." };
        return h("div", {
          class: cls, dataset: { cell: key, ...data },
          onclick: pickUp ? () => { ui.selected = [col.kind, cell.cell]; ui.redraw(); } : null,
          title: cell.rock ? `rock on ${col.name} ${cell.value}` : `${col.name}: ${cell.value}`,
        }, cell.rock ? cbIcon("rock", 18) : String(cell.value));
      }),
      h("div", { class: "cb-now", title: "now worth: the average of the visible cells" }, `now ${col.value_now}`)));
    const temple = h("section", { class: "cb-temple" },
      h("h4", {}, "Temple board (plateau Temple)"), h("div", { class: "cb-columns" }, columns));
    if (landslide != null) {
      temple.append(h("div", { class: "cb-landslide" },
        ui.selected != null ? `Rock on ${ui.selected[0]} ${ui.selected[1]} picked up: click its new cell.` : "Click a rock to move it.",
        h("button", { class: "cb-leave", dataset: { action: JSON.stringify(landslide.leave) } }, "Leave rocks")));
    }

    // -- revealed cards (cartes Trésor) and the bid ----------------------------------
    const card = (c) => h("div", {
      class: `cb-card cb-phase${c.phase}${c.action != null ? " cb-target" : ""}`,
      dataset: { card: c.id, ...target(c) }, title: c.text,
    },
      h("span", { class: "cb-cardid" }, c.id),
      h("span", { class: "cb-treasures" }, c.treasures.map((t) => cbIcon(t.kind, 20, t.name))),
      h("span", { class: "cb-marks" }, c.rock ? [cbIcon("rock", 12), "rock"] : null, c.totem ? [cbIcon("totem", 12), "totem"] : null),
      h("span", { class: "cb-cardtext" }, c.text));
    const table = h("section", { class: "cb-table" },
      h("h4", {}, `Round ${board.round}/${board.rounds}: ${board.phase_name}`),
      board.bid_options.length ? h("div", { class: "cb-bid", role: "group", "aria-label": "your bid" },
        h("span", { class: "cb-bidlabel" }, cbIcon("fist", 18), " Close your fist on:"),
        board.bid_options.map((b) => h("button", {
          class: "cb-bidbtn", dataset: { bid: b.amount, action: JSON.stringify(b.action) },
        }, String(b.amount)))) : null,
      h("div", { class: "cb-cards" }, board.table.length ? board.table.map(card) : "(all taken)"),
      h("div", { class: "cb-pile" },
        `Piles: ${board.pile[0]} + ${board.pile[1]} cards · discard (défausse): ${board.discard} explorers`));
    if (board.known_pile_top.length) {
      table.append(h("div", { class: "cb-vision" }, "You saw the next cards: ",
        board.known_pile_top.map((c) => `${c.id} (${c.text})`).join("; ")));
    }

    // -- totems (cartes Totem) -----------------------------------------------------
    const totems = h("section", { class: "cb-totems" }, h("h4", {}, "Totems (cartes Totem)"),
      board.totems.map((t) => h("div", {
        class: `cb-totem${t.action != null ? " cb-target" : ""}${t.holder != null ? " cb-taken" : ""}`,
        dataset: { totem: t.name, ...target(t) }, title: `${t.french}: ${t.text}`,
      },
        h("b", {}, t.name), h("small", {}, t.timing === "end" ? " (end of game)" : " (at once)"),
        h("div", { class: "cb-totemtext" }, t.text),
        t.holder != null ? h("div", { class: "cb-holder" }, `held by ${t.holder_name != null ? t.holder_name : seatName(t.holder)}`) : null)));

    // -- the players ------------------------------------------------------------------
    const seats = h("section", { class: "cb-seats" }, board.seats.map((s) => h("div", {
      class: `cb-seat${s.current ? " cb-current" : ""}${s.you ? " cb-you" : ""}`, dataset: { seat: s.seat },
    },
      h("div", { class: "cb-seathead" }, h("b", {}, s.name),
        s.torch ? h("span", { class: "cb-torch", title: "holds the torch (Torche)" }, cbIcon("torch", 14), "torch") : null,
        h("span", { class: "cb-score" }, plural(s.score, "point"))),
      h("div", { class: "cb-seatline" }, `${s.explorers} explorers${s.bid_text ? ` · ${s.bid_text}` : ""}`,
        h("span", { class: "cb-counts" }, Object.entries(s.counts).filter(([, n]) => n > 0)
          .map(([kind, n]) => h("span", { class: "cb-count", title: kind, dataset: { count: `${s.seat}-${kind}` } },
            cbIcon(kind, 15), `×${n}`))),
        s.totems.length ? h("span", { class: "cb-seattotems" }, cbIcon("totem", 13), s.totems.join(", ")) : null))));

    area.append(h("div", { class: "cb-top" }, temple, table, totems), seats);
  },
};
