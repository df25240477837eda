// parlour serve: the page's behaviour. No libraries, nothing fetched from elsewhere.
"use strict";

const $ = (sel, root = document) => root.querySelector(sel);
const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));
const DOCS = JSON.parse($("#documents").textContent);

async function getJSON(url) {
  const resp = await fetch(url, { headers: { Accept: "application/json" } });
  let body = {};
  try { body = await resp.json(); } catch (e) { body = { error: "the server gave no answer" }; }
  if (!resp.ok) throw new Error(body.error || `error ${resp.status}`);
  return body;
}

function qs(params) {
  return new URLSearchParams(params).toString();
}

// -- print -----------------------------------------------------------------------------------

const form = $("#print-form");
const state = { doc: "pack", query: "", page: 1, pages: 0 };
let checked = null; // "document?query" the server has built: the download link may go straight there

function sectionsProblem(doc) {
  if (doc !== "pack") return "";
  const any = $$('input[name="games"]', form).some((b) => b.checked);
  return any ? "" : "Choose at least one section of the pack.";
}

function currentOptions() {
  const doc = $("#document").value;
  const takes = new Set(DOCS[doc].options);
  const params = [];
  for (const name of DOCS[doc].options) {
    if (name === "games") {
      const boxes = $$('input[name="games"]', form);
      const chosen = boxes.filter((b) => b.checked).map((b) => b.value);
      const usual = boxes.filter((b) => b.dataset.usual).map((b) => b.value);
      if (chosen.join(",") !== usual.join(",")) params.push(["games", chosen.join(",")]);
      continue;
    }
    const el = form.elements[name];
    if (!el || el instanceof RadioNodeList) continue;
    if (el.type === "checkbox") {
      if (el.checked) params.push([name, "1"]);
      continue;
    }
    const value = (el.value || "").trim();
    if (value === "" || value === (el.dataset.default ?? null)) continue;
    params.push([name, value]);
  }
  return { doc, takes, query: new URLSearchParams(params).toString() };
}

function refreshForm() {
  const { doc, takes, query } = currentOptions();
  for (const el of $$("[data-for]", form)) {
    el.hidden = !takes.has(el.dataset.for);
  }
  const url = `/pdf/${doc}${query ? "?" + query : ""}`;
  const link = $("#download");
  link.href = url;
  link.setAttribute("download", `${doc}.pdf`);
  $("#command").textContent = ["parlour", ...DOCS[doc].command, ...describe(doc, query)].join(" ");
  return { doc, query };
}

function describe(doc, query) {
  const out = [];
  for (const [name, value] of new URLSearchParams(query)) {
    const opt = DOCS[doc].cli[name];
    if (opt === "") out.push(value);
    else if (DOCS[doc].flags.includes(name)) out.push(opt);
    else out.push(`${opt} ${value}`);
  }
  return out;
}

function showProblem(message) {
  const p = $("#print-problem");
  p.textContent = message;
  p.hidden = !message;
}

async function showPage(page) {
  const img = $("#preview-image");
  state.page = page;
  $("#page-label").textContent = `Page ${page} of ${state.pages}`;
  $("#prev-page").disabled = page <= 1;
  $("#next-page").disabled = page >= state.pages;
  img.alt = `Preview of page ${page} of ${state.pages}`;
  img.src = `/preview/${state.doc}/${page}.png${state.query ? "?" + state.query : ""}`;
}

form.addEventListener("change", () => refreshForm());
form.addEventListener("input", () => refreshForm());
form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const { doc, query } = refreshForm();
  const box = $("#preview");
  showProblem(sectionsProblem(doc));
  if (sectionsProblem(doc)) return;
  box.hidden = false;
  $("#preview-status").textContent = "Making the pages…";
  try {
    const about = await getJSON(`/api/document/${doc}${query ? "?" + query : ""}`);
    Object.assign(state, { doc, query, pages: about.pages });
    checked = `${doc}?${query}`;
    $("#preview-status").textContent = `${about.title}: ${about.pages} page${about.pages === 1 ? "" : "s"}.`;
    await showPage(1);
  } catch (e) {
    box.hidden = true;
    showProblem(e.message);
  }
});
$("#prev-page").addEventListener("click", () => state.page > 1 && showPage(state.page - 1));
$("#next-page").addEventListener("click", () => state.page < state.pages && showPage(state.page + 1));
$("#download").addEventListener("click", async (event) => {
  // a choice the server refuses is said on the page, not saved as a file
  const { doc, query } = refreshForm();
  if (checked === `${doc}?${query}`) return; // known good: the browser downloads it
  event.preventDefault();
  showProblem(sectionsProblem(doc));
  if (sectionsProblem(doc)) return;
  try {
    await getJSON(`/api/document/${doc}${query ? "?" + query : ""}`);
    checked = `${doc}?${query}`;
    $("#download").click();
  } catch (e) {
    showProblem(e.message);
  }
});
refreshForm();

// -- Today's Doublets ------------------------------------------------------------------------

const puzzlesBox = $("#puzzles");
const daily = { date: puzzlesBox.dataset.date, spelling: puzzlesBox.dataset.spelling };

function rungInputs(li) {
  return $$("input", li);
}

async function checkPuzzle(li) {
  const start = li.dataset.start;
  const end = li.dataset.end;
  const inputs = rungInputs(li);
  let previous = start;
  let allGood = true;
  for (const input of inputs) {
    const mark = input.nextElementSibling;
    const word = input.value.trim().toLowerCase();
    if (!word) { mark.textContent = ""; input.removeAttribute("aria-invalid"); allGood = false; previous = null; continue; }
    if (previous === null) { mark.textContent = "fill the rung above first"; allGood = false; continue; }
    if (word.length < start.length) { mark.textContent = ""; allGood = false; previous = null; continue; }
    try {
      const r = await getJSON(`/api/doublets/step?${qs({ from: previous, word })}`);
      mark.textContent = r.ok ? "✓" : `✗ ${r.reason}`;
      mark.className = r.ok ? "mark good" : "mark bad";
      input.setAttribute("aria-invalid", r.ok ? "false" : "true");
      if (!r.ok) allGood = false;
    } catch (e) {
      mark.textContent = `✗ ${e.message}`;
      mark.className = "mark bad";
      allGood = false;
    }
    previous = allGood ? word : null;
  }
  const done = li.querySelector(".done");
  if (allGood && previous) {
    const last = await getJSON(`/api/doublets/step?${qs({ from: previous, word: end })}`).catch(() => ({ ok: false }));
    done.textContent = last.ok ? `Solved in ${inputs.length} link${inputs.length === 1 ? "" : "s"}: par!` : `${end.toUpperCase()} is more than one letter away from ${previous.toUpperCase()}.`;
    li.classList.toggle("solved", !!last.ok);
  } else {
    done.textContent = "";
    li.classList.remove("solved");
  }
}

function renderPuzzles(data) {
  const list = document.createElement("ol");
  list.className = "puzzles";
  data.puzzles.forEach((p, i) => {
    const n = i + 1;
    const li = document.createElement("li");
    li.className = "card puzzle";
    li.dataset.start = p.start;
    li.dataset.end = p.end;
    const head = document.createElement("h3");
    head.textContent = `${p.start.toUpperCase()} to ${p.end.toUpperCase()}`;
    const par = document.createElement("p");
    par.className = "par";
    par.textContent = `Par: ${p.par} link${p.par === 1 ? "" : "s"}`;
    li.append(head, par);
    const top = document.createElement("p");
    top.className = "end-word";
    top.textContent = p.start.toUpperCase();
    li.append(top);
    for (let r = 1; r <= p.par; r++) {
      const row = document.createElement("div");
      row.className = "rung";
      const id = `p${n}r${r}`;
      const label = document.createElement("label");
      label.htmlFor = id;
      label.textContent = `Rung ${r}`;
      const input = document.createElement("input");
      Object.assign(input, { id, maxLength: p.start.length, autocomplete: "off", spellcheck: false });
      input.setAttribute("autocapitalize", "none");
      input.setAttribute("aria-describedby", `${id}m`);
      const mark = document.createElement("span");
      mark.id = `${id}m`;
      mark.className = "mark";
      mark.setAttribute("aria-live", "polite");
      let timer = null;
      input.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(() => checkPuzzle(li), 120); });
      row.append(label, input, mark);
      li.append(row);
    }
    const bottom = document.createElement("p");
    bottom.className = "end-word";
    bottom.textContent = p.end.toUpperCase();
    const done = document.createElement("p");
    done.className = "done";
    done.setAttribute("role", "status");
    const keyButton = document.createElement("button");
    keyButton.type = "button";
    keyButton.textContent = "Show the key";
    const key = document.createElement("p");
    key.className = "key";
    key.hidden = true;
    keyButton.addEventListener("click", async () => {
      try {
        const k = await getJSON(`/api/doublets/key?${qs({ date: data.date, spelling: daily.spelling, puzzle: n })}`);
        key.textContent = k.chain.map((w) => w.toUpperCase()).join(" → ");
      } catch (e) { key.textContent = e.message; }
      key.hidden = false;
      keyButton.hidden = true;
    });
    li.append(bottom, done, keyButton, key);
    list.append(li);
  });
  puzzlesBox.replaceChildren(list);
}

getJSON(`/api/doublets/daily?${qs(daily)}`)
  .then(renderPuzzles)
  .catch((e) => { puzzlesBox.textContent = e.message; });

// -- referee ---------------------------------------------------------------------------------

function say(formEl, text, good) {
  const out = $(".result", formEl);
  out.textContent = text;
  out.className = good === undefined ? "result" : good ? "result good" : "result bad";
}

$("#chimera-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const f = event.currentTarget;
  try {
    const r = await getJSON(`/api/chimera/check?${qs(new FormData(f))}`);
    let line = `${r.valid ? "Valid" : "Invalid"}: ${r.reason}`;
    if (!r.valid) line += ` A wrong answer costs ${r.penalty} life points.`;
    if (r.suggestions.length) line += ` Close valid answers: ${r.suggestions.map((w) => w.toUpperCase()).join(", ")}.`;
    say(f, line, r.valid);
  } catch (e) { say(f, e.message, false); }
});

$("#fighting-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const f = event.currentTarget;
  const mode = event.submitter && event.submitter.value === "complete" ? "complete" : "letters";
  const letters = f.elements.letters.value;
  try {
    const r = await getJSON(`/api/fighting-words/check?${qs({ [mode]: letters })}`);
    if (mode === "complete") {
      let line = r.reason;
      if (!r.complete && r.can_grow) line += ` It can still grow, e.g. ${r.examples.map((w) => w.toUpperCase()).join(", ")}.`;
      say(f, line, r.complete);
    } else if (r.can_grow) {
      say(f, `${r.letters.toUpperCase()}: yes, it can still grow, e.g. ${r.examples.map((w) => w.toUpperCase()).join(", ")} (from ${r.list}).`, true);
    } else {
      say(f, `${r.letters.toUpperCase()}: no word of 4 or more letters holds these letters in this order.`, false);
    }
  } catch (e) { say(f, e.message, false); }
});

$("#solve-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const f = event.currentTarget;
  try {
    const r = await getJSON(`/api/doublets/solve?${qs(new FormData(f))}`);
    if (!r.chain) { say(f, r.reason, false); return; }
    const ways = r.shortest_chains === 1 ? "the only shortest chain" : `one of ${r.shortest_chains.toLocaleString()} shortest chains`;
    say(f, `${r.chain.map((w) => w.toUpperCase()).join(" → ")} (${r.links} link${r.links === 1 ? "" : "s"}, ${ways})`, true);
  } catch (e) { say(f, e.message, false); }
});

// -- settings --------------------------------------------------------------------------------

$("#settings-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const f = event.currentTarget;
  const token = $('meta[name="csrf-token"]').content;
  try {
    const resp = await fetch("/settings", {
      method: "POST",
      body: new FormData(f),
      headers: { "X-CSRF-Token": token, Accept: "application/json" },
    });
    const body = await resp.json();
    if (!resp.ok) throw new Error(body.error);
    for (const [key, value] of Object.entries(body.saved)) {
      const el = form.elements[key];
      if (el && el.dataset) { el.dataset.default = value; el.value = value; }
    }
    refreshForm();
    say(f, "Saved. Every printout uses these now, here and on the command line.", true);
  } catch (e) { say(f, e.message, false); }
});
