// Drive the explorer page in headless Chromium (playwright-core, the Debian chromium binary).
// Used by tests/test_explorer.py (`check`) and benchmarks/bench_explorer.py (`bench`,
// `shots`); prints one JSON document. Every request that leaves the local server is counted.
//
//   node explorer/drive.mjs check BASE_URL PLAN_JSON
//   node explorer/drive.mjs german BASE_URL PLAN_JSON   (the German page: its words)
//   node explorer/drive.mjs bench BASE_URL EXAMPLE_ID...
//   node explorer/drive.mjs shots BASE_URL OUT_DIR
import { chromium } from "playwright-core";

const [mode, base, ...rest] = process.argv.slice(2);
const CHROMIUM = process.env.ZWICKER_CHROMIUM || "/usr/bin/chromium";
const LONG = 180000;
const outside = [];

async function launch() {
  return chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--disable-quic"] });
}

function watch(page) {
  const local = new URL(base).origin;
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(local) && !url.startsWith("data:") && !url.startsWith("blob:")) outside.push(url);
  });
}

async function readyAfter(page, count) {
  await page.waitForFunction((n) => Number(document.documentElement.dataset.explorerReady || 0) > n, count, { timeout: LONG });
  return page.evaluate(() => Number(document.documentElement.dataset.explorerReady));
}

async function columns(page) {
  return page.$$eval(".zx-column", (nodes) => nodes.map((node) => ({
    variant: node.dataset.variant,
    title: node.querySelector("h3").textContent,
    count: node.querySelector(".zx-count-number") ? Number(node.querySelector(".zx-count-number").textContent) : null,
    why: node.classList.contains("zx-out") ? node.textContent : null,
  })));
}

// A browser with one page, watched: every request leaving the server, every page error.
async function openBrowser() {
  const browser = await launch();
  const page = await browser.newPage({ viewport: { width: 1280, height: 1600 } });
  watch(page);
  const errors = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return { browser, page, errors };
}

async function check() {
  const plan = JSON.parse(rest[0]);
  const { browser, page, errors } = await openBrowser();
  const result = { examples: {}, errors };
  let ready = 0;
  for (const [n, id] of plan.examples.entries()) {
    if (n === 0) {
      await page.goto(`${base}explorer/?example=${id}`);
      ready = await readyAfter(page, 0);
    } else {
      await page.evaluate((x) => window.zxOpenExample(x), id);
      ready = await page.evaluate(() => Number(document.documentElement.dataset.explorerReady));
    }
    result.examples[id] = { columns: await columns(page), url: page.url() };
  }
  // A known illegal move: the verdicts name its code.
  await page.fill("#zx-move", plan.illegal.move);
  await page.press("#zx-move", "Enter");
  await page.waitForSelector("#zx-verdicts", { timeout: LONG });
  result.verdicts = await page.$$eval("#zx-verdicts li", (items) => items.map((li) => ({ column: li.dataset.column || null, code: li.dataset.code || null, text: li.textContent })));
  // Play the first move of the first column that lists one (by keyboard: focus, Enter).
  const play = page.locator(".zx-column .zx-play").first();
  result.played = await play.getAttribute("aria-label");
  await play.focus();
  await page.keyboard.press("Enter");
  ready = await readyAfter(page, ready);
  result.next = await page.textContent("#zx-next").catch(() => null);
  result.afterUrl = page.url();
  // A malformed pasted file: the status gives the command's message.
  await page.click("summary:has-text('Paste a position file')");
  await page.fill("#zx-paste", plan.malformed);
  await page.click("button:has-text('Read it')");
  await page.waitForSelector("#zx-status.zx-error .zx-problems", { timeout: LONG });
  result.malformed = await page.textContent("#zx-status");
  result.outside = outside;
  await browser.close();
  return result;
}

// The German page (de/explorer/): what it says once ready, and its verdict on an illegal move,
// each text also without the parts marked lang="en" (the reference's own messages).
async function german() {
  const plan = JSON.parse(rest[0]);
  const { browser, page, errors } = await openBrowser();
  await page.goto(`${base}de/explorer/?example=${plan.example}`);
  await readyAfter(page, 0);
  const german = (selector) => page.$$eval(selector, (nodes) => nodes.map((node) => {
    const copy = node.cloneNode(true);
    copy.querySelectorAll("[lang=en]").forEach((marked) => marked.remove());
    return copy.textContent;
  }));
  const result = { errors };
  result.headings = await german("#zx-app h2");
  result.status = await page.textContent("#zx-status");
  result.next = await page.textContent("#zx-next");
  result.counts = await german(".zx-count");
  result.words = await german(".zx-words");
  result.labels = await german("#zx-app label, #zx-app summary, #zx-app button");
  await page.fill("#zx-move", plan.illegal);
  await page.press("#zx-move", "Enter");
  await page.waitForSelector("#zx-verdicts", { timeout: LONG });
  result.verdicts = await page.$$eval("#zx-verdicts li", (items) => items.map((li) => ({ code: li.dataset.code || null })));
  result.verdictTexts = await german("#zx-verdicts li");
  result.outside = outside;
  await browser.close();
  return result;
}

const phase = (name) => fetch(`${base}__phase__/${name}`);

async function bench() {
  // A profile on disk, as a reader's browser has: its cache keeps Pyodide between visits.
  const { mkdtempSync, rmSync } = await import("node:fs");
  const profile = mkdtempSync("/tmp/zwicker-explorer-bench-");
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--disable-quic"], viewport: { width: 1280, height: 1600 },
  });
  const page = await context.newPage();
  watch(page);
  await phase("cold");
  const cold = Date.now();
  await page.goto(`${base}explorer/`);
  await readyAfter(page, 0);
  const coldMs = Date.now() - cold;
  const timings = await page.evaluate(() => window.zxTimings);
  await phase("warm");
  const warm = Date.now();
  await page.goto("about:blank");
  await page.goto(`${base}explorer/`);
  await readyAfter(page, 0);
  const warmMs = Date.now() - warm;
  const warmTimings = await page.evaluate(() => window.zxTimings);
  await phase("examples");
  const examples = [];
  for (const id of rest) {
    const started = Date.now();
    await page.evaluate((x) => window.zxOpenExample(x), id);
    const counts = await columns(page);
    examples.push({ id, ms: Date.now() - started, moves: counts.map((c) => c.count) });
  }
  // Other pages' weight, cold, for comparison (a fresh profile each).
  const fresh = await launch();
  for (const [name, path] of [["other", "variants/dithmarschen/"], ["home", ""]]) {
    const other = await fresh.newContext();
    await phase(name);
    await (await other.newPage()).goto(`${base}${path}`, { waitUntil: "networkidle" });
    await other.close();
  }
  await fresh.close();
  await phase("end");
  await context.close();
  rmSync(profile, { recursive: true, force: true });
  return { coldMs, warmMs, timings, warmTimings, examples, outside };
}

async function shots() {
  const out = rest[0];
  const browser = await launch();
  const taken = [];
  for (const width of [1280, 390]) {
    const page = await browser.newPage({ viewport: { width, height: width === 390 ? 844 : 1000 } });
    watch(page);
    const shot = async (name) => {
      const path = `${out}/explorer-${name}-${width}.png`;
      await page.screenshot({ path, fullPage: true });
      taken.push(path);
    };
    // 1. Open: an example, a pasted file refused, the builder.
    await page.goto(`${base}explorer/?example=dith-build-ace-on-nine`);
    let ready = await readyAfter(page, 0);
    await shot("1-open-example");
    // 2. Every variant, only the differences.
    await page.check("#zx-differences");
    ready = await readyAfter(page, ready);
    await shot("2-differences");
    // 3. Ask about one move.
    await page.fill("#zx-move", "AH>9S=10@0");
    await page.press("#zx-move", "Enter");
    await page.waitForSelector("#zx-verdicts");
    await page.locator(".zx-ask").screenshot({ path: `${out}/explorer-3-ask-${width}.png` });
    taken.push(`${out}/explorer-3-ask-${width}.png`);
    // 4. Play on, then the end of a hand.
    await page.uncheck("#zx-differences");
    ready = await readyAfter(page, ready);
    await page.locator(".zx-column .zx-play").first().click();
    ready = await readyAfter(page, ready);
    await shot("4-played");
    // 5. Share: the address reproduces the view in a fresh page.
    const url = page.url();
    const fresh = await browser.newPage({ viewport: { width, height: 1000 } });
    await fresh.goto(url);
    await readyAfter(fresh, 0);
    await fresh.screenshot({ path: `${out}/explorer-5-shared-${width}.png`, fullPage: true });
    taken.push(`${out}/explorer-5-shared-${width}.png`);
    // The builder, and a score at a hand's end.
    await page.goto(`${base}explorer/?variant=classic&players=2`);
    await page.waitForSelector(".zx-deck button");
    for (const card of ["9C", "4D", "5S"]) await page.locator(".zx-deck button", { hasText: card.replace(/[CDHS]$/, "") }).first().click();
    await shot("1-builder");
    await page.goto(`${base}explorer/?example=cls-score-four-players-no-teams`);
    await readyAfter(page, 0).catch(() => null);
    await shot("4-score");
  }
  await browser.close();
  return { taken, outside };
}

const modes = { check, german, bench, shots };
try {
  console.log(JSON.stringify(await modes[mode]()));
} catch (error) {
  console.log(JSON.stringify({ error: String(error.stack || error), outside }));
  process.exit(1);
}
