/* The board builder (site/templates/builder.html): an Alpine.js component (the CSP build, vendored)
   holding the board a judge builds, the actions, the answers given so far and the engine's latest
   answer. The engine is asked through POST /api/play with the whole question each time (the API is
   stateless: it replays with the answers so far and stops at the next decision), so answering a
   decision is adding an answer and asking again. Every edit is written to the URL (?q=,
   builder-state.js), so the address bar always holds the question as it stands.
   Results are drawn by builder-results.js's helpers, and the question shared, downloaded or loaded
   by builder-share.js's, both mixed into the same component. */
(function () {
  "use strict";

  const S = () => window.BuilderState;

  async function postJson(url, body) {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(data.error || "the server answered " + response.status);
    return data;
  }

  function builder() {
    return Object.assign({
      versions: [],
      version: "",
      every: false,
      houses: [],
      zones: S().ZONES,
      board: S().emptyBoard(),
      answers: {},
      lastScenario: "",
      query: "",
      hits: [],
      searchNote: "",
      addTo: "player1 hand",
      newAction: { kind: "play", card: "", target: "" },
      actionNote: "",
      result: null,
      pending: null,
      running: false,
      runError: "",
      status: "",
      permalink: "",
      searchSeq: 0,
      runSeq: 0,

      init() {
        const data = this.$el.dataset;
        this.versions = JSON.parse(data.versions || "[]");
        this.version = data.latest || this.versions[this.versions.length - 1] || "";
        this.houses = JSON.parse(data.houses || "[]");
        this.lastScenario = JSON.stringify(S().writeScenario(this.board));
        this.$watch("board", () => this.edited());
        this.$watch("version", () => this.versionsChanged());
        this.$watch("every", () => this.versionsChanged());
        const params = new URLSearchParams(window.location.search);
        const question = params.get("q") ? S().decodeQuestion(params.get("q")) : null;
        if (question) this.loadQuestion(question.scenario, question.answers, question.versions);
        else if (params.get("ruling")) this.openRuling(params.get("ruling"));
        // the search box is plain HTML, usable before this runs: what was typed into it meanwhile
        // is searched now (x-model would otherwise overwrite it with the empty query)
        const typed = document.getElementById("card-search").value;
        if (typed || data.card) {
          this.query = typed || data.card;
          this.search();
        }
        this.permalink = window.location.href;
      },

      /* ---- the question: load, edit, URL ---- */
      loadQuestion(scenario, answers, versions) {
        const board = S().readScenario(scenario);
        this.lastScenario = JSON.stringify(S().writeScenario(board));
        this.board = board;
        this.answers = answers || {};
        if (scenario && scenario.id) this.exportId = scenario.id;
        if (scenario && scenario.title) this.exportTitle = scenario.title;
        if (versions === "all") this.every = true;
        else if (Array.isArray(versions) && versions.length) {
          this.every = false;
          this.version = versions[0];
        }
        this.writeUrl();
        if (this.board.actions.length) this.run();
      },

      async openRuling(id) {
        try {
          const response = await fetch("/api/rulings/" + encodeURIComponent(id), { headers: { Accept: "application/json" } });
          const data = await response.json().catch(() => ({}));
          if (!response.ok) throw new Error(data.error || "the server answered " + response.status);
          this.loadQuestion(data.scenario, data.answers, null);
          this.status = "Loaded the scenario " + id + ".";
        } catch (e) {
          this.loadNote = "Could not open " + id + ": " + e.message;
          this.status = this.loadNote;
        }
      },

      scenario() {
        return S().writeScenario(this.board);
      },

      versionsAsked() {
        return this.every ? "all" : [this.version];
      },

      /* the board or the actions changed: the answers no longer fit, and a loaded ruling's
         expectation no longer describes this question */
      edited() {
        if (JSON.stringify(this.scenario()) === this.lastScenario) return;
        delete this.board.meta.expect;
        this.lastScenario = JSON.stringify(this.scenario());
        this.answers = {};
        this.clearResult();
        this.writeUrl();
      },

      versionsChanged() {
        this.clearResult();
        this.writeUrl();
      },

      clearResult() {
        this.result = null;
        this.pending = null;
        this.runError = "";
      },

      writeUrl() {
        const q = S().encodeQuestion(this.scenario(), this.versionsAsked(), this.answers);
        window.history.replaceState(null, "", window.location.pathname + "?q=" + q);
        this.permalink = window.location.href;
      },

      /* ---- cards: search and placing ---- */
      async search() {
        const name = this.query.trim();
        const seq = ++this.searchSeq;
        if (!name) {
          this.hits = [];
          this.searchNote = "";
          return;
        }
        try {
          const response = await fetch("/api/cards?limit=10&name=" + encodeURIComponent(name));
          const data = await response.json();
          if (seq !== this.searchSeq) return;
          const seen = new Set();
          this.hits = (data.results || []).filter((h) => !seen.has(h.name) && seen.add(h.name));
          const n = this.hits.length;
          this.searchNote = n ? n + (n === 1 ? " card found." : " cards found.") : "No card by that name.";
        } catch (e) {
          if (seq === this.searchSeq) this.searchNote = "The card search failed: " + e.message;
        }
      },

      hitLine(hit) {
        return [hit.house, hit.type].filter(Boolean).join(" ") + ", " + hit.set + " " + hit.number;
      },

      playerName(pid) {
        return pid === "player1" ? "You" : "Your opponent";
      },

      /* where a card can go: each player's zones, then an upgrade on each creature in play */
      places() {
        const out = [];
        S().PLAYERS.forEach((pid) => {
          S().ZONES.forEach((z) => out.push({ value: pid + " " + z.key, label: this.playerName(pid) + ": " + z.label }));
        });
        S().PLAYERS.forEach((pid) => {
          this.board.players[pid].battleline.forEach((c, i) => {
            out.push({ value: pid + " up " + i, label: "Upgrade on " + this.labelOf(c) + " (" + this.playerName(pid).toLowerCase() + ")" });
          });
        });
        return out;
      },

      /* how actions and the engine name a card: its id when it has one (a second copy), its name */
      labelOf(c) {
        return c.extra.id || c.card;
      },

      labels() {
        const out = [];
        const walk = (c) => { out.push(this.labelOf(c)); c.upgrades.forEach(walk); };
        S().PLAYERS.forEach((pid) => S().ZONES.forEach((z) => this.board.players[pid][z.key].forEach(walk)));
        return out;
      },

      addCard(hit) {
        const [pid, zone, index] = this.addTo.split(" ");
        const card = S().newCard(hit.name);
        const taken = this.labels();
        if (taken.includes(hit.name)) {  // a second copy: an id, so actions can name either
          let n = 2;
          while (taken.includes(hit.name + " " + n)) n += 1;
          card.extra.id = hit.name + " " + n;
        }
        if (zone === "up") this.board.players[pid].battleline[Number(index)].upgrades.push(card);
        else this.board.players[pid][zone].push(card);
        this.status = this.labelOf(card) + " added.";
      },

      zoneCards(pid, key) {
        return this.board.players[pid][key];
      },

      flankOf(key, i, n) {
        if (key !== "battleline") return "";
        if (n === 1) return "both flanks";
        return i === 0 ? "left flank" : i === n - 1 ? "right flank" : "";
      },

      moveCard(pid, key, i, step) {
        const cards = this.board.players[pid][key];
        const j = i + step;
        if (j < 0 || j >= cards.length) return;
        [cards[i], cards[j]] = [cards[j], cards[i]];
      },

      removeCard(pid, key, i) {
        this.board.players[pid][key].splice(i, 1);
      },

      removeUpgrade(card, j) {
        card.upgrades.splice(j, 1);
      },

      /* ---- actions ---- */
      actionKinds() {
        return Object.keys(S().ACTIONS).map((k) => ({ value: k, label: S().ACTIONS[k] }));
      },

      namesIn(zones) {
        const names = [];
        S().PLAYERS.forEach((pid) => zones.forEach((z) => this.board.players[pid][z].forEach((c) => {
          if (!names.includes(this.labelOf(c))) names.push(this.labelOf(c));
        })));
        return names;
      },

      /* the cards the chosen kind of action can name: the hand's to play or discard, those in
         play otherwise (any player's: the active player changes as turns end) */
      actionCards() {
        const kind = this.newAction.kind;
        if (kind === "play" || kind === "discard") return this.namesIn(["hand"]);
        if (kind === "action" || kind === "omni") return this.namesIn(["battleline", "artifacts"]);
        return kind === "end_turn" ? [] : this.namesIn(["battleline"]);
      },

      addAction() {
        const a = this.newAction;
        if (a.kind !== "end_turn" && !a.card) {
          this.actionNote = "Pick the card first.";
          return;
        }
        if (a.kind === "fight" && !a.target) {
          this.actionNote = "Pick the creature it fights.";
          return;
        }
        const action = { kind: a.kind, extra: {} };
        if (a.kind !== "end_turn") action.card = a.card;
        if (a.kind === "fight") action.target = a.target;
        this.board.actions.push(action);
        this.actionNote = S().actionWords(action) + ": added.";
        this.newAction = { kind: a.kind, card: "", target: "" };
      },

      actionWords(a) {
        return S().actionWords(a);
      },

      moveAction(i, step) {
        const list = this.board.actions;
        const j = i + step;
        if (j < 0 || j >= list.length) return;
        [list[i], list[j]] = [list[j], list[i]];
      },

      removeAction(i) {
        this.board.actions.splice(i, 1);
      },

      /* ---- running, and the decisions ---- */
      async run() {
        const seq = ++this.runSeq;
        this.running = true;
        this.result = null;
        this.pending = null;
        this.runError = "";
        this.status = "Running…";
        try {
          const data = await postJson("/api/play", {
            scenario: this.scenario(), versions: this.versionsAsked(), answers: this.answers,
          });
          if (seq !== this.runSeq) return;
          this.result = data;
          this.pending = this.nextDecision(data);
          this.status = this.pending ? "The engine asks: " + this.pending.decision.words : this.doneWords(data);
          if (this.pending) this.$nextTick(() => this.focusDecision());
        } catch (e) {
          if (seq !== this.runSeq) return;
          this.result = null;
          this.pending = null;
          this.runError = e.message;
          this.status = "The run failed: " + e.message;
        } finally {
          if (seq === this.runSeq) this.running = false;
        }
      },

      /* keyboard and screen reader users land on the new question (rendered by an x-if) */
      focusDecision(tries = 20) {
        const heading = document.getElementById("decision-words");
        if (heading) heading.focus();
        else if (tries > 0) window.requestAnimationFrame(() => this.focusDecision(tries - 1));
      },

      /* the first pending decision, with every version whose pending decision has the same text
         and options (one answer goes to each of them) */
      nextDecision(data) {
        const asking = data.versions.filter((v) => v.status === "decision");
        if (!asking.length) return null;
        const same = (v) => v.decision.text === asking[0].decision.text &&
          JSON.stringify(v.decision.options) === JSON.stringify(asking[0].decision.options);
        return { decision: asking[0].decision, versions: asking.filter(same).map((v) => v.version) };
      },

      answer(option) {
        if (!this.pending) return;
        const answers = Object.assign({}, this.answers);
        this.pending.versions.forEach((v) => { answers[v] = (answers[v] || []).concat([option]); });
        this.answers = answers;
        this.writeUrl();
        this.run();
      },

      answersGiven() {
        return Object.keys(this.answers).filter((v) => this.answers[v].length)
          .map((v) => ({ version: v, answers: this.answers[v].join(", ") }));
      },

      restartAnswers() {
        this.answers = {};
        this.writeUrl();
        this.run();
      },

      doneWords(data) {
        const errors = data.versions.filter((v) => v.status === "error").length;
        const words = data.versions.length > 1 ? "Done under " + data.versions.length + " versions" : "Done";
        return words + (errors ? ", " + errors + " with an error." : ".");
      },
    }, window.BuilderResults || {}, window.BuilderShare || {});
  }

  document.addEventListener("alpine:init", () => window.Alpine.data("builder", builder));
})();
