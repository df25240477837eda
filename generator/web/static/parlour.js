// parlour serve: the page's behaviour. No libraries, nothing fetched from elsewhere.
"use strict";

const $ = (sel, root = document) => root.querySelector(sel);
const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));
let DOCS = JSON.parse($("#documents").textContent);
const POLL_MS = 400;

// -- talking to the server -------------------------------------------------------------------

class Refused extends Error {
  constructor(message, field, status) {
    super(message);
    this.field = field || null;
    this.status = status;
  }
}

function offline(gone) {
  $("#offline").hidden = !gone;
}

// GET some JSON; {status, body} for 2xx, a Refused for a refusal said by the server, and the
// "parlour has stopped" banner (then a Refused) when the server cannot be reached at all.
async function getJSON(url) {
  let resp;
  try {
    resp = await fetch(url, { headers: { Accept: "application/json" } });
  } catch (e) {
    offline(true);
    throw new Refused("parlour cannot be reached: is it still running on the computer?", null, 0);
  }
  offline(false);
  let body = null;
  try { body = await resp.json(); } catch (e) { body = null; }
  if (!resp.ok) {
    const said = body && body.error ? body.error : "Something went wrong; try again in a moment.";
    throw new Refused(said, body && body.field, resp.status);
  }
  return { status: resp.status, body };
}

function qs(params) {
  return new URLSearchParams(params).toString();
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function waitingWords(about) {
  if (about.state === "waiting" && about.place > 0) {
    return about.place === 1 ? "1 printout ahead of yours" : `${about.place} printouts ahead of yours`;
  }
  return "";
}

// Ask for the build of these choices and wait for it: calls onWait(about) while it is queued or
// being made; resolves with the ready answer, or rejects with a Refused. `stillWanted()` false
// stops the waiting (a newer request took over).
async function whenBuilt(doc, query, onWait, stillWanted = () => true) {
  const url = `/api/document/${doc}${query ? "?" + query : ""}`;
  for (;;) {
    const { status, body } = await getJSON(url);
    if (!stillWanted()) return null;
    if (status === 200 && body.state === "ready") return body;
    onWait(body);
    await sleep(POLL_MS);
    if (!stillWanted()) return null;
  }
}

// -- print -----------------------------------------------------------------------------------

const form = $("#print-form");
const touched = new Set(); // fields the family changed: a new document keeps them
let shown = null; // "doc?query" of the pages in the preview
let previewGen = 0;
let pages = 0;
let pageNo = 1;

function fieldEls(key) {
  return $$(`[name="${key}"]`, form);
}

function setField(key, value) {
  const els = fieldEls(key);
  if (!els.length) return;
  if (key === "games") return; // the sections keep their ticks
  const el = els[0];
  if (el.type === "checkbox") el.checked = value === "1";
  else el.value = value ?? "";
}

function fieldValue(key) {
  const els = fieldEls(key);
  if (!els.length) return null;
  if (key === "games" && els.length > 1) {
    const chosen = els.filter((b) => b.checked).map((b) => b.value);
    const usual = els.filter((b) => b.dataset.usual).map((b) => b.value);
    return chosen.join(",") === usual.join(",") ? null : chosen.join(",");
  }
  const el = els[0];
  if (el.type === "checkbox") return el.checked ? "1" : "0";
  return (el.value || "").trim();
}

// What a field is when the family leaves it: the command's default, or, with a cutting machine
// chosen, what the command then uses instead (bleed: a blade drifts, so the cards get an edge).
function usualValue(d, key) {
  const cutting = d.fields.includes("cutter") && fieldValue("cutter");
  if (cutting && d.with_cutter && key in d.with_cutter) return d.with_cutter[key];
  return d.defaults[key] ?? "";
}

function applyDefaults(doc, all = false) {
  const d = DOCS[doc];
  for (const [key, [lo, hi]] of Object.entries(d.limits)) { // this document's range for the field
    const el = fieldEls(key)[0];
    if (!el) continue;
    if (lo === null) el.removeAttribute("min"); else el.min = lo;
    if (hi === null) el.removeAttribute("max"); else el.max = hi;
  }
  for (const key of d.fields) {
    if (all || !touched.has(key)) setField(key, d.defaults[key] ?? "");
  }
  for (const key of Object.keys(d.with_cutter || {})) {
    if (all || !touched.has(key)) setField(key, usualValue(d, key));
  }
}

function currentChoices() {
  const doc = $("#document").value;
  const d = DOCS[doc];
  const params = [];
  for (const key of d.fields) {
    const value = fieldValue(key);
    if (value === null) continue;
    const usual = usualValue(d, key);
    if (d.flags.includes(key)) {
      if (value !== (usual === "1" ? "1" : "0")) params.push([key, value]);
      continue;
    }
    if (value === "" || value === usual) continue;
    params.push([key, value]);
  }
  return { doc, query: new URLSearchParams(params).toString() };
}

function commandLine(doc, query) {
  const d = DOCS[doc];
  const out = [...d.base];
  for (const [key, value] of new URLSearchParams(query)) {
    const [opt, negative] = d.cli[key];
    if (opt === "") out.push(value);
    else if (d.flags.includes(key)) out.push(value === "1" ? opt : negative || "");
    else out.push(opt, /\s/.test(value) ? `"${value}"` : value);
  }
  return out.filter(Boolean).join(" ");
}

// A number outside its field's range, or no section ticked: said beside the field at once.
function problemsHere(doc) {
  const found = {};
  for (const key of DOCS[doc].fields) {
    const el = fieldEls(key)[0];
    if (!el) continue;
    if (key === "games" && fieldEls(key).length > 1) {
      if (!fieldEls(key).some((b) => b.checked)) found[key] = "Tick at least one section of the pack.";
      continue;
    }
    if (el.type !== "number" || el.value.trim() === "") continue;
    const n = Number(el.value);
    const lo = el.min === "" ? null : Number(el.min);
    const hi = el.max === "" ? null : Number(el.max);
    const whole = el.inputMode === "numeric";
    if (!Number.isFinite(n) || (whole && !Number.isInteger(n)) || (lo !== null && n < lo) || (hi !== null && n > hi)) {
      const kind = whole ? "a whole number" : "a number";
      found[key] = lo !== null && hi !== null ? `Choose ${kind} from ${lo} to ${hi}.` : lo !== null ? `Choose ${kind} of ${lo} or more.` : `Choose ${kind}.`;
    }
  }
  return found;
}

function clearProblems() {
  for (const p of $$(".field-problem", form)) { p.hidden = true; p.textContent = ""; }
  for (const el of $$("[aria-invalid]", form)) el.removeAttribute("aria-invalid");
  showProblem("");
}

function showFieldProblem(key, message) {
  const p = key && $(`#${CSS.escape(key)}-problem`, form);
  const box = key && form.querySelector(`[data-for="${CSS.escape(key)}"]`);
  if (p && box && !box.hidden) {
    p.textContent = message;
    p.hidden = false;
    const more = p.closest("details");
    if (more) more.open = true;
    for (const el of fieldEls(key)) el.setAttribute("aria-invalid", "true");
    return;
  }
  showProblem(message);
}

function showProblems(found) {
  clearProblems();
  for (const [key, message] of Object.entries(found)) showFieldProblem(key, message);
  return Object.keys(found).length > 0;
}

function showProblem(message) {
  const p = $("#print-problem");
  p.textContent = message;
  p.hidden = !message;
}

function refreshForm() {
  const { doc, query } = currentChoices();
  const takes = new Set(DOCS[doc].fields);
  for (const el of $$("[data-for]", form)) el.hidden = !takes.has(el.dataset.for);
  $("#command").textContent = commandLine(doc, query);
  const cutting = takes.has("cutter") && fieldValue("cutter");
  const button = $("#download");
  if (!button.disabled) button.textContent = cutting ? "Download PDF and cutting files" : "Download PDF";
  const stale = shown !== null && shown !== `${doc}?${query}`;
  $("#preview").classList.toggle("stale", stale);
  if (stale) {
    previewGen++; // a preview still coming is for the old choices: dropped
    $("#preview-status").textContent = "Out of date: these pages are from your earlier choices. Press Show pages to see the new ones.";
  }
  return { doc, query };
}

function showPage(page) {
  pageNo = page;
  const img = $("#preview-image");
  const gen = previewGen;
  $("#page-label").textContent = `Page ${page} of ${pages}`;
  $("#prev-page").disabled = page <= 1;
  $("#next-page").disabled = page >= pages;
  const [doc, query] = shown.split("?");
  const src = `/preview/${doc}/${page}.png${query ? "?" + query : ""}`;
  const next = new Image();
  img.classList.add("loading");
  next.onload = () => {
    if (gen !== previewGen) return;
    img.src = src;
    img.alt = `Page ${page} of ${pages}`;
    img.hidden = false;
    img.classList.remove("loading");
  };
  next.onerror = () => {
    if (gen !== previewGen) return;
    img.hidden = true;
    $("#preview-status").textContent = "This page could not be shown; press Show pages to try again.";
  };
  next.src = src;
}

form.addEventListener("change", (event) => {
  if (event.target.id === "document") applyDefaults(event.target.value);
  else if (event.target.name) touched.add(event.target.name);
  if (event.target.name === "cutter") { // what follows from a machine, unless the family set it
    const d = DOCS[$("#document").value];
    for (const key of Object.keys(d.with_cutter || {})) if (!touched.has(key)) setField(key, usualValue(d, key));
  }
  clearProblems();
  showProblems(problemsHere($("#document").value));
  refreshForm();
});
form.addEventListener("input", (event) => {
  if (event.target.name && event.target.id !== "document") touched.add(event.target.name);
  refreshForm();
});

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const { doc, query } = refreshForm();
  if (showProblems(problemsHere(doc))) return;
  const gen = ++previewGen;
  const box = $("#preview");
  const status = $("#preview-status");
  const button = $("#preview-button");
  box.hidden = false;
  box.classList.add("making");
  box.classList.remove("stale");
  $("#preview-image").hidden = true;
  $("#page-label").textContent = "";
  status.textContent = "Making the pages…";
  button.disabled = true;
  try {
    const about = await whenBuilt(doc, query, (a) => {
      const ahead = waitingWords(a);
      status.textContent = ahead ? `Waiting to make the pages: ${ahead}…` : "Making the pages…";
    }, () => gen === previewGen);
    if (!about) return;
    shown = `${doc}?${query}`;
    pages = about.pages;
    status.textContent = `${about.title}: ${pages} page${pages === 1 ? "" : "s"}. Tap a page to enlarge it.`;
    box.classList.remove("making");
    showPage(1);
  } catch (e) {
    if (gen !== previewGen) return;
    box.hidden = true;
    shown = null;
    showFieldProblem(e.field, e.message);
  } finally {
    button.disabled = false;
    box.classList.remove("making");
  }
});

$("#prev-page").addEventListener("click", () => pageNo > 1 && showPage(pageNo - 1));
$("#next-page").addEventListener("click", () => pageNo < pages && showPage(pageNo + 1));
$("#enlarge").addEventListener("click", () => {
  const img = $("#preview-image");
  if (img.hidden || !img.src) return;
  const big = $("#big-image");
  big.src = img.src;
  big.alt = img.alt;
  $("#big-page").showModal();
});

// Save a built PDF (or, with a cutting machine, the zip of the PDF and its cutting files): the
// server names it (dated and descriptive); a link does it, so the page stays.
function saveFile(doc, query, name, bundle = false) {
  const a = document.createElement("a");
  a.href = `/${bundle ? "zip" : "pdf"}/${doc}${query ? "?" + query : ""}`;
  a.download = name;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
}

// Download: the button says what it is doing until the file arrives; one click, one file.
async function download(button, doc, query, say) {
  if (button.disabled) return;
  const label = button.textContent;
  const cutting = new URLSearchParams(query).has("cutter");
  const making = cutting ? "Making your PDF and cutting files…" : "Making your PDF…";
  button.disabled = true;
  button.setAttribute("aria-busy", "true");
  button.textContent = making;
  say(making);
  try {
    const about = await whenBuilt(doc, query, (a) => {
      const ahead = waitingWords(a);
      button.textContent = ahead ? `${making} (${ahead})` : making;
      say(ahead ? `${making.slice(0, -1)}: ${ahead}.` : making);
    });
    saveFile(doc, query, about.file, about.bundle);
    const count = `${about.pages} page${about.pages === 1 ? "" : "s"}`;
    if (about.bundle) say(`Your PDF (${count}) and its cutting files are ready, together in one download. Open it, print the PDF at 100 %, and open the cutting files in your machine's program.`);
    else say(`Your PDF is ready: ${count}, saved as ${about.file}.`);
  } catch (e) {
    say("");
    throw e;
  } finally {
    button.textContent = label;
    button.disabled = false;
    button.removeAttribute("aria-busy");
  }
}

$("#download").addEventListener("click", async (event) => {
  const { doc, query } = refreshForm();
  if (showProblems(problemsHere(doc))) return;
  try {
    await download(event.currentTarget, doc, query, (t) => { $("#print-status").textContent = t; });
  } catch (e) {
    showFieldProblem(e.field, e.message);
  }
});

applyDefaults($("#document").value, true);
refreshForm();

// -- Today's Doublets ------------------------------------------------------------------------

const puzzlesBox = $("#puzzles");
const daily = { date: puzzlesBox.dataset.date, spelling: puzzlesBox.dataset.spelling, data: null, gen: 0 };

function storeKey() {
  return `parlour-doublets-${daily.date}-${daily.spelling}`;
}

function loadProgress() {
  try { return JSON.parse(localStorage.getItem(storeKey()) || "{}"); } catch (e) { return {}; }
}

function saveProgress() {
  const data = {};
  for (const li of $$("li.puzzle", puzzlesBox)) {
    data[li.dataset.n] = {
      steps: $$("input.step", li).map((i) => i.value.trim().toLowerCase()),
      hints: Number(li.dataset.hints || 0),
      shown: li.dataset.keyShown === "1",
    };
  }
  try { localStorage.setItem(storeKey(), JSON.stringify(data)); } catch (e) { /* private mode: kept for this visit only */ }
  updateShare();
}

function longDate(iso) {
  const [y, m, d] = iso.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString(undefined, { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function addStep(li, value = "") {
  const n = li.dataset.n;
  const list = $(".steps", li);
  const r = $$("input.step", li).length + 1;
  const row = document.createElement("div");
  row.className = "step-row";
  const id = `p${n}s${r}`;
  const label = document.createElement("label");
  label.htmlFor = id;
  label.textContent = `Step ${r}`;
  label.setAttribute("aria-hidden", "true");
  const input = document.createElement("input");
  Object.assign(input, { id, className: "step", autocomplete: "off", spellcheck: false, value });
  input.setAttribute("aria-label", `Step ${r} of puzzle ${n}`);
  input.setAttribute("autocapitalize", "none");
  input.setAttribute("aria-describedby", `${id}m`);
  input.maxLength = li.dataset.start.length;
  const mark = document.createElement("span");
  mark.id = `${id}m`;
  mark.className = "mark";
  let timer = null;
  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => { checkPuzzle(li); saveProgress(); }, 150);
  });
  row.append(label, input, mark);
  list.append(row);
  return input;
}

async function stepOK(previous, word) {
  const { body } = await getJSON(`/api/doublets/step?${qs({ from: previous, word })}`);
  return body;
}

async function checkPuzzle(li) {
  const gen = (li.checkGen = (li.checkGen || 0) + 1);
  const start = li.dataset.start;
  const end = li.dataset.end;
  const par = Number(li.dataset.par);
  const inputs = $$("input.step", li);
  const done = $(".done", li);
  let previous = start;
  let good = 0;
  let broken = false;
  for (const input of inputs) {
    const mark = input.nextElementSibling;
    const word = input.value.trim().toLowerCase();
    input.removeAttribute("aria-invalid");
    if (!word || broken) {
      mark.textContent = word && broken ? "Fix the step above first." : "";
      mark.className = word && broken ? "mark notyet" : "mark";
      if (word) broken = true;
      continue;
    }
    if (word.length < start.length) { mark.textContent = ""; mark.className = "mark"; broken = true; continue; }
    if (word === end) { mark.textContent = "✓"; mark.className = "mark good"; previous = word; continue; }
    mark.textContent = "checking…";
    mark.className = "mark checking";
    let r;
    try { r = await stepOK(previous, word); } catch (e) { if (gen === li.checkGen) { mark.textContent = e.message; mark.className = "mark notyet"; } return; }
    if (gen !== li.checkGen) return; // a newer check took over
    if (r.ok) { mark.textContent = "✓"; mark.className = "mark good"; previous = word; good++; }
    else { mark.textContent = `Not yet: ${r.reason}`; mark.className = "mark notyet"; input.setAttribute("aria-invalid", "true"); broken = true; }
  }
  if (gen !== li.checkGen) return;
  let solved = false;
  let steps = good;
  if (!broken && previous !== start) {
    if (previous === end) solved = true;
    else {
      let last;
      try { last = await stepOK(previous, end); } catch (e) { return; }
      if (gen !== li.checkGen) return;
      solved = last.ok;
    }
  }
  li.classList.toggle("solved", solved);
  li.dataset.solvedIn = solved ? String(steps) : "";
  if (solved) {
    done.textContent = steps < par ? `Solved in ${plural(steps, "step")}: you beat the target of ${par}!` : steps === par ? `Solved in ${plural(steps, "step")}: right on target!` : `Solved in ${plural(steps, "step")}. The target is ${par}: can you do it in fewer?`;
    done.className = steps <= par ? "done great" : "done good";
  } else {
    done.textContent = "";
    done.className = "done";
    // always room for one more step once every box is used well
    if (!broken && inputs.every((i) => i.value.trim()) && inputs.length < 30) addStep(li);
  }
  saveProgress();
}

async function giveHint(li) {
  const out = $(".hint-line", li);
  const inputs = $$("input.step", li);
  let from = li.dataset.start;
  let at = 0;
  for (const input of inputs) {
    if (input.getAttribute("aria-invalid") === "true" || !input.value.trim()) break;
    from = input.value.trim().toLowerCase();
    at++;
  }
  out.textContent = "Thinking of a hint…";
  try {
    const { body } = await getJSON(`/api/doublets/solve?${qs({ head: from, tail: li.dataset.end })}`);
    if (!body.chain || body.chain.length < 2) { out.textContent = `From ${from.toUpperCase()} there is no way through: try changing an earlier step.`; return; }
    const next = body.chain[1];
    let pos = 0;
    while (pos < next.length && next[pos] === from[pos]) pos++;
    const nth = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"][pos] || `number ${pos + 1}`;
    out.textContent = next === li.dataset.end ? `Hint: ${from.toUpperCase()} is one change away from the end: change its ${nth} letter.` : `Hint for step ${at + 1}: change the ${nth} letter of ${from.toUpperCase()} to ${next[pos].toUpperCase()}.`;
    li.dataset.hints = String(Number(li.dataset.hints || 0) + 1);
    saveProgress();
  } catch (e) { out.textContent = e.message; }
}

async function showKey(li, button, key) {
  button.disabled = true;
  try {
    const { body } = await getJSON(`/api/doublets/key?${qs({ date: daily.date, spelling: daily.spelling, puzzle: li.dataset.n })}`);
    key.textContent = "One answer: " + body.chain.map((w) => w.toUpperCase()).join(" → ");
    key.hidden = false;
    button.hidden = true;
    li.dataset.keyShown = "1";
    saveProgress();
  } catch (e) { key.textContent = e.message; key.hidden = false; button.disabled = false; }
}

function renderPuzzles(data) {
  const saved = loadProgress();
  const list = document.createElement("ol");
  list.className = "puzzles";
  data.puzzles.forEach((p, i) => {
    const n = String(i + 1);
    const li = document.createElement("li");
    li.className = "card puzzle";
    Object.assign(li.dataset, { n, start: p.start, end: p.end, par: String(p.par) });
    const head = document.createElement("h3");
    head.textContent = `Puzzle ${n}`;
    const prompt = document.createElement("p");
    prompt.className = "prompt";
    prompt.textContent = p.story || p.prompt || `Change ${p.start.toUpperCase()} to ${p.end.toUpperCase()}`;
    const target = document.createElement("p");
    target.className = "target";
    target.textContent = `Target: ${plural(p.par, "step")} between the two words (more is fine too)`;
    const top = document.createElement("p");
    top.className = "end-word";
    top.textContent = p.start.toUpperCase();
    const steps = document.createElement("div");
    steps.className = "steps";
    li.append(head, prompt, target, top, steps);
    const bottom = document.createElement("p");
    bottom.className = "end-word";
    bottom.textContent = p.end.toUpperCase();
    const done = document.createElement("p");
    done.className = "done";
    done.setAttribute("role", "status");
    const tools = document.createElement("div");
    tools.className = "actions";
    const more = document.createElement("button");
    more.type = "button";
    more.textContent = "Add a step";
    more.setAttribute("aria-label", `Add a step to puzzle ${n}`);
    more.addEventListener("click", () => addStep(li).focus());
    const hint = document.createElement("button");
    hint.type = "button";
    hint.textContent = "Hint: one letter";
    hint.setAttribute("aria-label", `A one-letter hint for puzzle ${n}`);
    hint.addEventListener("click", () => giveHint(li));
    const keyButton = document.createElement("button");
    keyButton.type = "button";
    keyButton.textContent = "Show the answer";
    keyButton.setAttribute("aria-label", `Show the answer to puzzle ${n}`);
    const hintLine = document.createElement("p");
    hintLine.className = "hint-line";
    hintLine.setAttribute("role", "status");
    const key = document.createElement("p");
    key.className = "key";
    key.hidden = true;
    keyButton.addEventListener("click", () => showKey(li, keyButton, key));
    tools.append(more, hint, keyButton);
    li.append(bottom, done, tools, hintLine, key);
    list.append(li);
    const mine = saved[n] || {};
    const words = (mine.steps || []).filter((w, j, all) => w || all.slice(j).some(Boolean));
    const count = Math.max(p.par, words.length);
    for (let r = 0; r < count; r++) addStep(li, words[r] || "");
    li.dataset.hints = String(mine.hints || 0);
    if (mine.shown) showKey(li, keyButton, key);
  });
  puzzlesBox.replaceChildren(list);
  for (const li of $$("li.puzzle", puzzlesBox)) if ($$("input.step", li).some((i) => i.value.trim())) checkPuzzle(li);
  updateShare();
}

function updateShare() {
  const lis = $$("li.puzzle", puzzlesBox);
  if (!lis.length || !daily.data) { $("#share-box").hidden = true; return; }
  const lines = [`parlour Doublets, ${longDate(daily.date)}`];
  let any = false;
  for (const li of lis) {
    const par = Number(li.dataset.par);
    const took = Number(li.dataset.solvedIn || 0);
    const hints = Number(li.dataset.hints || 0);
    let line = `Puzzle ${li.dataset.n} (target ${par}): `;
    if (took) { any = true; line += `solved in ${took}${took <= par ? " ★" : ""}`; }
    else line += "not yet";
    if (hints) line += `, ${plural(hints, "hint")}`;
    if (li.dataset.keyShown === "1") line += ", answer peeked";
    lines.push(line);
  }
  $("#share-line").value = lines.join("\n");
  $("#share-box").hidden = !any;
}

$("#share-copy").addEventListener("click", async () => {
  const text = $("#share-line");
  try { await navigator.clipboard.writeText(text.value); $("#daily-status").textContent = "Copied: paste it into a message."; }
  catch (e) { text.select(); $("#daily-status").textContent = "Selected: copy it, then paste it into a message."; }
});

async function loadDay(date) {
  const gen = ++daily.gen;
  daily.date = date;
  daily.data = null;
  $("#daily-date").value = date;
  const today = date === puzzlesBox.dataset.today;
  $("#daily-h").textContent = today ? "Today's Doublets" : `Doublets for ${longDate(date)}`;
  $("#daily-status").textContent = `Getting the puzzles for ${longDate(date)}…`;
  try {
    const { body } = await getJSON(`/api/doublets/daily?${qs({ date, spelling: daily.spelling })}`);
    if (gen !== daily.gen) return;
    daily.data = body;
    $("#daily-status").textContent = longDate(date);
    renderPuzzles(body);
  } catch (e) {
    if (gen !== daily.gen) return;
    $("#daily-status").textContent = e.message;
    puzzlesBox.replaceChildren();
  }
}

function shiftDay(iso, days) {
  const [y, m, d] = iso.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

$("#daily-date").addEventListener("change", (e) => e.target.value && loadDay(e.target.value));
$("#daily-earlier").addEventListener("click", () => loadDay(shiftDay(daily.date, -1)));
$("#daily-today").addEventListener("click", () => loadDay(puzzlesBox.dataset.today));
$("#daily-print").addEventListener("click", async (event) => {
  try {
    await download(event.currentTarget, "doublets-daily", qs({ from: daily.date, days: "1" }), (t) => { $("#daily-status").textContent = t; });
  } catch (e) { $("#daily-status").textContent = e.message; }
});

loadDay(daily.date);

// -- referee ---------------------------------------------------------------------------------

function say(formEl, text, good) {
  const out = $(".result", formEl);
  out.textContent = text;
  out.className = good === undefined ? "result" : good ? "result good" : "result notyet";
}

// Each referee form: "checking…" at once; an answer that comes back after a newer question is dropped.
function referee(id, ask) {
  const f = $(id);
  let gen = 0;
  f.addEventListener("submit", async (event) => {
    event.preventDefault();
    const mine = ++gen;
    say(f, "checking…");
    $(".result", f).classList.add("checking");
    try {
      const [text, good] = await ask(f, event);
      if (mine === gen) say(f, text, good);
    } catch (e) { if (mine === gen) say(f, e.message, false); }
  });
}

const upper = (ws) => ws.map((w) => w.toUpperCase()).join(", ");

referee("#chimera-form", async (f) => {
  const { body: r } = await getJSON(`/api/chimera/check?${qs(new FormData(f))}`);
  let line = `${r.valid ? "Valid" : "Not valid"}: ${r.reason}`;
  if (!r.valid) line += ` A wrong answer costs ${r.penalty} life points.`;
  if (r.suggestions.length) line += ` Close answers that work: ${upper(r.suggestions)}.`;
  return [line, r.valid];
});

referee("#fighting-form", async (f, event) => {
  const mode = event.submitter && event.submitter.value === "complete" ? "complete" : "letters";
  const { body: r } = await getJSON(`/api/fighting-words/check?${qs({ [mode]: f.elements.letters.value })}`);
  if (mode === "complete") {
    let line = r.reason;
    if (!r.complete && r.can_grow) line += ` It can still grow, for example ${upper(r.examples)}.`;
    return [line, r.complete];
  }
  if (r.can_grow) return [`${r.letters.toUpperCase()}: yes, it can still grow, for example ${upper(r.examples)}.`, true];
  return [`${r.letters.toUpperCase()}: no word of 4 or more letters holds these letters in this order.`, false];
});

referee("#solve-form", async (f) => {
  const { body: r } = await getJSON(`/api/doublets/solve?${qs(new FormData(f))}`);
  if (!r.chain) return [r.reason, false];
  const ways = r.shortest_chains === 1 ? "the only shortest way" : `one of ${r.shortest_chains.toLocaleString()} shortest ways`;
  return [`${r.chain.map((w) => w.toUpperCase()).join(" → ")} (${plural(r.links, "change")}, ${ways})`, true];
});

// -- settings: saved the moment they change -----------------------------------------------------

const settingsForm = $("#settings-form");
let settingsGen = 0;

async function saveSetting(el) {
  const mine = ++settingsGen;
  const token = $('meta[name="csrf-token"]').content;
  const problem = $("#back_offset-problem");
  problem.hidden = true;
  el.removeAttribute("aria-invalid");
  say(settingsForm, "Saving…");
  const body = new FormData();
  body.append(el.name, el.value);
  let resp;
  try {
    resp = await fetch("/settings", { method: "POST", body, headers: { "X-CSRF-Token": token, Accept: "application/json" } });
  } catch (e) {
    offline(true);
    say(settingsForm, "Not saved: parlour cannot be reached.", false);
    return;
  }
  offline(false);
  const answer = await resp.json().catch(() => ({}));
  if (mine !== settingsGen) return;
  if (!resp.ok) {
    if (answer.field === "back_offset") { problem.textContent = answer.error; problem.hidden = false; el.setAttribute("aria-invalid", "true"); say(settingsForm, ""); }
    else say(settingsForm, answer.error || "Not saved; try again.", false);
    return;
  }
  say(settingsForm, "Saved. Every printout uses it from now on.", true);
  try {
    DOCS = (await getJSON("/api/documents")).body;
    applyDefaults($("#document").value);
    refreshForm();
  } catch (e) { /* the banner says the server is gone */ }
  if ("spelling" in answer.saved && answer.saved.spelling !== daily.spelling) {
    daily.spelling = answer.saved.spelling;
    loadDay(daily.date);
  }
}

settingsForm.addEventListener("submit", (e) => e.preventDefault());
for (const el of $$("select", settingsForm)) el.addEventListener("change", () => saveSetting(el));
$("#set-offset").addEventListener("change", (e) => saveSetting(e.target));
