/* rulebase: the small bit of script the pages use. Everything works without it (the search page is a
   plain GET form); with it, results follow the typing and "Verify by simulation" runs in place.
   Engine output is inserted with textContent only, never as HTML. */
(function () {
  "use strict";

  var DEBOUNCE_MS = 220;

  /* Search as you type: fetch the server-rendered results for the form's fields and swap them in. */
  function initSearch() {
    var form = document.getElementById("search-form");
    var results = document.getElementById("results");
    if (!form || !results) return;
    var timer = null;
    var inflight = null;
    var lastQuery = null;

    /* The form's fields as a query string, leaving out empty filters to keep URLs short. */
    function query() {
      var params = new URLSearchParams();
      new FormData(form).forEach(function (value, key) { if (value !== "") params.append(key, value); });
      return params.toString();
    }

    function run() {
      var qs = query();
      if (qs === lastQuery) return;
      lastQuery = qs;
      if (inflight) inflight.abort();
      inflight = new AbortController();
      results.classList.add("is-loading");
      fetch(form.dataset.resultsUrl + (qs ? "?" + qs : ""), {
        signal: inflight.signal, headers: { "Accept": "text/html" }
      }).then(function (response) {
        return response.text();  /* a 400 carries a readable message in the same fragment */
      }).then(function (html) {
        results.innerHTML = html;  /* our own server-rendered, autoescaped fragment */
        results.classList.remove("is-loading");
        announce(results);
        var url = form.getAttribute("action") + (qs ? "?" + qs : "");
        window.history.replaceState(null, "", url);
      }).catch(function (err) {
        if (err.name !== "AbortError") {
          results.classList.remove("is-loading");
          lastQuery = null;
        }
      });
    }

    /* Tell screen readers the new count, not the whole list (a persistent live region). */
    function announce(container) {
      var status = document.getElementById("search-status");
      var count = container.querySelector("#result-count, .notice");
      if (status) status.textContent = count ? count.textContent.replace(/\s+/g, " ").trim() : "";
    }

    function schedule() {
      window.clearTimeout(timer);
      timer = window.setTimeout(run, DEBOUNCE_MS);
    }

    form.addEventListener("input", schedule);
    form.addEventListener("change", schedule);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      window.clearTimeout(timer);
      lastQuery = null;
      run();
    });
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  function show(value) {
    return typeof value === "string" ? value : JSON.stringify(value);
  }

  /* A checked value as a judge reads it: a list as its items ("Dust Pixie, Urchin", "none" when
     empty), true/false as yes/no, nothing as "–"; anything else as the engine wrote it. */
  function valueWords(value) {
    if (value === null || value === undefined) return "–";
    if (value === true) return "yes";
    if (value === false) return "no";
    if (Array.isArray(value)) return value.length ? value.map(valueWords).join(", ") : "none";
    return show(value);
  }

  /* A check's path as a judge reads it: "decisions.0.2.not_offered" is what decision 0.2 of the
     trace did not offer; the others as the server words them ("player1.amber": "Your Æmber",
     engine/replay/judge_words.py), the path itself when it sent none. */
  var DECISION_PATH = /^decisions\.(\d+)\.(\d+)\.(offered|not_offered|chosen)$/;
  var DECISION_WORDS = {offered: "offered", not_offered: "did not offer", chosen: "chose"};
  function checkLabel(path, words) {
    var m = DECISION_PATH.exec(show(path));
    if (m) return "decision " + m[1] + "." + m[2] + " " + DECISION_WORDS[m[3]];
    return (words && words[path]) || show(path);
  }

  /* One scenario's run: pass/fail head, what the answer was under that version when it is not the
     page's, the checks as a table, the trace as numbered steps (the rule switches at its end). */
  function renderResult(result, pageVersion) {
    var unverified = result.status === "unverified";
    var box = el("section", "verify-result " + (unverified ? "is-unverified" : result.passed ? "is-pass" : "is-fail"));
    box.dataset.passed = result.passed ? "true" : "false";
    box.dataset.status = result.status || (result.passed ? "passed" : "failed");
    var head = el("div", "verify-result-head");
    head.appendChild(el("span", "verify-mark", unverified ? "?" : result.passed ? "✓" : "✗"));
    head.appendChild(el("span", null, (unverified ? "Unverified" : result.passed ? "Passed" : "Failed") +
      " under v" + result.version));
    head.appendChild(el("code", "muted", result.id));
    box.appendChild(head);

    var body = el("div", "verify-body");
    if (result.error) body.appendChild(el("p", "verify-error", result.error));
    if (unverified && result.reason) body.appendChild(el("p", "verify-reason", "Unverified: " + result.reason +
      ". The values below are what the engine found, checked against nothing."));
    if (result.expect_version && result.expect_version !== result.version) {
      body.appendChild(el("p", "muted", "Checked against the expectation stated for v" + result.expect_version +
        ": its answer states the same ruling."));
    }
    var words = result.words || {};
    var stated = (result.checks || []).filter(function (c) { return c.expected !== null && c.expected !== undefined; });
    if (pageVersion && result.version !== pageVersion && stated.length) {
      body.appendChild(el("p", "verify-other-version", "This page shows v" + pageVersion + ". Under v" +
        result.version + " the answer was: " + stated.map(function (c) {
          return checkLabel(c.path, words.checks) + " " + valueWords(c.expected);
        }).join(", ") + "."));
    }
    if (result.checks && result.checks.length) {
      body.appendChild(el("h4", null, "Checks"));
      var wrap = el("div", "table-wrap");
      wrap.tabIndex = 0;
      wrap.setAttribute("role", "region");
      wrap.setAttribute("aria-label", "Checks under v" + result.version);
      var table = el("table", "checks");
      var thead = el("tr");
      ["Result", "Check", "Expected", "Engine"].forEach(function (t) { thead.appendChild(el("th", null, t)); });
      table.appendChild(thead);
      result.checks.forEach(function (check) {
        var row;
        var mark = check.ok === null ? "–" : check.ok ? "✓" : "✗";
        row = el("tr", check.ok === null ? "check-row-open" : check.ok ? "check-row-ok" : "check-row-bad");
        row.appendChild(el("td", check.ok === null ? "check-open" : check.ok ? "check-ok" : "check-bad", mark));
        var path = el("td"), label = el("code", null, checkLabel(check.path, words.checks));
        label.title = show(check.path);
        path.appendChild(label); row.appendChild(path);
        var exp = el("td"); exp.dataset.label = "Expected"; exp.appendChild(el("code", null, valueWords(check.expected)));
        row.appendChild(exp);
        var act = el("td"); act.dataset.label = "Engine"; act.appendChild(el("code", null, valueWords(check.actual)));
        row.appendChild(act);
        table.appendChild(row);
      });
      wrap.appendChild(table);
      body.appendChild(wrap);
    }
    if (result.trace && result.trace.length) {
      body.appendChild(el("h4", null, "Engine trace, step by step"));
      var list = el("ol", "trace");
      var switches = result.trace.filter(function (step) { return /^rule set /.test(show(step)); });
      /* the server's words ("You steal 2 Æmber"); the engine's lines where it sent none. The rule
         set line, in the engine's internal names, goes after the play */
      (words.trace || result.trace.filter(function (step) { return !/^rule set /.test(show(step)); }))
        .forEach(function (step) { list.appendChild(el("li", null, show(step))); });
      body.appendChild(list);
      if (switches.length) {
        var more = el("details", "trace-switches");
        more.appendChild(el("summary", null, "The rules that differ between versions, as v" + result.version + " states them"));
        (words.switches || switches.map(show)).forEach(function (rule) {
          more.appendChild(el("p", "small", rule));
        });
        body.appendChild(more);
      }
    }
    box.appendChild(body);
    return box;
  }

  /* POST one scenario's replay; resolves to {ok, data} whatever the status (errors are JSON too). */
  function replay(url, version) {
    return fetch(url + "?version=" + encodeURIComponent(version), {
      method: "POST", headers: { "Accept": "application/json" }
    }).then(function (response) {
      return response.json().then(function (data) { return { ok: response.ok, data: data }; });
    });
  }

  /* Verify by simulation: replay every scenario of the entry that runs under the chosen version,
     one after the other, and show what the engine did. */
  function initVerify() {
    var form = document.getElementById("verify-form");
    var output = document.getElementById("verify-output");
    if (!form || !output) return;
    var status = document.getElementById("verify-status");
    var button = document.getElementById("verify-run");
    var scenarios = Array.prototype.slice.call(document.querySelectorAll("#verify .scenario"));
    form.hidden = false;
    var cli = document.getElementById("verify-cli");
    if (cli) cli.hidden = true;  /* the shell command is the fallback when there is no script */
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var version = form.elements.version.value;
      var runs = scenarios.filter(function (li) {
        return li.dataset.versions.split(" ").indexOf(version) >= 0;
      });
      var passed = 0, failed = 0, unverified = 0, problems = [];
      button.disabled = true;
      status.textContent = "Running v" + version + "…";
      output.textContent = "";
      runs.reduce(function (chain, li) {
        return chain.then(function () {
          return replay(li.dataset.verifyUrl, version).then(function (reply) {
            if (!reply.ok) { problems.push(reply.data.error || "the engine could not run it"); return; }
            (reply.data.results || []).forEach(function (r) {
              if (r.status === "unverified") unverified += 1; else if (r.passed) passed += 1; else failed += 1;
              output.appendChild(renderResult(r, document.getElementById("verify").dataset.pageVersion));
            });
          });
        });
      }, Promise.resolve()).then(function () {
        var summary = passed + " passed, " + failed + " failed" + (unverified ? ", " + unverified + " unverified" : "") +
          " under v" + version;
        status.textContent = problems.length ? summary + ". " + problems.join("; ") : summary;
      }).catch(function () {
        status.textContent = "The server did not answer; try again.";
      }).then(function () {
        button.disabled = false;
      });
    });
  }

  /* Changelog page: another game has other versions and kinds, so picking a game reloads the
     page with that game's defaults (without script, Compare says which versions it has). */
  function initChanges() {
    var game = document.getElementById("pick-game");
    if (!game) return;
    game.addEventListener("change", function () {
      ["pick-from", "pick-to", "pick-kind"].forEach(function (id) {
        var field = document.getElementById(id);
        if (field) field.disabled = true;  /* disabled fields are not submitted */
      });
      game.form.submit();
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    initSearch();
    initVerify();
    initChanges();
  });
})();
