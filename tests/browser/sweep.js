// The sweep's driver (tests/browser/test_sweep.py), added to every page before its own scripts.
// It clicks what a page offers, chosen by a seeded random number generator, waits for the page's
// Python to settle after each click (body[data-busy=false]) and notes every error with the action
// that caused it: console errors, uncaught errors and rejections, and error text shown on the page.
// Elements are found by their data-* attributes, never by their words, so it runs in any language.
(() => {
  const errors = [];
  let current = "loading the page";
  const note = (text) => errors.push({ action: current, error: String(text).slice(0, 2000) });
  const original = console.error.bind(console);
  console.error = (...args) => { note(args.map(String).join(" ")); original(...args); };
  window.addEventListener("error", (e) => note(e.message || e.error));
  window.addEventListener("unhandledrejection", (e) => note(e.reason));

  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const ready = () => document.body && document.body.dataset.ready === "true" && document.body.dataset.busy === "false";
  async function waitFor(test, what, ms = 30000) {
    const end = performance.now() + ms;
    while (performance.now() < end) {
      if (test()) return true;
      await sleep(2);
    }
    note(`timed out waiting for ${what}`);
    return false;
  }
  const settle = () => waitFor(ready, "the page to settle");
  function shownErrors() {
    const text = document.body ? document.body.innerText : "";
    for (const word of ["PythonError", "Traceback"]) if (text.includes(word)) note(`${word} shown on the page`);
  }
  const usable = (selector) => [...document.querySelectorAll(selector)].filter(
    (e) => !e.disabled && e.getAttribute("aria-disabled") !== "true" && e.getClientRects().length > 0);

  function random(seed) {      // mulberry32: the same seed, the same choices
    let a = seed >>> 0;
    const next = () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    next.pick = (list) => list[Math.floor(next() * list.length)];
    return next;
  }

  async function act(label, run) {
    current = label;
    const before = errors.length;
    run();
    await settle();
    shownErrors();
    return errors.length === before;
  }
  const click = (label, element) => act(label, () => element.click());
  function setField(field, value) {
    field.value = String(value);
    field.dispatchEvent(new Event("input", { bubbles: true }));
    field.dispatchEvent(new Event("change", { bubbles: true }));
  }
  const key = (name) => (document.activeElement || document.body).dispatchEvent(
    new KeyboardEvent("keydown", { key: name, bubbles: true, cancelable: true }));
  const result = (done) => ({ done, errors: errors.splice(0) });

  // ------------------------------------------------------------------ the sandbox: one game
  function sandboxChoice(r) {
    const dialog = document.querySelector("dialog#picker[open]");
    if (dialog) {
      const options = usable("dialog#picker [data-as], dialog#picker .option.plain");
      const o = r.pick(options);
      return o && [`baptise as ${o.dataset.as || "itself"}`, o];
    }
    const phase = document.body.dataset.phase;
    const command = (name) => usable(`[data-do="${name}"]`)[0];
    if (phase === "game_over") return null;
    if (phase === "scored") return ["next deal", command("next")];
    if (phase === "before-cut") {      // the blind-bet window: now and then a blind bet, then on to the cut
      const blind = usable('#figures [data-move$=" blind"]');
      if (blind.length && r() < 0.3) { const b = r.pick(blind); return [b.dataset.move, b]; }
      const cut = usable('#actions [data-move="cut"]')[0];
      return cut ? ["cut the cards", cut] : ["no blind bet: on to the cut", command("noblind")];
    }
    if (phase === "opening") return ["pick up the cards", command("pickup")];
    const keep = usable('#actions [data-move="keep"]')[0];
    if (keep) {
      const swaps = usable('#actions [data-move^="exchange"]');
      return swaps.length && r() < 0.5 ? [swaps[0].dataset.move, swaps[0]] : ["keep the cards", keep];
    }
    const answers = usable('#actions [data-move^="hold"], #actions [data-move^="good"], #actions [data-move^="raise"]');
    if (answers.length) { const a = r.pick(answers); return [a.dataset.move, a]; }
    const bets = usable('#figures [data-move^="bet"]');
    if (bets.length && r() < 0.25) { const b = r.pick(bets); return [b.dataset.move, b]; }
    const moves = usable("#hand button[data-card]").concat(usable("#actions [data-move]"));
    const m = r.pick(moves);
    return m && [m.dataset.card ? `card ${m.dataset.card}` : m.dataset.move, m];
  }

  async function sandbox(variant, seed, steps) {
    const done = [];
    const form = document.querySelector("#settings-form");
    current = `start a game of ${variant}`;
    document.querySelector("#settings").open = true;
    setField(form.elements.namedItem("variant"), variant);
    form.elements.namedItem("seed").value = String(seed);
    form.elements.namedItem("strength").value = "rule";
    if (!(await click(current, form.querySelector('[type="submit"]')))) return result(done);
    const r = random(seed);
    for (let i = 0; i < steps; i++) {
      const choice = sandboxChoice(r);
      if (!choice || !choice[1]) break;
      done.push(choice[0]);
      if (!(await click(choice[0], choice[1]))) break;
    }
    return result(done);
  }

  // ------------------------------------------------------------------ the editor: a scenario in one rule set
  const editorMoves = () => usable(".e-actions [data-move]");
  async function editorMove(r, done, prefer) {
    const dialog = document.querySelector("dialog#picker[open]");
    let label, element;
    if (dialog) {
      element = r.pick(usable("dialog#picker [data-as], dialog#picker .option.plain"));
      label = element && `baptise as ${element.dataset.as || "itself"}`;
    } else {
      const wanted = prefer ? editorMoves().filter((b) => prefer.some((p) => b.dataset.move.startsWith(p))) : [];
      const cards = usable(".e-table [data-pick]");       // mostly a card, now and then a button
      element = wanted.length ? r.pick(wanted) : r.pick(cards.length && r() < 0.8 ? cards : cards.concat(editorMoves()));
      label = element && (element.dataset.pick ? `card ${element.dataset.pick}` : element.dataset.move);
    }
    if (!element) return false;
    done.push(label);
    if (!(await click(label, element))) return false;
    return document.querySelector("dialog#picker[open]") ? editorMove(r, done) : true;    // a baptism goes with its card
  }

  async function editorBet(r, done) {
    // the first seat that may bet now (the acting seat first), then its answer
    for (const radio of [null, ...usable('input[name="actor"]')]) {
      if (radio && !(await act(`act for seat ${radio.value}`, () => { radio.checked = true; radio.dispatchEvent(new Event("change", { bubbles: true })); }))) return false;
      if (editorMoves().some((b) => b.dataset.move.startsWith("bet"))) {
        if (!(await editorMove(r, done, ["bet"]))) return false;
        return editorMove(r, done, ["hold", "good", "raise"]);
      }
    }
    return true;
  }

  async function editor(variant, seed, moves) {
    const done = [];
    const r = random(seed);
    const ok = async (label, element) => { done.push(label); return element ? click(label, element) : (note(`${label}: not offered`), false); };
    current = `choose ${variant}`;
    if (!(await act(current, () => setField(document.querySelector('[data-e-form="settings"] [name="variant"]'), variant)))) return result(done);
    done.push(current);
    const seedField = document.querySelector('[data-e-form="seed"] [name="seed"]');
    seedField.value = String(seed);
    if (!(await ok("deal at random", document.querySelector('[data-e-form="seed"] [type="submit"]')))) return result(done);
    if (!(await ok("record the deal", usable('[data-do="record"]')[0]))) return result(done);
    if (!(await editorBet(r, done))) return result(done);
    for (let i = 0; i < moves; i++) if (!(await editorMove(r, done))) break;
    if (!(await ok("look at step 1", usable('[data-look="1"]')[0]))) return result(done);
    const noteForm = document.querySelector('[data-e-form="note"]');
    noteForm.elements.namedItem("text").value = "?";
    noteForm.elements.namedItem("ask").checked = true;
    noteForm.elements.namedItem("answer").value = "!";
    if (!(await ok("save a note with a question", noteForm.querySelector('[type="submit"]')))) return result(done);
    for (const out of ["save", "link", "lesson"]) if (!(await ok(`output: ${out}`, usable(`[data-do="${out}"]`)[0]))) return result(done);
    if (!(await ok("present", usable('[data-do="present"]')[0]))) return result(done);
    await waitFor(() => document.body.dataset.mode === "present" && ready(), "the presenter");
    await walk(done);
    return result(done);
  }

  // ------------------------------------------------------------------ the presenter: every step and back
  const at = () => Number(document.body.dataset.step);
  async function walk(done) {
    const last = Number(document.body.dataset.last);
    for (let guard = 0; at() < last && guard < 400; guard++) if (!(await act(`forward from step ${at()}`, () => key("ArrowRight")))) return;
    done.push(`to the end (${at()})`);
    for (let guard = 0; at() > 0 && guard < 400; guard++) if (!(await act(`back from step ${at()}`, () => key("ArrowLeft")))) return;
    done.push("back to the start");
  }

  const painted = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  function questionFits() {
    // the question and its "let the class answer" line inside the note's box and the window
    const box = document.querySelector("#t-note").getBoundingClientRect();
    const inside = (node) => {
      if (!node) return false;
      const r = node.getBoundingClientRect();
      return r.top >= box.top - 1 && r.bottom <= box.bottom + 1 && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1;
    };
    const fits = inside(document.querySelector('#t-note [data-part="question"] h2')) && inside(document.querySelector('#t-note [data-part="hint"]'));
    if (!fits) {
      const where = (sel) => { const n = document.querySelector(sel); return n ? `${Math.round(n.getBoundingClientRect().top)}-${Math.round(n.getBoundingClientRect().bottom)}` : "none"; };
      note(`out of sight in ${innerWidth}x${innerHeight}: note box ${Math.round(box.top)}-${Math.round(box.bottom)}, ` +
           `question ${where('#t-note [data-part="question"]')}, hint ${where('#t-note [data-part="hint"]')}`);
    }
    return fits;
  }

  async function scenario(id, projector) {
    const done = [];
    current = `open ${id}`;
    location.hash = `id=${id}`;
    await waitFor(() => document.body.dataset.mode === "present" && document.body.dataset.step === "0" && ready(), `scenario ${id}`);
    if (projector && !document.body.classList.contains("projector")) await act("projector view", () => key("f"));
    const last = Number(document.body.dataset.last);
    const cut = [];
    for (let guard = 0; at() < last && guard < 400; guard++) {
      if (document.body.dataset.question === "true" && projector && !(await painted(), questionFits())) cut.push(at());
      if (!(await act(`forward from step ${at()}`, () => key("ArrowRight")))) break;
    }
    done.push(`to the end (${at()})`);
    // back a trick at a time (a show turn by turn), the last part a step at a time
    for (let guard = 0; at() > 0 && guard < 400; guard++) {
      if (!(await act(`back from step ${at()}`, () => key(at() > 3 ? "ArrowUp" : "ArrowLeft")))) break;
    }
    done.push("back to the start");
    return { ...result(done), cut };
  }

  async function question(id, step) {
    // a question step opened directly (projector view on): does it fit?
    current = `open ${id} at step ${step}`;
    location.hash = "";          // by the list: a fresh presentation, no question answered yet
    await waitFor(() => document.body.dataset.mode === "list" && ready(), "the list");
    location.hash = `id=${id}&step=${step}`;
    await waitFor(() => document.body.dataset.step === String(step) && ready(), `${id} step ${step}`);
    if (!document.body.classList.contains("projector")) await act("projector view", () => key("f"));
    await painted();
    if (document.body.dataset.question !== "true") note(`no question at ${location.hash} (step ${at()})`);
    return { ...result([current]), fits: document.body.dataset.question === "true" && questionFits() };
  }

  // ------------------------------------------------------------------ lessons: open one, ask its hint
  async function lesson(id, step, hinted) {
    const done = [];
    current = `open ${id}/${step}`;
    location.hash = `/${id}/${step}`;
    await waitFor(() => document.body.dataset.lesson === id && document.body.dataset.step === step && ready(), `lesson ${id}/${step}`);
    done.push(current);
    const hint = usable('[data-do="hint"]')[0];
    if (hint) { done.push("ask a hint"); await click("ask a hint", hint); } else if (hinted) note("no hint offered");
    return result(done);
  }

  window.perlaggenSweep = { sandbox, editor, scenario, question, lesson, settle, errors: () => errors.splice(0) };
})();
