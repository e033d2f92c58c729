/* The board builder's results: the part of the Alpine component (builder.js mixes it in) that
   reads the engine's answer to POST /api/play and draws it.

   A board the engine returns is drawn the way the judge built it: per player, Æmber, keys and
   chains, then each zone that holds cards as a list, each card with its state in words. Under
   "every version" the values the API lists as differences are marked on each version's board and
   in a table naming the rule switch or erratum that causes each. */
(function () {
  "use strict";

  const ZONE_LABELS = () => window.BuilderState.ZONES;
  const PLAYERS = ["player1", "player2"];

  function show(value) {
    if (value === null || value === undefined) return "none";
    if (typeof value === "boolean") return value ? "yes" : "no";
    if (Array.isArray(value)) return value.length ? value.map(show).join(", ") : "none";
    if (typeof value === "object") return value.label || value.name || JSON.stringify(value);
    return String(value);
  }

  /* a card's state in words: "Troll: exhausted, 3 damage, ward; upgrades: Shoulder Armor" */
  function cardText(c) {
    const state = [];
    if (c.exhausted) state.push("exhausted");
    if (c.stunned) state.push("stunned");
    if (c.damage) state.push(c.damage + " damage");
    if (c.power !== undefined && c.type === "creature") state.push("power " + c.power);
    if (c.armor) state.push("armor " + c.armor);
    if (c.power_counters) state.push(c.power_counters + " +1 power counters");
    if (c.amber) state.push(c.amber + " Æmber on it");
    if (c.ward) state.push("ward");
    if (c.enraged) state.push("enraged");
    let text = c.label || c.name;
    if (state.length) text += ": " + state.join(", ");
    if (c.upgrades && c.upgrades.length) text += "; upgrades: " + c.upgrades.map((u) => u.label || u.name).join(", ");
    return text;
  }

  window.BuilderResults = {

    runs() {
      return this.result ? this.result.versions : [];
    },

    finalBoard(run) {
      return run.steps && run.steps.length ? run.steps[run.steps.length - 1].board : run.start;
    },

    differences() {
      return (this.result && this.result.differences) || [];
    },

    diffPaths() {
      return this.differences().map((d) => d.path);
    },

    /* a board as lists: [{pid, name, line, marked, zones: [{label, items: [{text, marked}]}]}] */
    boardView(board) {
      if (!board) return [];
      const paths = this.diffPaths();
      const hit = (prefix) => paths.some((p) => p === prefix || p.startsWith(prefix + "."));
      return PLAYERS.map((pid) => {
        const p = board[pid] || {};
        const zones = ZONE_LABELS()
          .filter((z) => (p[z.key] || []).length)
          .map((z) => ({
            key: z.key,
            label: z.label,
            marked: hit(pid + "." + z.key),
            items: p[z.key].map((c, i) => ({
              name: c.label || c.name,
              text: cardText(c) + (z.key === "battleline" && p[z.key].length > 1 && (i === 0 || i === p[z.key].length - 1)
                ? (i === 0 ? " (left flank)" : " (right flank)") : ""),
              marked: hit(c.label || c.name || "") || hit(pid + "." + (c.label || c.name || "")),
            })),
          }));
        const stats = ["amber", "keys", "chains"].map((k) => ({
          key: k,
          text: (k === "amber" ? "Æmber" : k) + " " + (p[k] || 0), marked: hit(pid + "." + k),
        }));
        return { pid: pid, name: this.playerName(pid), stats: stats, zones: zones };
      });
    },

    turnLine(board) {
      if (!board || !board.turn) return "";
      const t = board.turn;
      return this.playerName(t.active) + (t.active === "player1" ? " are" : " is") + " active" +
        (t.house ? ", house " + t.house : "") + (t.first_turn ? ", first turn" : "");
    },

    changeText(o) {
      return o.words + ": " + show(o.before) + " → " + show(o.after);
    },

    isDiff(path) {
      return this.diffPaths().includes(path);
    },

    stepText(step) {
      return step.words + (step.refused ? ": refused, " + step.refused : "");
    },

    diffValue(d, version) {
      return show(d.values[version]);
    },

    causeText(c) {
      const kind = c.kind === "erratum" ? "Erratum: " : "Rule switch: ";
      const alone = c.confirmed === false ? " (a candidate: it does not move the value alone)" : "";
      return kind + c.name + (c.words ? ". " + c.words : "") + alone;
    },

    /* a loaded ruling's expectation against this run, as verify checks it */
    checkText(c) {
      if (c.expected === null || c.expected === undefined) {
        return "? " + c.words + ": " + show(c.actual) + " (no expectation for this version: unverified)";
      }
      return (c.ok ? "✓ " : "✗ ") + c.words + ": " + show(c.actual) + (c.ok ? "" : ", expected " + show(c.expected));
    },

    checkClass(c) {
      if (c.expected === null || c.expected === undefined) return "check check-unverified";
      return c.ok ? "check check-ok" : "check check-bad";
    },

    usedText(run) {
      const parts = (run.switches || []).map((s) => "rule switch " + s.name + " = " + show(s.value))
        .concat((run.errata || []).map((e) => "erratum of " + e.card));
      return parts.join("; ");
    },
  };
})();
