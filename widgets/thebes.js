// Thebes: The Tomb Raiders: the game area of the board (joined after board.js).
// Draws the time track with its stacked markers, the storage spaces and the
// presentation displays, the excavation piles face down, the dig dialog
// (knowledge, weeks, cards drawn, expected value), the card-by-card reveal,
// the learner's hidden hand and every seat's cards.  Every click sends an
// action listed in the view model (archeo_lab/games/thebes/view.py): no rule here.

// Small inline SVG pictures, 16x16 (emoji fonts are missing on many classroom machines).
const TB_ICONS = {
  mesopotamia: '<path d="M1 15h14v-3H13V9h-2V6H9V3H7v3H5v3H3v3H1z" fill="currentColor"/>',
  egypt: '<path d="M8 1.5L15 15H1z" fill="currentColor"/><path d="M8 1.5L10 15" stroke="#0003" stroke-width="1.2"/>',
  greece: '<path d="M1.5 4L8 1l6.5 3zM2.5 5h11v1.2h-11zM3.5 7h1.8v6H3.5zM7.1 7h1.8v6H7.1zM10.7 7h1.8v6h-1.8zM2 13.6h12V15H2z" fill="currentColor"/>',
  crete: '<path d="M7.2 1h1.6v14H7.2z" fill="currentColor"/><path d="M8 4C5 1 2 2 1.5 5.5 2 9 5 10 8 7zM8 4c3-3 6-2 6.5 1.5C14 9 11 10 8 7z" fill="currentColor"/>',
  book: '<path d="M3 2h8.5A1.5 1.5 0 0 1 13 3.5V14H4.5A1.5 1.5 0 0 1 3 12.5z" fill="currentColor"/><path d="M4.5 12.2H13" stroke="#fff" stroke-width="1"/>',
  open: '<path d="M1 3.5C3 2.5 6 2.5 8 4c2-1.5 5-1.5 7-.5V13c-2-1-5-1-7 .5C6 12 3 12 1 13z" fill="currentColor"/><path d="M8 4v9.5" stroke="#fff" stroke-width="1"/>',
  congress: '<circle cx="4" cy="5" r="2" fill="currentColor"/><circle cx="12" cy="5" r="2" fill="currentColor"/><circle cx="8" cy="3.6" r="2.2" fill="currentColor"/><path d="M1 14c0-4 2-6 3-6s3 2 3 6zM9 14c0-4 2-6 3-6s3 2 3 6zM5 14c0-5 2-7.5 3-7.5s3 2.5 3 7.5z" fill="currentColor"/>',
  clock: '<circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" stroke-width="1.8"/><path d="M8 4v4.3l3 1.8" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round"/>',
  laurel: '<path d="M8 14.5C3.5 13 1.5 9 2 4M8 14.5c4.5-1.5 6.5-5.5 6-10.5" fill="none" stroke="currentColor" stroke-width="1.4"/><g fill="currentColor"><ellipse cx="2.6" cy="7" rx="1.4" ry=".8"/><ellipse cx="3.8" cy="10" rx="1.4" ry=".8"/><ellipse cx="13.4" cy="7" rx="1.4" ry=".8"/><ellipse cx="12.2" cy="10" rx="1.4" ry=".8"/></g>',
  thief: '<path d="M1 6c2-2 12-2 14 0-1 3-3 4-5 3l-2-1-2 1c-2 1-4 0-5-3z" fill="currentColor"/><circle cx="5" cy="6.6" r="1" fill="#fff"/><circle cx="11" cy="6.6" r="1" fill="#fff"/>',
  robbers: '<path d="M10.5 1.5l4 4-1.2 1.2-1-1-5.8 5.8 1 1-1.2 1.2-4-4 1.2-1.2 1 1 5.8-5.8-1-1z" fill="currentColor"/><path d="M2 14l3-3" stroke="currentColor" stroke-width="2"/>',
  scientist: '<circle cx="6.5" cy="6.5" r="4.5" fill="none" stroke="currentColor" stroke-width="2"/><path d="M10 10l4.5 4.5" stroke="currentColor" stroke-width="2.4" stroke-linecap="round"/>',
  assistant: '<circle cx="6" cy="3.5" r="2.3" fill="currentColor"/><path d="M2.5 15V9a3.5 3.5 0 0 1 7 0v6z" fill="currentColor"/><path d="M10 8h4.5v6H10z" fill="currentColor" opacity=".7"/>',
  permit: '<path d="M3 2h9l1.5 1.5V14H3z" fill="currentColor"/><path d="M5 5.5h6M5 8h6M5 10.5h4" stroke="#fff" stroke-width="1"/>',
  exhibition: '<rect x="1.5" y="2.5" width="13" height="11" rx="1" fill="none" stroke="currentColor" stroke-width="1.8"/><path d="M4 11l3-4 2 2.5 1.5-1.5L12 11z" fill="currentColor"/>',
  museum: '<path d="M8 1L15 4.5H1z" fill="currentColor"/><path d="M2.5 5.5h2v6.5h-2zM7 5.5h2v6.5H7zM11.5 5.5h2v6.5h-2zM1 13h14v2H1z" fill="currentColor"/>',
  relic: '<path d="M5 1.5h6l-1 2c2.5 1.5 3.5 4 3 6.5-.5 3-2.5 4.5-5 4.5s-4.5-1.5-5-4.5C2.5 7.5 3.5 5 6 3.5z" fill="currentColor"/>',
  rubble: '<path d="M1 14l2.5-5 3 2 2-5 3.5 3.5L15 14z" fill="currentColor"/>',
  professor: '<path d="M8 2L1 5.5 8 9l7-3.5z" fill="currentColor"/><path d="M4 7.5v3.5c2 2 6 2 8 0V7.5L8 9.5z" fill="currentColor"/>',
  deck: '<rect x="3" y="1.5" width="10" height="13" rx="1.5" fill="currentColor"/><rect x="5" y="4" width="6" height="8" rx="1" fill="none" stroke="#fff" stroke-width="1"/>',
};
const TB_REGION_COLOURS = { mesopotamia: "#c0392b", egypt: "#b7860b", greece: "#2e86c1", crete: "#27ae60" };
const TB_SEAT_COLOURS = ["#6a1b9a", "#ef6c00", "#00838f", "#5d4037"];
const TB_FAMILY_ICON = {
  expertise: "book", general: "open", congress: "congress", action: null, exhibition: "exhibition", museum: "museum",
};

/** A small SVG picture with a tooltip. */
function tbIcon(name, size = 16, title = "") {
  return picture(TB_ICONS[name] || "", size, 16, `tb-svg tb-svg-${name}`, title || name);
}

function tbCardIcon(card) {
  if (card.family === "action") {
    if (card.key.endsWith("tomb robbers")) return "robbers";
    if (card.key.endsWith("thief")) return "thief";
    if (card.key === "general dig permit") return "permit";
    return card.key;
  }
  return TB_FAMILY_ICON[card.family] || "deck";
}

/** A card face: icon, name, weeks (clock) and points (laurel). */
function tbCardFace(card, extra) {
  const colour = card.region ? TB_REGION_COLOURS[card.region] : "#555";
  return [
    h("span", { class: "tb-cardtop" },
      h("span", { class: "tb-cardicon", style: `color:${colour}` }, tbIcon(tbCardIcon(card), 18, card.french)),
      card.family === "action" ? h("b", { class: "tb-mark", title: "action card (hidden in the hand)" }, "A") : null,
      card.family === "exhibition" || card.family === "museum"
        ? h("b", { class: "tb-mark", title: "presentation card" }, "P") : null,
      card.region ? h("span", { class: "tb-regionmark", style: `color:${colour}` }, tbIcon(card.region, 14, card.region)) : null),
    h("span", { class: "tb-cardname" }, card.name),
    h("span", { class: "tb-cardmeta" },
      h("span", { class: "tb-weeks", title: "weeks to take it" }, tbIcon("clock", 12), ` ${extra != null && extra.weeks != null ? extra.weeks : card.weeks}`),
      card.points ? h("span", { class: "tb-points", title: "victory points" }, tbIcon("laurel", 12), ` ${card.points}`) : null),
    card.family === "exhibition" ? null : h("span", { class: "tb-cardtext" }, card.text),
  ];
}

function tbTrack(board) {
  // Drawn in a 600-unit-wide picture that the page scales to its width (text stays >= 11 px).
  const t = board.track;
  const lo = Math.max(0, t.min - 2);
  const hi = Math.max(lo + 24, t.max + 3);
  const W = 600, step = (W - 30) / (hi - lo), y0 = 50;
  const tallest = Math.max(...t.stacks.map((st) => st.seats.length));
  const top = y0 - 16 - tallest * 17;
  let svg = `<svg class="tb-tracksvg" viewBox="0 ${top} ${W} ${y0 + 22 - top}" width="100%" role="img" aria-label="time track">`;
  svg += `<line x1="15" y1="${y0}" x2="${W - 15}" y2="${y0}" stroke="#2b2118" stroke-width="2"/>`;
  for (let w = lo; w <= hi; w++) {
    const x = 15 + (w - lo) * step;
    const major = w % 4 === 0;
    svg += `<line x1="${x}" y1="${y0}" x2="${x}" y2="${y0 + (major ? 7 : 4)}" stroke="#8a7a60"/>`;
    if (major) svg += `<text x="${x}" y="${y0 + 20}" font-size="13" text-anchor="middle" fill="#5a4a35">${w}</text>`;
  }
  let arrow = "";       // above the marker that plays next: the top of its stack, so nothing else is there
  for (const stack of t.stacks) {
    const x = 15 + (stack.week - lo) * step;
    stack.seats.forEach((s, i) => {
      const y = y0 - 10 - i * 17;
      const next = s === t.next;
      svg += `<g data-seat="${s}"><rect x="${x - 12}" y="${y - 8}" width="24" height="16" rx="3" fill="${TB_SEAT_COLOURS[s % 4]}"`
        + `${next ? ' stroke="#000" stroke-width="2.5"' : ' stroke="#fff"'}/>`
        + `<text x="${x}" y="${y + 5}" font-size="13" font-weight="700" text-anchor="middle" fill="#fff">${s}</text></g>`;
      if (next) arrow = `<path class="tb-next-arrow" d="M${x - 6} ${y - 19}h12l-6 8z" fill="#000"/>`;
    });
  }
  svg += arrow + "</svg>";
  const box = h("div", { class: "tb-track", "data-testid": "track" });
  box.innerHTML = svg;
  const legend = h("div", { class: "tb-legend" }, board.seats.map((s) => h("span", {
    class: `tb-legenditem${s.seat === t.next ? " tb-next" : ""}`, dataset: { seat: s.seat },
  }, h("span", { class: "tb-marker", style: `background:${TB_SEAT_COLOURS[s.seat % 4]}` }, String(s.seat)),
    ` ${s.name}: week ${s.week}`, s.seat === t.next ? h("b", {}, " (plays next)") : null)));
  return h("div", {}, box, legend);
}

function tbDigDialog(dig, ui) {
  // UI-only memory of the slider and the assistant box for this dig; the options, and the length
  // the slider starts on (the most expected points per week), come from Python.
  if (ui.selected == null || ui.selected.region !== dig.region) ui.selected = { region: dig.region, weeks: null, assistant: false };
  const sel = ui.selected;
  const withAssistant = Boolean(sel.assistant) && dig.knowledge_assistant != null;
  const options = dig.options.filter((o) => o.assistant === withAssistant);
  let chosen = options.find((o) => o.weeks === sel.weeks);
  if (chosen == null) {
    chosen = options.find((o) => o.default) || options[0];
    sel.weeks = chosen.weeks;
  }
  const knowledge = withAssistant ? dig.knowledge_assistant : dig.knowledge;
  const maxEv = Math.max(...options.map((o) => o.expected), 1);
  const bars = h("div", { class: "tb-bars", title: "expected points for each length of dig" },
    options.map((o) => h("button", {
      class: `tb-bar${o.weeks === chosen.weeks ? " tb-barsel" : ""}`,
      dataset: { weeks: o.weeks, ui: "" },
      onclick: () => { sel.weeks = o.weeks; ui.redraw(); },
      title: `${plural(o.weeks, "week")}: ${plural(o.cards, "card")}, ${o.expected} points expected`,
    },
      h("span", { class: "tb-barval" }, String(o.cards)),
      h("span", { class: "tb-barfill", style: `height:${Math.round(30 * o.expected / maxEv) + 2}px` }),
      h("span", { class: "tb-barlabel" }, String(o.weeks)))));
  const minW = options[0].weeks, maxW = options[options.length - 1].weeks;
  const slider = h("input", {
    class: "tb-weeks", type: "range", min: minW, max: maxW, step: 1, value: chosen.weeks,
    "aria-label": "weeks of digging", dataset: { ui: "" },
    oninput: (e) => { sel.weeks = Number(e.target.value); ui.redraw(); },
  });
  const assistant = dig.knowledge_assistant != null
    ? h("label", { class: "tb-assistantbox", dataset: { ui: "" } },
      h("input", {
        class: "tb-assistant", type: "checkbox", checked: withAssistant,
        onchange: (e) => { sel.assistant = e.target.checked; ui.redraw(); },
      }), " with the assistant (+1 knowledge; the card is used up)")
    : null;
  return h("div", { class: "tb-dialog", role: "dialog", "aria-label": `dig in ${dig.name}`, dataset: { region: dig.region } },
    h("div", { class: "tb-dialoghead", style: `color:${TB_REGION_COLOURS[dig.region]}` },
      tbIcon(dig.region, 18), h("b", {}, ` Dig in ${dig.name} (${dig.french}): how many weeks?`)),
    h("div", { class: "tb-knowledge" },
      `You gave up ${dig.permit_text}. Knowledge (points de Savoir): ${dig.expertise} expertise + `
      + `${dig.general_used} general${withAssistant ? " + 1 assistant" : ""} = ${knowledge}`
      + `${knowledge > 12 ? " (counts as 12)" : ""}. The pile holds ${plural(dig.pile, "card")}.`),
    assistant,
    h("div", { class: "tb-digrow" },
      h("div", { class: "tb-digcontrols" },
        h("div", { class: "tb-weeksrow" }, h("span", {}, `${minW}`), slider, h("span", {}, `${maxW} weeks`)),
        h("div", { class: "tb-outlook", "data-testid": "outlook" },
          h("b", {}, `${plural(chosen.weeks, "week")}: draw ${plural(chosen.cards, "card")}`),
          chosen.cards < chosen.table_cards ? ` (the table gives ${chosen.table_cards}; the pile holds only ${dig.pile})` : "",
          ` · expected ${chosen.expected} points · ${Math.round(chosen.p_nothing * 100)}% chance of rubble only`),
        h("button", {
          class: "tb-digconfirm tb-target", dataset: { action: JSON.stringify(chosen.action) },
        }, `Dig ${plural(chosen.weeks, "week")}`),
        h("span", { class: "tb-small" }, "  Starts on the most points per week. Undo gives the permit back.")),
      h("div", {},
        h("div", { class: "tb-barcaption" }, "cards drawn (top) and expected points (bars):"),
        bars)));
}

function tbReveal(last, ui) {
  const fresh = ui.seenDraw == null || last.id > ui.seenDraw;
  const found = last.cards.filter((v) => v > 0);
  return h("div", { class: `tb-reveal${fresh ? " tb-fresh" : ""}`, "data-testid": "reveal", dataset: { seat: last.seat } },
    h("span", { class: "tb-revealhead" }, `${last.name} drew from the ${last.region_name} pile:`),
    h("span", { class: "tb-revealcards" }, last.cards.map((v, i) => h("span", {
      class: `tb-flip ${v ? "tb-relic" : "tb-rubble"}`,
      style: `animation-delay:${fresh ? i * 0.35 : 0}s; --back:${TB_REGION_COLOURS[last.region]}`,
      title: v ? `relic worth ${v}` : "rubble (goes back to the pile)",
    }, tbIcon(v ? "relic" : "rubble", 14), v ? String(v) : ""))),
    h("span", { class: "tb-revealsum" }, `${found.reduce((a, b) => a + b, 0)} points`));
}

const GAME = {
  draw(area, board, ui) {
    const digsByRegion = Object.fromEntries(board.digs.map((d) => [d.region, d]));
    if (board.dig == null) ui.selected = null;

    // -- a decision under way comes first: the dig dialog, the draw, tomb robbers, a museum -----------
    const now = [];
    if (board.dig != null) now.push(tbDigDialog(board.dig, ui));
    if (board.draw != null) {
      now.push(h("button", { class: "tb-draw tb-target", dataset: { action: JSON.stringify(board.draw.action) } },
        tbIcon(board.draw.region, 16), ` Shuffle the ${board.draw.name} pile and draw ${plural(board.draw.cards, "card")}`));
    }
    if (board.robbers != null) {
      now.push(h("div", { class: "tb-robbers" },
        h("span", {}, `The ${board.robbers.name} pile: `),
        board.robbers.pile.map((v) => h("span", { class: `tb-chip ${v ? "tb-relic" : "tb-rubble"}` }, v ? String(v) : "R")),
        h("span", {}, " · take: "),
        board.robbers.options.map((o) => h("button", {
          class: "tb-pick tb-target", dataset: { value: o.value, action: JSON.stringify(o.action) },
        }, `relic ${o.value}`))));
    }
    if (board.museum != null) {
      now.push(h("div", { class: "tb-museum" },
        h("span", {}, `Give ${board.museum.left} more to ${board.museum.key}: `),
        board.museum.options.map((o) => h("button", {
          class: "tb-give tb-target", dataset: { action: JSON.stringify(o.action) },
        }, tbIcon(o.region, 12), ` ${o.name} ${o.value}`))));
    }

    // -- the time track (échelle chronologique) ------------------------------------------------
    const track = h("section", { class: "tb-tracksec" },
      h("h4", {}, "Time track (échelle chronologique): the marker furthest behind plays; on a shared week, the one on top"),
      tbTrack(board));

    // -- storage spaces, displays, deck --------------------------------------------------------------
    const card = (c, t, extra, data) => h("div", {
      class: `tb-card tb-fam-${c.family}${t != null && t.action != null ? " tb-target" : ""}`,
      dataset: { key: c.key, family: c.family, ...target(t), ...(data || {}) },
      title: `${c.name} (${c.french}): ${c.text}`,
    }, tbCardFace(c, extra));
    const storage = h("section", { class: "tb-storage" },
      h("h4", {}, "Storage spaces (cases de stockage)",
        h("span", { class: "tb-deck", title: "the deck (pioche): its top card always has a green back" },
          tbIcon("deck", 14), ` deck: ${board.deck.size} cards`)),
      h("div", { class: "tb-cards" }, board.storage.map((x) => (x.card != null
        ? card(x.card, x, null, { space: x.space })
        : h("div", { class: "tb-card tb-emptyspace", dataset: { space: x.space } }, "(empty)")))));
    const presentation = (c) => {
      const tiers = c.tiers != null ? h("ol", { class: "tb-tiers" }, c.tiers.map((t, i) => h("li", {},
        tbIcon(t.region, 11), ` ${i ? "+" : ""}${t.need} ${t.name}: ${t.weeks} wk`))) : null;
      const extra = c.family === "exhibition" && c.weeks_now != null ? { weeks: c.weeks_now } : null;
      const el = card(c, c, extra);
      if (tiers) el.append(tiers);
      return el;
    };
    const shows = [...board.exhibitions, ...board.museums];
    const displays = h("section", { class: "tb-displays" },
      h("h4", {}, "Exhibitions (expositions) and museums (musées)"),
      h("div", { class: "tb-cards" }, shows.length ? shows.map(presentation) : h("span", { class: "tb-none" }, "none revealed yet")));

    // -- excavation piles (paquets de fouilles) -----------------------------------------------------
    const piles = h("section", { class: "tb-piles" },
      h("h4", {}, "Excavation piles (paquets de fouilles), face down"),
      h("div", { class: "tb-pilerow" }, board.piles.map((x) => {
        const dig = digsByRegion[x.region];
        const open = board.dig != null && board.dig.region === x.region;
        const n = Math.min(x.size, 5);
        const stack = h("div", { class: "tb-stack", style: `--back:${TB_REGION_COLOURS[x.region]}` },
          Array.from({ length: n }, (_, i) => h("span", { class: "tb-back", style: `left:${i * 3}px;top:${-i * 2}px` },
            i === n - 1 ? tbIcon(x.region, 16) : null)),
          x.size ? null : h("span", { class: "tb-back tb-emptypile" }, "empty"));
        const known = x.known.length
          ? h("div", { class: "tb-known" }, x.known_all ? "You know it all: " : "You know: ",
            x.known.map((v) => h("span", { class: `tb-chip ${v ? "tb-relic" : "tb-rubble"}` }, v ? String(v) : "R")))
          : null;
        return h("div", { class: `tb-pile${open ? " tb-open" : ""}`, dataset: { region: x.region, ...target(x) } },
          stack,
          h("div", { class: "tb-pileinfo" },
            h("b", { style: `color:${TB_REGION_COLOURS[x.region]}` }, x.name), h("span", { class: "tb-small" }, ` (${x.french})`),
            h("div", {}, `${plural(x.size, "card")} · ${x.deck_relics} in the deck`),
            known,
            dig != null ? h("button", {
              class: "tb-digopen tb-target", dataset: { region: x.region, action: JSON.stringify(dig.action) },
              title: `give up ${dig.permit === "region" ? `your ${dig.name} permit` : dig.permit === "general"
                ? "a general permit" : "a general dig permit card"} and choose the weeks`,
            }, tbIcon("clock", 12), ` Dig here (${dig.knowledge} knowledge)`) : null));
      })));

    // The latest draw is turned over at the top (where the eye is after a dig), the two before it
    // stay beside the piles.
    const latest = board.draws[board.draws.length - 1];
    if (latest != null) now.push(h("section", { class: "tb-draws" }, tbReveal(latest, ui)));
    const reveal = board.draws.length > 1
      ? h("section", { class: "tb-draws" }, board.draws.slice(0, -1).map((d) => tbReveal(d, ui))) : null;
    if (latest != null) ui.seenDraw = latest.id;

    // -- your hidden hand ---------------------------------------------------------------------------
    const you = board.seats.find((x) => x.you);
    const hand = you != null ? h("section", { class: "tb-hand" },
      h("h4", {}, "Your hand (hidden from the others)"),
      h("div", { class: "tb-cards" },
        board.hand.length ? board.hand.map((c) => {
          const el = h("div", {
            class: `tb-card tb-fam-action${c.plays.length ? " tb-playable" : ""}`,
            dataset: { key: c.key, ...(c.plays.length ? {} : target(c)) }, title: `${c.name} (${c.french}): ${c.text}`,
          }, tbCardFace(c, { weeks: c.play_weeks }), c.count > 1 ? h("b", { class: "tb-count" }, `×${c.count}`) : null);
          if (c.plays.length) {
            el.append(h("div", { class: "tb-plays" }, c.plays.map((x) => h("button", {
              class: "tb-play tb-target", dataset: { action: JSON.stringify(x.action) }, title: `play it: ${c.text}`,
            }, x.region ? tbIcon(x.region, 12) : null, ` ${x.label}`))));
          }
          return el;
        }) : h("span", { class: "tb-none" }, "no action card")),
      h("div", { class: "tb-small" }, "Permits (cartes Fouilles): "
        + (Object.entries(you.permits).filter(([, n]) => n > 0).map(([r, n]) => `${n} ${r}`).join(", ") || "none"))) : null;

    // -- every seat's tableau ------------------------------------------------------------------------
    const seats = h("section", { class: "tb-seats" }, board.seats.map((x) => h("div", {
      class: `tb-seat${x.current ? " tb-current" : ""}${x.you ? " tb-you" : ""}`, dataset: { seat: x.seat },
    },
      h("div", { class: "tb-seathead" },
        h("span", { class: "tb-marker", style: `background:${TB_SEAT_COLOURS[x.seat % 4]}` }, String(x.seat)),
        h("b", {}, x.name), h("span", { class: "tb-small" }, ` week ${x.week}`),
        h("span", { class: "tb-expertise" }, Object.entries(x.expertise).map(([r, n]) => h("span", {
          class: "tb-exp", style: `color:${TB_REGION_COLOURS[r]}`, title: `${r} expertise`,
        }, tbIcon(r, 12), `${n}`)),
          h("span", { class: "tb-exp", title: "general knowledge (savoir général)" }, tbIcon("open", 12), `${x.general}`),
          h("span", { class: "tb-exp", title: "congresses" }, tbIcon("congress", 12), `${x.congress}`)),
        h("span", { class: "tb-score" }, plural(x.score, "point"))),
      h("div", { class: "tb-relics" }, Object.entries(x.relics).flatMap(([r, vs]) => vs.map((v) => h("span", {
        class: "tb-chip tb-relic", style: `border-color:${TB_REGION_COLOURS[r]}`, title: `${r} relic ${v}`,
      }, String(v)))), x.relic_points ? h("span", { class: "tb-small" }, ` = ${x.relic_points}`) : null,
      x.professors.length || x.presentations.length
        ? h("span", { class: "tb-small" }, ` · ${[...x.professors, ...x.presentations].join(", ")}`) : null,
      h("span", { class: "tb-small" }, ` · hand ${x.hand_count} · permits `
        + (Object.entries(x.permits).filter(([, n]) => n > 0).map(([r, n]) => `${n} ${r}`).join(", ") || "none"))))));

    if (now.length) {
      const deciding = board.dig != null || board.draw != null || board.robbers != null || board.museum != null;
      area.append(h("section", { class: "tb-now", "data-testid": "decision", dataset: { focus: deciding ? "" : null } }, now));
    }
    area.append(track,
      h("div", { class: "tb-main" },
        h("div", { class: "tb-col" }, storage, displays),
        h("div", { class: "tb-col" }, piles, reveal, hand)),
      seats);
  },
};
