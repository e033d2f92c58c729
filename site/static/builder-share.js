/* The board builder's sharing: the permalink copied, the question downloaded as a rulings/ file
   (POST /api/play/export, the KB entry it answers picked through GET /api/search), and a scenario
   pasted or uploaded (POST /api/play/scenario). Mixed into the Alpine component by builder.js. */
(function () {
  "use strict";

  window.BuilderShare = {
    exportId: "",
    exportTitle: "",
    exportEntry: "",
    entryQuery: "",
    entryHits: [],
    exportNote: "",
    yamlText: "",
    loadNote: "",

    /* ---- Download as ruling ---- */
    async searchEntries() {
      const q = this.entryQuery.trim();
      if (!q) {
        this.entryHits = [];
        return;
      }
      try {
        const response = await fetch("/api/search?game=keyforge&limit=6&q=" + encodeURIComponent(q));
        const data = await response.json();
        this.entryHits = (data.results || []).map((h) => ({
          key: h.key, text: (h.title || h.question || h.key) + " (v" + h.version + ")",
        }));
      } catch (e) {
        this.entryHits = [];
      }
    },

    pickEntry(hit) {
      this.exportEntry = hit.key;
      this.entryHits = [];
    },

    async download() {
      this.exportNote = "";
      const body = { scenario: this.scenario(), versions: this.versionsAsked(), answers: this.answers };
      if (this.exportEntry) body.entry = this.exportEntry;
      if (this.exportId.trim()) body.id = this.exportId.trim();
      if (this.exportTitle.trim()) body.title = this.exportTitle.trim();
      try {
        const response = await fetch("/api/play/export", {
          method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
        });
        if (!response.ok) {
          const data = await response.json().catch(() => ({}));
          throw new Error(data.error || "the server answered " + response.status);
        }
        const disposition = response.headers.get("Content-Disposition") || "";
        const name = (disposition.match(/filename="?([^";]+)"?/) || [])[1] || "ruling.yaml";
        const url = URL.createObjectURL(await response.blob());
        const link = document.createElement("a");
        link.href = url;
        link.download = name;
        document.body.appendChild(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(url), 1000);
        this.exportNote = "Downloaded " + name + ".";
      } catch (e) {
        this.exportNote = "Could not make the file: " + e.message;
      }
    },

    /* ---- loading a YAML or JSON scenario ---- */
    async loadText(text) {
      this.loadNote = "";
      try {
        const response = await fetch("/api/play/scenario", {
          method: "POST",
          headers: { "Content-Type": text.trim().startsWith("{") ? "application/json" : "text/yaml" },
          body: text,
        });
        const data = await response.json().catch(() => ({}));
        if (!response.ok) throw new Error(data.error || "the server answered " + response.status);
        this.loadQuestion(data.scenario, data.answers, null);
        this.loadNote = "Loaded " + (data.scenario.id || "the scenario") + ".";
      } catch (e) {
        this.loadNote = "Could not read it: " + e.message;
      }
    },

    loadPasted() {
      this.loadText(this.yamlText);
    },

    async loadFile(event) {
      const file = event.target.files[0];
      if (!file) return;
      this.yamlText = await file.text();
      this.loadText(this.yamlText);
    },

    async copyLink() {
      try {
        await navigator.clipboard.writeText(this.permalink);
        this.status = "Link copied.";
      } catch (e) {
        this.$refs.permalink.select();
        this.status = "Select the link and copy it.";
      }
    },
  };
})();
