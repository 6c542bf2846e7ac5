// Quetzal: the game area of the board (joined after board.js).
// Draws the tossed meeples, the locations in activation order with their slots, costs and
// occupants, the Temple display, the Village, each seat, and the decision buttons.  Placing a
// group: click meeples of your reserve, then a location; the location's own list of legal groups
// (archeo_lab/games/quetzal/view.py) gives the action to send, so no rule lives here.

// -- small inline SVG pictures (emoji fonts are missing on many classroom machines) ----------------
const QZ_MEEPLE_PATH = "M7 0a3 3 0 0 1 3 3c0 1.2-.6 2-1.2 2.4L13 7.5c1 .5 1 1.8 0 2.1L10 10l2 4H2l2-4-3-.4"
  + "c-1-.3-1-1.6 0-2.1L5.2 5.4C4.6 5 4 4.2 4 3a3 3 0 0 1 3-3z";

/** A meeple in a seat's colour; its face as a band: black, white, half-and-half (either), a star (character). */
function qzMeeple(colour, face, size = 18, title = "") {
  const span = h("span", { class: `qz-meeple qz-face-${face}`, title: title || face });
  // The face is a patch on the torso: black, white, half-and-half (side: either), half-and-half
  // with a gold coin (standing: either, +1 gold), a gold star (the character).
  const patch = (fill) => `<rect x="3.6" y="6.2" width="6.8" height="5.2" rx="1" fill="${fill}" stroke="#222" stroke-width=".4"/>`;
  const halves = '<path d="M3.6 6.2h3.4v5.2H3.6z" fill="#111"/><path d="M7 6.2h3.4v5.2H7z" fill="#fafafa"/>'
    + '<rect x="3.6" y="6.2" width="6.8" height="5.2" rx="1" fill="none" stroke="#222" stroke-width=".4"/>';
  let mark;
  if (face === "black") mark = patch("#111");
  else if (face === "white") mark = patch("#fafafa");
  else if (face === "character") mark = '<path d="M7 5.4l1.2 2.4 2.6.4-1.9 1.8.5 2.6L7 11.4l-2.4 1.2.5-2.6-1.9-1.8 2.6-.4z" fill="#ffd54f" stroke="#222" stroke-width=".4"/>';
  else if (face === "standing") mark = halves + '<circle cx="11.4" cy="3" r="2.2" fill="#f9a825" stroke="#8d6e00" stroke-width=".4"/>';
  else mark = halves;
  span.innerHTML = `<svg width="${size}" height="${size}" viewBox="0 0 14 14" aria-hidden="true">`
    + `<path d="${QZ_MEEPLE_PATH}" fill="${colour}" stroke="#222" stroke-width=".7"/>${mark}</svg>`;
  return span;
}

const QZ_OBJECTS = {
  vase: '<path d="M5 1h6v2l-1 1c2 1 3 3 3 5 0 3-2 6-5 6s-5-3-5-6c0-2 1-4 3-5L5 3z" fill="#b5651d"/><path d="M3.5 8h9" stroke="#fbe3c0"/>',
  statuette: '<circle cx="8" cy="3" r="2.3" fill="#8d6e63"/><path d="M4.5 15l1.5-9h4l1.5 9z" fill="#8d6e63"/>',
  weapon: '<path d="M13.5 1.5L6 9l1 1 7.5-7.5zM4 9l3 3-1 1-1-1-2 2-1-1 2-2-1-1z" fill="#607d8b"/>',
  tablet: '<rect x="3" y="1.5" width="10" height="13" rx="1.5" fill="#9e9d24"/><path d="M5 5h6M5 8h6M5 11h4" stroke="#f0f4c3" stroke-width="1.1"/>',
  mummy: '<path d="M8 1c2.2 0 3.5 1.6 3.5 3.5V15h-7V4.5C4.5 2.6 5.8 1 8 1z" fill="#d7ccc8" stroke="#6d4c41" stroke-width=".6"/><path d="M4.5 6l7 2M4.5 9l7 2M4.5 12l7 1.5" stroke="#6d4c41" stroke-width=".6"/>',
  gold: '<circle cx="8" cy="8" r="6.5" fill="#f9a825" stroke="#8d6e00"/><circle cx="8" cy="8" r="3.6" fill="none" stroke="#8d6e00" stroke-width="1.2"/>',
  vp: '<path d="M8 1l2.1 4.4 4.8.6-3.5 3.3.9 4.7L8 11.8 3.7 14l.9-4.7L1.1 6l4.8-.6z" fill="#c62828"/>',
  discovery: '<circle cx="8" cy="8" r="6" fill="#1565c0"/><path d="M8 3.5l1.6 4.5L8 12.5 6.4 8z" fill="#fff"/>',
  token: '<path d="M2 14V2h1v1h9l-2 3 2 3H3v5z" fill="#6a1b9a"/>',
};

/** A 16x16 picture of an object type, a bonus (gold, vp, discovery) or the first-player token. */
function qzIcon(kind, size = 16, title = "") {
  return picture(QZ_OBJECTS[kind] || "", size, 16, `qz-icon qz-icon-${kind}`, title || kind);
}

const QZ_FACES = ["black", "white", "either", "character"];

function qzCard(card) {
  return h("span", {
    class: `qz-card qz-type-${card.type}${card.action != null ? " qz-target" : ""}`,
    title: `${card.text} (${card.french}); sets of 1/2/3 score ${card.points.join("/")} VP`,
    dataset: { card: card.id, action: card.action != null ? JSON.stringify(card.action) : null },
  }, qzIcon(card.type, 16), card.bonus ? qzIcon(card.bonus, 12) : null, h("span", {}, card.id));
}

function qzGroup(g) {
  const faces = [];
  for (let k = 0; k < g.black; k++) faces.push("black");
  for (let k = 0; k < g.white; k++) faces.push("white");
  for (let k = 0; k < g.either; k++) faces.push("either");
  if (g.character) faces.push("character");
  const role = g.role === "any" ? "" : ` as ${g.role}s`;
  return h("span", { class: "qz-group", title: `${g.name}: ${plural(g.count, "meeple")}${role}` },
    faces.map((f) => qzMeeple(g.colour, f, 15, `${g.name}: ${f}`)));
}

const QZ_EMPTY = () => ({ black: 0, white: 0, either: 0, character: 0 });

const GAME = {
  draw(area, board, ui) {
    const seats = board.seats;
    const me = seats.find((x) => x.you);
    const placing = board.phase === "place" && board.locations.some((l) => l.actions.length);
    // UI-only selection (never a rule): how many meeples of each face are picked for a group of your own.
    if (ui.qz == null) ui.qz = { sel: QZ_EMPTY(), role: "adventurer", lastRound: null };
    const st = ui.qz;
    if (!placing || me == null) st.sel = QZ_EMPTY();
    else for (const f of QZ_FACES) st.sel[f] = Math.min(st.sel[f], me.reserve[f] || 0);
    const selTotal = QZ_FACES.reduce((n, f) => n + st.sel[f], 0);
    const selText = QZ_FACES.filter((f) => st.sel[f]).map((f) => `${st.sel[f]} ${f}`).join(", ");

    // The listed groups of a location that are exactly the selected meeples (a lookup, no rule).
    const matches = (loc) => loc.actions.filter((a) => a.black === st.sel.black && a.white === st.sel.white
      && a.either === st.sel.either && a.character === (st.sel.character > 0));
    const roles = new Set();
    if (selTotal) for (const loc of board.locations) for (const a of matches(loc)) roles.add(a.role);
    const twoRoles = roles.has("adventurer") && roles.has("archaeologist");

    /** What a click on a location does: its default group, the selected group, or why not. */
    const locTarget = (loc) => {
      if (!placing) return {};
      if (loc.covered) return { why: `${loc.name} is covered in a two-player game.` };
      if (!selTotal) {
        if (loc.default != null) return { action: JSON.stringify(loc.default) };
        if (loc.try != null) return { try: JSON.stringify(loc.try) };
        return {};
      }
      const found = matches(loc);
      if (found.length) {
        const pick = found.length === 1 ? found[0] : found.find((a) => a.role === st.role) || found[0];
        return { action: JSON.stringify(pick.action) };
      }
      if (!loc.actions.length && loc.try != null) return { try: JSON.stringify(loc.try) };
      return { why: `Your group (${selText}) cannot go to ${loc.name}: it takes ${loc.fits || loc.need || "other meeples"}.` };
    };

    // -- round, toss ----------------------------------------------------------------------------
    const tossing = st.lastRound !== board.round;
    st.lastRound = board.round;
    const odds = Object.entries(board.toss_odds).map(([f, x]) => `${f} ${x}`).join(", ");
    const head = h("div", { class: "qz-head" },
      h("b", {}, `Round ${board.round}/${board.rounds} (tour)`), ` · ${board.phase_text}`,
      h("span", { class: "qz-piles" }, `object pile ${board.pile} · discard ${board.discard} · upgrades ${board.upgrade_stack}`
        + (board.dummy != null ? ` · neutral expedition: ${board.dummy} meeples in hand` : "")));
    const toss = h("section", { class: `qz-toss${tossing ? " qz-tossing" : ""}`, "data-testid": "toss" },
      h("h4", { title: `toss odds (reconstruction): ${odds}` }, "This round's toss (lancer)"),
      seats.map((x) => h("div", { class: "qz-tossrow", dataset: { seat: x.seat } }, h("span", { class: "qz-tossname" }, x.name),
        x.tossed.map((f, k) => qzMeeple(x.colour, k === x.tossed.length - 1 ? "character" : f, 18,
          k === x.tossed.length - 1 ? `character (${f})` : f)))));

    // -- the locations --------------------------------------------------------------------------
    const locTile = (loc) => {
      const t = locTarget(loc);
      let cls = `qz-loc qz-${loc.kind}`;
      if (loc.covered) cls += " qz-covered";
      if (t.action != null) cls += " qz-target";
      const holder = loc.kind === "bidding" && loc.groups.length
        ? h("div", { class: "qz-holder", "data-testid": `holder-${loc.key}` }, `held by ${loc.groups[0].name}`) : null;
      const sends = !selTotal && loc.default_text != null && placing ? h("div", { class: "qz-sends", title: "what one click on this location sends" }, `sends ${loc.default_text}`) : null;
      return h("div", {
        class: cls, dataset: { loc: loc.key, ...t },
        title: `${loc.name} (${loc.french}): ${loc.effect}. ${loc.kind_text}` + (loc.status === "reconstruction" ? " [reconstruction]" : ""),
      },
        h("div", { class: "qz-locname" }, h("b", {}, loc.name), loc.printed_cost ? h("span", {
          class: "qz-cost", title: loc.cost !== loc.printed_cost ? "your cost, after your Temple discount" : "cost in gold",
        }, qzIcon("gold", 12), loc.cost !== loc.printed_cost ? h("s", {}, String(loc.printed_cost)) : null,
        ` ${loc.cost}${loc.key === "harbour" ? "/meeple" : ""}`) : null),
        loc.covered ? h("div", { class: "qz-effect" }, "covered (2 players)") : h("div", { class: "qz-groups" }, loc.groups.map(qzGroup)),
        holder,
        loc.need && !loc.covered ? h("div", { class: "qz-need" }, loc.need) : null,
        loc.cards.length ? h("div", { class: "qz-cards" }, loc.cards.map((c) => qzCard(c)), h("span", { class: "qz-bonus" }, loc.bonus)) : null,
        sends,
        !loc.groups.length && !loc.covered && sends == null ? h("div", { class: "qz-effect" }, loc.effect) : null);
    };
    const byArea = {};
    for (const loc of board.locations) (byArea[loc.area] = byArea[loc.area] || []).push(loc);
    const extras = {
      temple: h("div", { class: "qz-display", "data-testid": "temple-display" },
        board.temple.length ? board.temple.map((c) => qzCard(c)) : "(empty)"),
      village: h("div", { class: "qz-display" }, board.village.map((u) => h("span", {
        class: `qz-upgrade${u.action != null ? " qz-target" : ""}`, title: `${u.french}: ${u.text} (${u.timing})`,
        dataset: { upgrade: u.kind, action: u.action != null ? JSON.stringify(u.action) : null },
      }, h("b", {}, u.name), h("span", {}, ` ${u.vp} VP`)))),
    };
    const grid = h("div", { class: "qz-grid" }, board.areas.filter((a) => byArea[a.key] != null).map((a) => h("section", {
      class: `qz-area qz-area-${a.key}`,
    }, h("h4", {}, h("span", { class: "qz-order", title: "activation order" }, a.order), a.title),
    h("div", { class: "qz-slots" }, byArea[a.key].map(locTile)), extras[a.key] || null)));

    // -- your own group (optional) ---------------------------------------------------------------
    let picker = null;
    if (placing && me != null) {
      const left = (f) => (me.reserve[f] || 0) - st.sel[f];
      picker = h("section", { class: "qz-picker", "data-testid": "picker" },
        h("h4", {}, selTotal ? "Your group: click a location with a green frame" : "Or pick meeples for a group of your own:"),
        h("div", { class: "qz-reserve" }, QZ_FACES.filter((f) => me.reserve[f] > 0).map((f) => h("button", {
          class: `qz-pick${left(f) <= 0 ? " qz-off" : ""}`,
          dataset: { face: f, ui: left(f) > 0 ? "" : null, why: left(f) > 0 ? null : `Your group already has every ${f} meeple of your reserve.` },
          title: `add ${f === "either" ? "an" : "a"} ${f} meeple to the group (${left(f)} left)`,
          onclick: left(f) > 0 ? () => { st.sel[f] += 1; ui.redraw(); } : null,
        }, qzMeeple(me.colour, f, 20), h("span", {}, `${f} ×${left(f)}`)))),
        h("div", { class: "qz-selected", "data-testid": "selected" },
          selTotal ? [h("b", {}, "Group: "), selText] : "Group: none picked (one click on a location sends its group)",
          selTotal ? h("button", { class: "qz-clear", dataset: { ui: "" }, onclick: () => { st.sel = QZ_EMPTY(); ui.redraw(); } }, "clear") : null,
          twoRoles ? h("span", { class: "qz-roles" }, " counts as ", ["adventurer", "archaeologist"].map((r) => h("button", {
            class: `qz-role${st.role === r ? " qz-on" : ""}`, dataset: { role: r, ui: "" },
            onclick: () => { st.role = r; ui.redraw(); },
          }, r === "adventurer" ? "adventurers (aventuriers)" : "archaeologists (archéologues)"))) : null));
    }

    // -- a decision (rerolls, Temple, Black market, Village, deliveries) --------------------------------
    let decision = null;
    if (board.decision != null) {
      decision = h("section", { class: "qz-decision", "data-testid": "decision", dataset: { focus: "" } }, h("h4", {}, board.decision.title),
        h("div", { class: "qz-options" }, board.decision.options.map((o) => h("button", {
          class: "qz-option", dataset: { option: o.action.type, action: JSON.stringify(o.action) },
        }, o.text))));
    }

    // -- the players ---------------------------------------------------------------------------------
    const track = (d) => h("span", { class: "qz-track", title: `discovery ${d}/${board.discovery_max}; bonuses: `
      + Object.entries(board.discovery_bonuses).map(([k, v]) => `${k}: ${v}`).join(", ") },
      Array.from({ length: board.discovery_max }, (_, k) => h("i", {
        class: `${k < d ? "qz-on" : ""}${board.discovery_bonuses[String(k + 1)] != null ? " qz-mark" : ""}` })));
    const seatBox = h("section", { class: "qz-seats" }, seats.map((x) => h("div", {
      class: `qz-seat${x.current ? " qz-current" : ""}${x.you ? " qz-you" : ""}`, dataset: { seat: x.seat },
    },
      h("div", { class: "qz-seathead" }, h("span", { class: "qz-dot", style: `background:${x.colour}` }), h("b", {}, x.name),
        x.first ? h("span", { class: "qz-first", title: "first-player token (jeton Premier Joueur): +2 VP at the end" }, qzIcon("token", 13), "first") : null,
        h("span", { class: "qz-score" }, `${x.score} VP`)),
      h("div", { class: "qz-stats" }, qzIcon("gold", 13), `${x.gold} gold`, " · ", qzIcon("vp", 13), `${x.vp} VP`, " · ",
        qzIcon("discovery", 13), "discovery ", track(x.discovery)),
      h("div", { class: "qz-reserve-small" }, x.reserve_total
        ? QZ_FACES.flatMap((f) => Array.from({ length: x.reserve[f] || 0 }, () => qzMeeple(x.colour, f, 14))) : "no meeple in reserve",
      x.hand.length ? h("span", { class: "qz-hand" }, x.hand.map((c) => qzCard(c))) : h("span", { class: "qz-small" }, " · no object")),
      x.upgrades.length ? h("div", { class: "qz-ups" }, x.upgrades.map((u) => h("span", {
        class: `qz-upgrade qz-owned${u.timing === "once" ? " qz-used" : ""}`, title: u.text, dataset: { upgrade: u.kind },
      }, u.name, h("span", {}, ` ${u.vp} VP`)))) : null)));

    area.append(head, h("div", { class: "qz-main" },
      h("div", { class: "qz-act" }, decision, picker, toss),
      h("div", { class: "qz-locs" }, grid),
      seatBox));
  },
};
