/* The board builder's state, as data: a board and its actions to and from the rulings/ scenario
   format (rulings/README.md), and the whole question to and from the page's URL.

   Why the URL holds the scenario itself (base64url of {s: scenario, v: version or "all", a:
   answers}): the question a judge pastes in a chat is then the very file the engine replays, and
   reading a URL, a pasted YAML (via POST /api/play/scenario) and a bundled ruling is one loader.
   What the builder does not edit (a card's id, owner, enhancements; the turn's step; a player's
   token creature...) is kept as it came, so a loaded scenario replays unchanged. Plain functions,
   no DOM: builder.js (the Alpine component) calls them. */
(function () {
  "use strict";

  const PLAYERS = ["player1", "player2"];
  const ZONES = [
    { key: "hand", label: "Hand" },
    { key: "battleline", label: "Battleline, left to right" },
    { key: "artifacts", label: "Artifacts" },
    { key: "deck", label: "Deck, top first" },
    { key: "discard", label: "Discard, top first" },
    { key: "archives", label: "Archives" },
    { key: "purged", label: "Purged" },
  ];
  const FLAGS = ["exhausted", "stunned", "ward", "enraged"];
  const COUNTS = ["damage", "power_counters", "amber"];
  const ACTIONS = {
    play: "Play",
    reap: "Reap with",
    fight: "Fight with",
    action: "Use the Action: ability of",
    omni: "Use the Omni: ability of",
    discard: "Discard",
    end_turn: "End the turn",
  };

  function newCard(name) {
    return { card: name, exhausted: false, stunned: false, ward: false, enraged: false,
      damage: 0, power_counters: 0, amber: 0, upgrades: [], extra: {} };
  }

  function newPlayer() {
    const p = { amber: 0, keys: 0, chains: 0, extra: {} };
    ZONES.forEach((z) => { p[z.key] = []; });
    return p;
  }

  function emptyBoard() {
    return {
      turn: { active: "player1", house: "", first_turn: false, extra: {} },
      players: { player1: newPlayer(), player2: newPlayer() },
      actions: [],
      extra: {},
      meta: {},
    };
  }

  /* a card of the scenario format (a name, or a mapping) as the builder edits it */
  function readCard(entry) {
    if (typeof entry === "string") return newCard(entry);
    const c = newCard(String(entry.card || ""));
    Object.keys(entry).forEach((k) => {
      if (k === "card") return;
      if (FLAGS.includes(k)) c[k] = !!entry[k];
      else if (COUNTS.includes(k)) c[k] = Number(entry[k]) || 0;
      else if (k === "upgrades") c.upgrades = (entry.upgrades || []).map(readCard);
      else c.extra[k] = entry[k];
    });
    return c;
  }

  /* a card as the scenario format writes it: its name alone when nothing is set on it */
  function writeCard(c) {
    const out = { card: c.card };
    FLAGS.forEach((k) => { if (c[k]) out[k] = true; });
    COUNTS.forEach((k) => { if (Number(c[k])) out[k] = Number(c[k]); });
    if (c.upgrades.length) out.upgrades = c.upgrades.map(writeCard);
    Object.assign(out, c.extra);
    return Object.keys(out).length === 1 ? c.card : out;
  }

  function readAction(a) {
    if (a.play !== undefined) {
      const { play, ...rest } = a;
      return { kind: "play", card: play, extra: rest };
    }
    if (a.fight !== undefined && a.fight && typeof a.fight === "object") {
      const { fight, ...rest } = a;
      return { kind: "fight", card: fight.attacker, target: fight.target || "", extra: rest };
    }
    if (a.end_turn !== undefined) {
      const { end_turn: _, ...rest } = a;
      return { kind: "end_turn", extra: rest };
    }
    for (const kind of ["reap", "action", "omni", "discard"]) {
      if (a[kind] !== undefined) {
        const { [kind]: card, ...rest } = a;
        return { kind: kind, card: card, extra: rest };
      }
    }
    return { kind: "other", raw: a, extra: {} };
  }

  function writeAction(a) {
    if (a.kind === "other") return a.raw;
    let out;
    if (a.kind === "play") out = { play: a.card };
    else if (a.kind === "fight") out = { fight: { attacker: a.card, target: a.target } };
    else if (a.kind === "end_turn") out = { end_turn: true };
    else out = { [a.kind]: a.card };
    return Object.assign(out, a.extra || {});
  }

  function actionWords(a) {
    if (a.kind === "other") return JSON.stringify(a.raw);
    if (a.kind === "end_turn") return ACTIONS.end_turn;
    let words = ACTIONS[a.kind] + " " + a.card;
    if (a.kind === "fight") words += ", attacking " + a.target;
    return words;
  }

  /* the builder's board from a scenario's setup and actions */
  function readScenario(scenario) {
    const board = emptyBoard();
    const setup = (scenario && scenario.setup) || {};
    Object.keys(scenario || {}).forEach((k) => {  // a loaded ruling's id, title, entries, note, expect
      if (!["game", "setup", "actions"].includes(k)) board.meta[k] = scenario[k];
    });
    Object.keys(setup).forEach((k) => {
      if (PLAYERS.includes(k)) return;
      if (k !== "turn") board.extra[k] = setup[k];
    });
    const turn = setup.turn || {};
    Object.keys(turn).forEach((k) => {
      if (k === "active") board.turn.active = turn.active;
      else if (k === "house") board.turn.house = turn.house || "";
      else if (k === "first_turn") board.turn.first_turn = !!turn.first_turn;
      else board.turn.extra[k] = turn[k];
    });
    PLAYERS.forEach((pid) => {
      const src = setup[pid] || {};
      const p = board.players[pid];
      Object.keys(src).forEach((k) => {
        if (["amber", "keys", "chains"].includes(k)) p[k] = Number(src[k]) || 0;
        else if (ZONES.some((z) => z.key === k)) p[k] = (src[k] || []).map(readCard);
        else p.extra[k] = src[k];
      });
    });
    board.actions = ((scenario && scenario.actions) || []).map(readAction);
    return board;
  }

  /* the scenario the engine replays, from the builder's board */
  function writeScenario(board) {
    const turn = Object.assign({ active: board.turn.active }, board.turn.house ? { house: board.turn.house } : {},
      { first_turn: !!board.turn.first_turn }, board.turn.extra);
    const setup = Object.assign({ turn: turn }, board.extra);
    PLAYERS.forEach((pid) => {
      const p = board.players[pid];
      const out = { amber: Number(p.amber) || 0 };
      if (Number(p.keys)) out.keys = Number(p.keys);
      if (Number(p.chains)) out.chains = Number(p.chains);
      ZONES.forEach((z) => { if (p[z.key].length) out[z.key] = p[z.key].map(writeCard); });
      setup[pid] = Object.assign(out, p.extra);
    });
    return Object.assign({ game: "keyforge", setup: setup, actions: board.actions.map(writeAction) }, board.meta);
  }

  function toBase64url(text) {
    const bytes = new TextEncoder().encode(text);
    let bin = "";
    bytes.forEach((b) => { bin += String.fromCharCode(b); });
    return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function fromBase64url(text) {
    const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder().decode(Uint8Array.from(bin, (ch) => ch.charCodeAt(0)));
  }

  /* the question as the ?q= of a URL, and back (null when q is not one of ours) */
  function encodeQuestion(scenario, versions, answers) {
    return toBase64url(JSON.stringify({ s: scenario, v: versions, a: answers }));
  }

  function decodeQuestion(q) {
    try {
      const data = JSON.parse(fromBase64url(q));
      if (!data || typeof data.s !== "object") return null;
      return { scenario: data.s, versions: data.v, answers: data.a || {} };
    } catch (e) {
      return null;
    }
  }

  window.BuilderState = {
    PLAYERS, ZONES, ACTIONS, newCard, emptyBoard, readScenario, writeScenario, actionWords,
    encodeQuestion, decodeQuestion,
  };
})();
