// The explorer's front end: one module, two roles. In the page it draws the position and the
// variants' answers; started as a Web Worker (the same file) it runs the reference, the
// package zwicker_ref under Pyodide, so a long listing never freezes the page. Every answer
// comes from zwicker_ref/site/explorer_answers.py; nothing here knows a rule.

const IN_WORKER = typeof window === "undefined";

if (IN_WORKER) {
  let api = null;
  self.onmessage = async (event) => {
    const { id, op, request } = event.data;
    try {
      if (op === "load") {
        const times = { start: performance.now() };
        const base = new URL(".", self.location.href).href;
        const bundle = fetch(base + "zwicker.zip").then((r) => r.arrayBuffer());
        const { loadPyodide } = await import(base + "pyodide/pyodide.mjs");
        const py = await loadPyodide({ indexURL: base + "pyodide/" });
        times.runtime = performance.now();
        py.unpackArchive(await bundle, "zip", { extractDir: "/home/pyodide/zw" });
        times.unpacked = performance.now();
        api = py.runPython(
          // zwicker_ref.site's __init__ imports every page generator (and the corpus runner);
          // the explorer needs only its own module and the two it reads, so the package is
          // entered without running that __init__.
          "import os, sys, types\n" +
            "sys.path.insert(0, '/home/pyodide/zw')\n" +
            "os.environ['ZWICKER_CORPUS'] = '/home/pyodide/zw/corpus'\n" +
            "site = types.ModuleType('zwicker_ref.site')\n" +
            "site.__path__ = ['/home/pyodide/zw/zwicker_ref/site']\n" +
            "sys.modules['zwicker_ref.site'] = site\n" +
            "from zwicker_ref.site import explorer_answers\n" +
            "with open('/home/pyodide/zw/corpus/spec-documents.json', encoding='utf-8') as f:\n" +
            "    explorer_answers.preload_specs(f.read())\n" +
            "explorer_answers",
        );
        times.imported = performance.now();
        self.postMessage({ id, ok: true, result: times });
        return;
      }
      const answer = JSON.parse(api[op](JSON.stringify(request)));
      self.postMessage({ id, ok: true, result: answer });
    } catch (error) {
      self.postMessage({ id, ok: false, error: String((error && error.message) || error) });
    }
  };
} else {
  startPage();
}

// The page's words: explorer/words.json (made at build time from zwicker_ref/site/labels.py and
// the errors pages) holds a table per language; the page picks its own by its lang attribute.
async function startPage() {
  const app = document.getElementById("zx-app");
  const status = document.getElementById("zx-status");
  const LANGUAGE = document.documentElement.lang || "en";
  let WORDS = { labels: {}, errors: {} };
  try {
    const all = await fetch(new URL("words.json", import.meta.url)).then((r) => r.json());
    WORDS = all[LANGUAGE] || all.en;
  } catch (error) {
    status.textContent = String(error);
  }
  // t("zx.next", { seat: 1, side: 1 }): the words of a key with its values filled in.
  const t = (key, values = {}) => (WORDS.labels[key] ?? key).replace(/\{(\w+)\}/g, (_, name) => String(values[name]));
  // counted("zx.cards", 2): a count with its noun in the right number (key.one, key.other).
  const counted = (key, count) => t(key + (count === 1 ? ".one" : ".other"), { count });
  const KINDS = ["trail", "capture", "build"].map((kind) => [kind, t("zx.kind." + kind)]);
  const SUITS = { C: ["♣", "black"], D: ["♦", "red"], H: ["♥", "red"], S: ["♠", "black"] };
  const PAGE = 100;
  const state = {
    variants: [], examples: {}, errors: {}, position: null, info: null, columns: [],
    extra: [], move: "", differences: false, history: [], example: null,
  };

  const say = (text, error = false) => {
    status.textContent = text;
    status.classList.toggle("zx-error", error);
  };
  if (typeof WebAssembly !== "object") {
    say(t("zx.no_wasm"), true);
    return;
  }

  // An error of any later action (a click, a key) is shown, never swallowed.
  window.addEventListener("unhandledrejection", (event) => {
    say(t("zx.stopped", { error: (event.reason && event.reason.message) || event.reason }), true);
  });

  // The worker: requests by id, answers as promises.
  const worker = new Worker(import.meta.url, { type: "module" });
  const waiting = new Map();
  let nextId = 0;
  worker.onmessage = (event) => {
    const { id, ok, result, error } = event.data;
    const promise = waiting.get(id);
    waiting.delete(id);
    if (ok) promise.resolve(result);
    else promise.reject(new Error(error));
  };
  worker.onerror = (event) => say(t("zx.no_start", { error: event.message }), true);
  const ask = (op, request = {}) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, op, request });
    });

  // Small helpers for the DOM.
  const el = (tag, attrs = {}, ...children) => {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs)) {
      if (key === "class") node.className = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else if (value !== false && value != null) node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children.flat()) {
      if (child != null) node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  };
  const card = (text) => {
    const found = /^(?:JK(\w+)|(10|[2-9AJQK])([CDHS]))(?:#(\d+))?$/.exec(text);
    const copy = found && found[4] ? el("sup", {}, found[4]) : null;
    if (!found) return el("span", { class: "zc" }, text);
    if (found[1]) return el("span", { class: "zc zc-joker", title: text }, "★" + found[1], copy);
    const [symbol, colour] = SUITS[found[3]];
    return el("span", { class: "zc zc-" + colour, title: text }, found[2] + symbol, copy);
  };
  const cards = (list) => (list.length ? list.map(card) : ["—"]);
  const moveNode = (text) =>
    el("span", { class: "zc-move" },
      text.split(/([\s,>+=@x]+)/).map((word) => (/^(JK\w+|10|[2-9AJQK])[CDHS]?(#\d+)?$/.test(word) && word.length > 1 ? card(word) : word)));
  const tableItem = (item) =>
    typeof item === "string"
      ? card(item)
      : el("span", { class: "zc-build" }, cards(item.build), " ", el("b", {}, "= " + item.value),
          item.owner == null ? null : el("small", {}, " " + t("ex.seat", { seat: item.owner })));
  const columnName = ([variant, options]) => variant + (options.length ? " + " + options.join(" + ") : "");
  // A problem: its code and the reference's message; on a page in another language than the
  // reference's (English), the code's meaning in the page's language first, the message marked.
  const problemsNode = (problems) =>
    el("ul", { class: "zx-problems" }, problems.map((p) => el("li", {}, el("code", {}, p.code), " ", messageNodes(p.code, p.message))));
  const messageNodes = (code, message) => {
    const meaning = WORDS.errors[code];
    if (!meaning) return [message];
    return [meaning, " ", el("small", { class: "zx-reference" }, t("zx.reference_says"), el("span", { lang: "en" }, message))];
  };

  // The state lives in the URL: the position (or the example), the extra columns, the move.
  const encode = (data) => btoa(unescape(encodeURIComponent(JSON.stringify(data)))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  const decode = (text) => JSON.parse(decodeURIComponent(escape(atob(text.replace(/-/g, "+").replace(/_/g, "/")))));
  const writeUrl = () => {
    const params = new URLSearchParams();
    if (state.example && state.history.length === 0) params.set("example", state.example);
    else if (state.position) params.set("position", encode(state.position));
    if (state.extra.length) params.set("options", state.extra.map(([v, o]) => v + ":" + o.join("+")).join(","));
    if (state.move) params.set("move", state.move);
    if (state.differences) params.set("differences", "1");
    history.replaceState(null, "", "?" + params.toString());
  };

  // The page's parts.
  const main = el("div", { class: "zx-main" });
  const openPart = el("section", { class: "zx-open", "aria-label": t("zx.open_part") });
  const positionPart = el("section", { class: "zx-position", "aria-label": t("zx.position_part") });
  const askPart = el("section", { class: "zx-ask", "aria-label": t("zx.ask_part") });
  const columnsPart = el("section", { class: "zx-columns", "aria-label": t("zx.columns_part") });
  main.append(openPart, positionPart, askPart, columnsPart);
  app.append(main);

  function buildOpenPart() {
    const exampleInput = el("input", { id: "zx-example", list: "zx-example-ids", placeholder: t("zx.example_placeholder"), size: 28 });
    const ids = el("datalist", { id: "zx-example-ids" }, Object.keys(state.examples).map((id) => el("option", { value: id })));
    const pasted = el("textarea", { id: "zx-paste", rows: 8, placeholder: "format: 1\nvariant: classic\n...", "aria-label": t("zx.paste_label") });
    openPart.replaceChildren(
      el("h2", {}, t("zx.open_part")),
      el("form", { class: "zx-row", onsubmit: (e) => { e.preventDefault(); openExample(exampleInput.value.trim()); } },
        el("label", { for: "zx-example" }, t("zx.corpus_example")), exampleInput, ids, el("button", { type: "submit" }, t("zx.open"))),
      el("details", {}, el("summary", {}, t("zx.paste")),
        el("form", { onsubmit: (e) => { e.preventDefault(); openText(pasted.value); } }, pasted, el("div", {}, el("button", { type: "submit" }, t("zx.read"))))),
      el("details", { id: "zx-builder-fold" }, el("summary", {}, t("zx.build")), builder.node),
    );
  }

  // The builder: pick variant and players, then click cards into a hand, the table or a build.
  const builder = (() => {
    const node = el("div", { class: "zx-builder" });
    const b = { variant: null, players: null, deck: [], hands: [], table: [], target: "hand:0", value: 10, owner: 0, toMove: 0 };
    const place = (text) => {
      const where = b.hands.findIndex((hand) => hand.includes(text));
      if (where >= 0) { b.hands[where] = b.hands[where].filter((c) => c !== text); return true; }
      const loose = b.table.indexOf(text);
      if (loose >= 0) { b.table.splice(loose, 1); return true; }
      for (const item of b.table) {
        if (typeof item !== "string" && item.build.includes(text)) { item.build = item.build.filter((c) => c !== text); b.table = b.table.filter((i) => typeof i === "string" || i.build.length); return true; }
      }
      return false;
    };
    const click = (text) => {
      if (place(text)) return draw();
      const [kind, index] = b.target.split(":");
      if (kind === "hand") b.hands[Number(index)].push(text);
      else if (kind === "table") b.table.push(text);
      else {
        let build = b.table.find((i) => typeof i !== "string" && i.open);
        if (!build) { build = { build: [], value: b.value, owner: b.owner, open: true }; b.table.push(build); }
        build.build.push(text);
      }
      draw();
    };
    const setUp = async (variant, players) => {
      const answer = await ask("deck", { variant, players });
      if (!answer.ok) { say(answer.problems.map((p) => p.message).join("; "), true); return; }
      Object.assign(b, { variant, players, deck: answer.cards, hands: Array.from({ length: players }, () => []), table: [], toMove: 0 });
      draw();
    };
    const data = () => ({
      format: 1, variant: b.variant, options: [], players: b.players, dealer: (b.toMove + b.players - 1) % b.players,
      to_move: b.toMove, stage: 1, hands: b.hands, stock: [],
      table: b.table.map((i) => (typeof i === "string" ? i : { build: i.build, value: i.value, owner: i.owner })),
    });
    const draw = () => {
      const variantSelect = el("select", { id: "zx-b-variant", onchange: (e) => setUp(e.target.value, Number(playersSelect.value)) },
        state.variants.map((v) => el("option", { value: v.id, selected: v.id === b.variant }, v.id)));
      const counts = (state.variants.find((v) => v.id === b.variant) || state.variants[0]).players;
      const playersSelect = el("select", { id: "zx-b-players", onchange: (e) => setUp(b.variant, Number(e.target.value)) },
        counts.map((n) => el("option", { value: n, selected: n === b.players }, n)));
      const targets = [...b.hands.map((_, seat) => ["hand:" + seat, t("zx.target_hand", { seat })]), ["table:0", t("zx.target_table")], ["build:0", t("zx.target_build")]];
      const targetSelect = el("select", { id: "zx-b-target", onchange: (e) => { b.target = e.target.value; b.table.forEach((i) => { if (typeof i !== "string") i.open = false; }); draw(); } },
        targets.map(([value, label]) => el("option", { value, selected: value === b.target }, label)));
      const number = (label, key, min) => el("label", {}, label + " ", el("input", { type: "number", min, value: b[key], style: "width:4em", onchange: (e) => { b[key] = Number(e.target.value); const open = b.table.find((i) => typeof i !== "string" && i.open); if (open && key !== "toMove") open[key] = b[key]; } }));
      const used = new Set([...b.hands.flat(), ...b.table.flatMap((i) => (typeof i === "string" ? [i] : i.build))]);
      node.replaceChildren(el("div", {},
        el("div", { class: "zx-row" }, el("label", { for: "zx-b-variant" }, t("zx.pack_of")), variantSelect, " ", el("label", { for: "zx-b-players" }, t("zx.players")), playersSelect,
          " ", el("label", { for: "zx-b-target" }, t("zx.cards_go_to")), targetSelect),
        b.target.startsWith("build") ? el("div", { class: "zx-row" }, number(t("zx.build_value"), "value", 1), " ", number(t("zx.owner_seat"), "owner", 0)) : null,
        el("div", { class: "zx-row" }, number(t("zx.seat_to_move"), "toMove", 0)),
        el("div", { class: "zx-deck", role: "group", "aria-label": t("zx.pack_label") },
          b.deck.map((text) => el("button", { type: "button", class: "zx-card" + (used.has(text) ? " zx-used" : ""), "aria-pressed": used.has(text) ? "true" : "false", onclick: () => click(text) }, card(text)))),
        el("div", {}, b.hands.map((hand, seat) => el("div", {}, t("pos.seat", { seat }) + ": ", cards(hand))), el("div", {}, t("zx.table") + ": ", b.table.length ? b.table.map(tableItem) : "—")),
        el("button", { type: "button", onclick: () => openData(data(), null) }, t("zx.explore")),
      ));
    };
    return { node, setUp };
  })();

  function drawPosition() {
    const p = state.position;
    const info = state.info;
    const side = (seat) => (info.sides === p.players ? seat : seat % 2);
    positionPart.replaceChildren(
      el("h2", {}, t("zx.position_part")),
      el("p", { class: "zx-facts" }, t("zx.facts", {
        variant: p.variant + (p.options.length ? " + " + p.options.join(" + ") : ""), players: p.players, dealer: p.dealer, stage: p.stage, stock: counted("zx.stock", p.stock.length),
      }),
        state.history.length ? el("button", { type: "button", id: "zx-back", class: "zx-inline", onclick: stepBack }, t("zx.back")) : null),
      el("div", { class: "zc-position" },
        p.hands.map((hand, seat) => el("div", {}, t("pos.seat", { seat }), seat === p.to_move && !info.over ? el("small", { class: "zx-to-move" }, " " + t("pos.to_move")) : null, ": ", cards(hand))),
        el("div", {}, t("zx.table") + ": ", p.table.length ? p.table.map(tableItem) : "—"),
        el("div", { class: "zx-captured" }, p.captured.map((pile, s) => el("div", {}, t("zx.captured", { side: s, cards: counted("zx.cards", pile.length), zwicks: counted("zx.zwicks", p.zwicks[s] || 0) }),
          pile.length ? el("span", { class: "zx-pile" }, ": ", cards(pile)) : null))),
      ),
      info.over
        ? el("div", { class: "zx-score" }, el("p", {}, el("b", {}, t("zx.over")), t("zx.points_by_side", { points: info.points.join(", ") })), scoreTable(info.score))
        : el("p", { id: "zx-next" }, t("zx.next", { seat: p.to_move, side: side(p.to_move) })),
    );
  }

  // The score of a finished hand by side, row by row; the score lines keep the spec's names.
  function scoreTable(score) {
    const row = (head, values) => el("tr", {}, el("th", {}, head), values.map((value) => el("td", {}, String(value))));
    return el("div", {},
      el("div", { class: "zx-score-table" }, el("table", { class: "zc-score" },
        el("tr", {}, el("th", {}), score.points.map((_, s) => el("th", {}, t("ex.side", { side: s })))),
        row(t("ex.captured"), score.cards),
        score.lines.map(([name, points]) => row(el("span", { lang: "en" }, name), points)),
        row(t("ex.most_cards"), score.most_cards),
        row(t("ex.zwicks_made"), score.zwicks),
        row(t("ex.zwick_points"), score.zwick_points),
        row(el("b", {}, t("ex.total")), score.points))),
      el("p", {}, t(score.check_holds ? "ex.check_holds" : "ex.check_fails")));
  }

  function drawAsk(verdicts) {
    const input = el("input", { id: "zx-move", value: state.move, placeholder: t("zx.move_placeholder"), size: 24, "aria-label": t("zx.move_label") });
    const form = el("form", { class: "zx-row", onsubmit: (e) => { e.preventDefault(); askMove(input.value.trim()); } },
      el("label", { for: "zx-move" }, t("zx.is_legal")), input, el("button", { type: "submit" }, t("zx.ask")),
      el("a", { href: "../reference/notation/", class: "zx-inline" }, t("zx.notation")));
    const parts = [el("h2", {}, t("zx.ask_part")), form];
    if (verdicts) {
      if (!verdicts.ok) parts.push(problemsNode(verdicts.problems));
      else parts.push(el("ul", { class: "zx-verdicts", id: "zx-verdicts" }, verdicts.verdicts.map((v, i) => {
        const name = columnName(state.columns[i]);
        if (!v.admitted) return el("li", { class: "zx-out" }, el("b", {}, name), t("zx.cannot_hold"));
        if (v.legal) return el("li", { class: "zx-legal", "data-column": i }, el("b", {}, name), t("zx.legal", { words: v.words }), " ", el("button", { type: "button", onclick: () => playMove(i, verdicts.move) }, t("zx.play_here")));
        const href = (state.errors[state.columns[i][0]] || {})[v.code];
        return el("li", { class: "zx-illegal", "data-column": i, "data-code": v.code }, el("b", {}, name), t("zx.illegal"), el("code", {}, v.code), " ", messageNodes(v.code, v.message.split(" [")[0]),
          href ? el("a", { href, class: "zx-inline" }, t("zx.the_clause")) : el("a", { href: "../reference/errors/", class: "zx-inline" }, t("zx.error_codes")));
      })));
    }
    askPart.replaceChildren(...parts);
  }

  // Each column's first page of moves, asked for once the counts are shown.
  let listing = [];

  function drawColumns(opened) {
    listing = [];
    const optionBoxes = state.variants.flatMap((v) => v.options.map((o) => {
      const on = state.extra.some(([ev, eo]) => ev === v.id && eo[0] === o);
      return el("label", { class: "zx-option" }, el("input", { type: "checkbox", checked: on, onchange: (e) => toggleOption(v.id, o, e.target.checked) }), ` ${v.id}: ${o}`);
    }));
    const grid = el("div", { class: "zx-grid" }, opened.columns.map((answer, i) => {
      const column = el("div", { class: "zx-column", "data-column": i, "data-variant": state.columns[i][0] }, el("h3", {}, columnName(state.columns[i])));
      if (!answer.admitted) {
        column.classList.add("zx-out");
        column.append(el("p", {}, t("zx.not_this")), problemsNode(answer.problems));
        return column;
      }
      column.append(el("p", { class: "zx-count" }, el("b", { class: "zx-count-number" }, String(answer.count)), counted("zx.legal_moves", answer.count)));
      const list = el("div", { class: "zx-moves" }, el("p", { class: "zx-facts" }, t("zx.listing")));
      column.append(list);
      listing.push(loadMoves(i, list, 0));
      return column;
    }));
    columnsPart.replaceChildren(
      el("h2", {}, t("zx.every_variant")),
      el("div", { class: "zx-row" },
        el("label", {}, el("input", { type: "checkbox", id: "zx-differences", checked: state.differences, onchange: (e) => { state.differences = e.target.checked; writeUrl(); refresh(); } }), t("zx.differences"))),
      el("details", {}, el("summary", {}, t("zx.options")), el("div", { class: "zx-options" }, optionBoxes)),
      grid,
    );
  }

  async function loadMoves(i, list, offset) {
    const answer = await ask("list_moves", { position: state.position, columns: state.columns, column: i, offset, limit: PAGE, differences: state.differences, language: LANGUAGE });
    if (offset === 0) list.replaceChildren();
    else list.querySelector(".zx-more")?.remove();
    if (!answer.ok) { list.append(problemsNode(answer.problems)); return; }
    const admitted = state.opened.columns.filter((c) => c.admitted).length;
    for (const [kind, label] of KINDS) {
      const moves = answer.moves.filter((m) => m.kind === kind);
      if (!moves.length) continue;
      let group = list.querySelector(`ul[data-kind=${kind}]`);
      if (!group) { list.append(el("h4", {}, label)); group = el("ul", { "data-kind": kind }); list.append(group); }
      for (const m of moves) {
        const differs = m.legal_in.length < admitted;
        const elsewhere = m.legal_in.map((c) => columnName(state.columns[c])).join(", ");
        group.append(el("li", { class: differs ? "zx-differs" : "", title: t("zx.legal_in", { columns: elsewhere }) },
          el("button", { type: "button", class: "zx-movebtn", onclick: () => askMove(m.move), "aria-label": t("zx.ask_about", { move: m.move }) }, moveNode(m.move)),
          differs ? el("span", { class: "zx-mark", title: t("zx.legal_only_in", { columns: elsewhere }) }, " ≠") : null,
          el("button", { type: "button", class: "zx-play", onclick: () => playMove(i, m.move), "aria-label": t("zx.play_in", { move: m.move, column: columnName(state.columns[i]) }) }, "▶"),
          el("div", { class: "zx-words" }, m.words)));
      }
    }
    if (answer.total === 0) list.append(el("p", { class: "zx-facts" }, t(state.differences ? "zx.none_refused" : "zx.no_move")));
    const shown = offset + answer.moves.length;
    if (shown < answer.total) list.append(el("button", { type: "button", class: "zx-more", onclick: () => loadMoves(i, list, shown) }, t("zx.more", { shown, total: answer.total })));
  }

  async function refresh() {
    say(t("zx.asking"));
    const opened = await ask("open_position", { position: state.position, columns: state.columns });
    if (!opened.ok) { say(t("zx.unreadable_position"), true); status.append(problemsNode(opened.problems)); return; }
    state.opened = opened;
    state.info = opened.state;
    drawPosition();
    drawColumns(opened);
    say(t("zx.counted"));
    if (state.move) await askMove(state.move, false); else drawAsk(null);
    await Promise.all(listing);
    say(t("zx.ready", { held: opened.columns.filter((c) => c.admitted).length, total: opened.columns.length }));
    document.documentElement.dataset.explorerReady = String(Number(document.documentElement.dataset.explorerReady || 0) + 1);
    if (window.zxTimings && !window.zxTimings.ready) window.zxTimings.ready = performance.now();
  }

  const columnsFor = (position) => [
    ...state.variants.map((v) => [v.id, v.id === position.variant ? [...position.options].sort() : []]),
    ...state.extra,
  ];

  async function openData(position, example, keepHistory = false) {
    if (!keepHistory) state.history = [];
    state.example = example;
    state.position = position;
    state.columns = columnsFor(position);
    writeUrl();
    await refresh();
  }

  async function openText(text) {
    const answer = await ask("open_position", { text, columns: [] });
    if (!answer.ok) { say(t("zx.unreadable_file"), true); status.append(problemsNode(answer.problems)); return; }
    state.move = "";
    await openData(answer.position, null);
  }

  async function openExample(id) {
    const entry = state.examples[id];
    if (!entry) { say(t("zx.no_example", { id }), true); return; }
    state.move = entry.move || "";
    await openData(entry.position, id);
  }

  async function askMove(text, write = true) {
    state.move = text;
    if (write) writeUrl();
    if (!text) return drawAsk(null);
    drawAsk(await ask("ask_move", { position: state.position, columns: state.columns, move: text, language: LANGUAGE }));
  }

  async function playMove(i, text) {
    const answer = await ask("play_move", { position: state.position, columns: state.columns, column: i, move: text });
    if (!answer.ok) { say(t("zx.unplayable"), true); status.append(problemsNode(answer.problems)); return; }
    state.history.push({ position: state.position, move: state.move, example: state.example });
    state.move = "";
    state.position = answer.position;
    state.columns = columnsFor(answer.position);
    writeUrl();
    await refresh();
  }

  async function stepBack() {
    const last = state.history.pop();
    if (!last) return;
    Object.assign(state, last);
    state.columns = columnsFor(state.position);
    writeUrl();
    await refresh();
  }

  function toggleOption(variant, option, on) {
    state.extra = state.extra.filter(([v, o]) => !(v === variant && o[0] === option));
    if (on) state.extra.push([variant, [option]]);
    state.columns = columnsFor(state.position);
    writeUrl();
    refresh();
  }

  // For the benchmark and the browser test: open an example, resolved when its moves show.
  window.zxOpenExample = openExample;

  // Start: Python and the examples, then whatever the address asks for.
  (async () => {
    try {
      say(t("zx.loading"));
      const examples = fetch("examples.json").then((r) => r.json());
      window.zxTimings = { load: await ask("load") };
      const asked = performance.now();
      const listed = await ask("variants");
      window.zxTimings.variants = performance.now() - asked;
      state.variants = listed.variants;
      const data = await examples;
      state.examples = data.examples;
      state.errors = data.errors;
      buildOpenPart();
      const params = new URLSearchParams(location.search);
      state.extra = (params.get("options") || "").split(",").filter(Boolean).map((part) => { const [v, o] = part.split(":"); return [v, o.split("+")]; });
      state.differences = params.get("differences") === "1";
      const move = params.get("move") || "";
      if (params.get("position")) { state.move = move; await openData(decode(params.get("position")), null); }
      else if (params.get("variant")) {
        document.getElementById("zx-builder-fold").open = true;
        await builder.setUp(params.get("variant"), Number(params.get("players")) || 4);
        say(t("zx.builder_hint"));
      } else {
        await openExample(params.get("example") || Object.keys(state.examples)[0]);
        if (move) await askMove(move);
      }
      if (!params.get("variant")) await builder.setUp(state.position.variant, state.position.players);
    } catch (error) {
      say(t("zx.stopped", { error: error.message }), true);
    }
  })();
}
