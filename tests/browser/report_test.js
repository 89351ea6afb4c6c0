// Drives Debian's Chromium (puppeteer-core) over the report plab writes for one case, and
// checks what a reader sees against numbers this script computes from the records itself:
//   margin_sweep  the first sentence carries the fitted exponent of median mistakes against
//                 (R/rho)^2; the first figure is that fit
//   kernel_xor    the first sentence says which learners converged and their median mistakes;
//                 the first figures are the kernel learners' boundaries
//   holdout       the first sentence carries the median paired difference in test error
//   trace         the first sentence carries the final weights and the epoch of convergence;
//                 the step-through opens on w0, the arrow keys, space, Home and End move it,
//                 and it visits every row of every epoch (correct visits included)
//   trace_shuffled the same trace idea with shuffled epochs: the step-through shows every
//                 visit, and its order, count and updates equal those of a replay this script
//                 computes itself (plab's random streams and the perceptron's rule, written
//                 again here); with the records edited, the panel shows the updates only
//   kernel_xor     also: the first figure carries the linear perceptron's line beside the
//                 kernel's boundary, with its count of wrong rows computed here
// Every case also checks that each text of every figure is at least 14 px and that the page
// does not scroll sideways on a 390-px phone.
//
//   usage: node report_test.js CASE SOURCE_DIR PLAB WORK_DIR
// ctest runs it (tests report_browser_CASE). puppeteer-core comes from npm into
// tests/browser/node_modules and Chromium from Debian: both are installed by
// `bash scripts/setup-deps --with-test-tools`, and a missing one fails the test saying so.
'use strict';
const assert = require('assert');
const childProcess = require('child_process');
const fs = require('fs');
const path = require('path');

const kChromium = '/usr/bin/chromium';
const [, , testCase, source, plab, work] = process.argv;

function fail(message) {
  console.error('report_test.js (' + testCase + '): ' + message);
  process.exit(1);
}

let puppeteer;
try {
  puppeteer = require('puppeteer-core');
} catch (e) {
  fail('puppeteer-core is not installed in ' + __dirname + '/node_modules: run ' +
       'bash scripts/setup-deps --with-test-tools (it runs npm ci there)');
}
if (!fs.existsSync(kChromium)) {
  fail('Chromium is not installed (' + kChromium + '): run bash scripts/setup-deps ' +
       '--with-test-tools (Debian package chromium)');
}

// The shipped configs state claims, whose verdicts open the conclusion (with their own
// numbers); /claims=[] gives the conclusion written without claims, which these check.
const cases = {
  margin_sweep: {config: 'experiments/margin_sweep/margin_sweep.json', set: ['/repeats=5', '/claims=[]']},
  kernel_xor: {config: 'experiments/kernel_xor/xor.json', set: ['/claims=[]']},
  holdout: {config: 'configs/heart_scale.json', set: ['/repeats=8', '/claims=[]']},
  trace: {config: 'experiments/textbook_traces/worked_example.json', set: ['/claims=[]']},
  trace_shuffled: {config: 'experiments/textbook_traces/and_function.json',
                   set: ['/claims=[]', '/protocol/order="shuffle"']},
};

function runPlab(spec, out) {
  const args = ['run', path.join(source, spec.config), '--out', out, '--quiet'];
  for (const s of spec.set) args.push('--set', s);
  const r = childProcess.spawnSync(plab, args, {encoding: 'utf8'});
  if (r.status !== 0) fail('plab ' + args.join(' ') + ' exited ' + r.status + ': ' + r.stderr);
}

function jsonLines(file) {
  return fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
}

function median(values) {
  const v = values.slice().sort((a, b) => a - b);
  const h = Math.floor(v.length / 2);
  return v.length % 2 ? v[h] : (v[h - 1] + v[h]) / 2;
}

// As the report writes numbers: %.Ng.
function g(v, digits) {
  if (v === 0) return '0';
  const e = Math.floor(Math.log10(Math.abs(v)));
  if (e < -4 || e >= digits) {
    let [m, x] = v.toExponential(digits - 1).split('e');
    if (m.includes('.')) m = m.replace(/0+$/, '').replace(/\.$/, '');
    const n = Number(x);
    return m + 'e' + (n < 0 ? '-' : '+') + String(Math.abs(n)).padStart(2, '0');
  }
  let t = v.toFixed(Math.max(0, digits - 1 - e));
  if (t.includes('.')) t = t.replace(/0+$/, '').replace(/\.$/, '');
  return t;
}

function byLearner(runs) {
  const out = new Map();
  for (const r of runs) {
    if (!out.has(r.learner)) out.set(r.learner, []);
    out.get(r.learner).push(r);
  }
  return out;
}

// The numbers the first sentence must carry, from runs.jsonl (and trajectory.jsonl).
const expectations = {
  margin_sweep(dir) {
    const runs = jsonLines(path.join(dir, 'runs.jsonl'));
    const points = new Map();
    for (const r of runs) {
      if (!points.has(r.point)) points.set(r.point, {x: (r.R * r.R) / (r.rho * r.rho), m: []});
      points.get(r.point).m.push(r.mistakes);
    }
    const xs = [], ys = [];
    for (const p of points.values()) {
      const m = median(p.m);
      if (m > 0) xs.push(Math.log(p.x)), ys.push(Math.log(m));
    }
    const mx = xs.reduce((a, b) => a + b) / xs.length, my = ys.reduce((a, b) => a + b) / ys.length;
    let sxy = 0, sxx = 0;
    xs.forEach((x, k) => { sxy += (x - mx) * (ys[k] - my); sxx += (x - mx) * (x - mx); });
    const slope = sxy / sxx;
    return ["'classic' grow like ((R/rho)^2)^" + g(slope, 3),
            'over ' + xs.length + ' sweep points'];
  },
  kernel_xor(dir) {
    const want = [];
    for (const [learner, runs] of byLearner(jsonLines(path.join(dir, 'runs.jsonl')))) {
      const converged = runs.filter((r) => r.status === 'converged').length;
      const m = g(median(runs.map((r) => r.mistakes)), 4);
      const n = runs.length;
      want.push("'" + learner + "' converged in " + converged + ' of ' + n +
                (n === 1 ? ' run' : ' runs') + ' (median ' + m + ' mistakes)');
    }
    return want;
  },
  holdout(dir) {
    const groups = byLearner(jsonLines(path.join(dir, 'runs.jsonl')));
    const [baseline, ...others] = [...groups.keys()];
    const base = new Map(groups.get(baseline).map((r) => [r.repeat, r.test_error]));
    // Every paired difference against the first learner: the sentence names one of them.
    return [others.map((other) => {
      const d = groups.get(other).map((r) => r.test_error - base.get(r.repeat));
      return {other, text: 'median paired difference ' + g(median(d), 4),
              pairs: 'over ' + d.length + ' pairs'};
    }), baseline];
  },
  trace(dir) {
    const steps = jsonLines(path.join(dir, 'trajectory.jsonl'));
    const run = jsonLines(path.join(dir, 'runs.jsonl'))[0];
    const w = steps[steps.length - 1].w;
    const vec = '⟨' + w.map((x) => g(x, 6)).join(', ') + '⟩';
    return ['ends at w = ' + vec, 'after ' + steps.length + ' updates',
            'converged in epoch ' + run.epochs];
  },
};

expectations.trace_shuffled = expectations.trace;

// plab's random streams as docs/reproducibility.md describes them, written again: the seed of
// a stream is SplitMix64's finaliser over (seed, point, repeat, purpose), the generator
// xoshiro256**, a bounded draw Lemire's, a shuffle Fisher–Yates from the last position.
const kMask = (1n << 64n) - 1n;
function mix64(z) {
  z = (z + 0x9e3779b97f4a7c15n) & kMask;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & kMask;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & kMask;
  return z ^ (z >> 31n);
}
function deriveSeed(master, point, repeat, purpose) {
  let h = mix64(BigInt(master));
  h = mix64(h ^ BigInt(point));
  h = mix64(h ^ BigInt(repeat));
  return mix64(h ^ BigInt(purpose));
}
function orderStream(seed) {
  const s = [];
  for (let k = 0; k < 4; k++) {
    seed = (seed + 0x9e3779b97f4a7c15n) & kMask;
    s.push(mix64(seed));
  }
  const rotl = (x, k) => ((x << BigInt(k)) | (x >> BigInt(64 - k))) & kMask;
  function next() {
    const result = (rotl((s[1] * 5n) & kMask, 7) * 9n) & kMask;
    const t = (s[1] << 17n) & kMask;
    s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t; s[3] = rotl(s[3], 45);
    return result;
  }
  function below(n) {
    const b = BigInt(n);
    let m = next() * b;
    if ((m & kMask) < b) {
      const threshold = ((1n << 64n) - b) % b;
      while ((m & kMask) < threshold) m = next() * b;
    }
    return Number(m >> 64n);
  }
  return function permutation(n) {
    const o = [...Array(n).keys()];
    for (let i = n; i > 1; --i) {
      const j = below(i);
      [o[i - 1], o[j]] = [o[j], o[i - 1]];
    }
    return o;
  };
}

// Repeat 0 of the classic perceptron (tie "mistake": y·(w·x̃) <= 0 updates w += y·x̃) from
// zero, every epoch in a fresh order of the order stream (purpose 2), until a clean epoch.
function replayShuffledPerceptron(config) {
  const x = config.dataset.x.map((r) => [1, ...r]);
  const y = config.dataset.y.map((v) => (v === 1 ? 1 : -1));
  const permutation = orderStream(deriveSeed(config.seed, 0, 0, 2));
  let w = [0, 0, 0];
  const visits = [];
  for (let e = 1; e <= config.protocol.max_epochs; e++) {
    let clean = true;
    for (const i of permutation(x.length)) {
      const u = y[i] * (w[0] * x[i][0] + w[1] * x[i][1] + w[2] * x[i][2]) <= 0;
      if (u) w = w.map((v, k) => v + y[i] * x[i][k]), clean = false;
      visits.push({e, i, u, w});
    }
    if (clean) break;
  }
  return visits;
}

async function checkShuffledStepThrough(page, dir, file) {
  const config = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')).config;
  const visits = replayShuffledPerceptron(config);
  const updates = visits.filter((v) => v.u).length;
  assert.strictEqual(updates, jsonLines(path.join(dir, 'trajectory.jsonl')).length,
                     'the independent replay makes the recorded number of updates');
  assert.strictEqual(await text(page, 'st-counter'), 'start (w₀), then ' + visits.length +
                     ' visits, ' + updates + ' of them updates');
  let k = 0;
  for (const [n, v] of visits.entries()) {
    await page.keyboard.press('ArrowRight');
    if (v.u) k++;
    assert.strictEqual(await text(page, 'st-counter'), 'visit ' + (n + 1) + ' of ' +
                       visits.length + ', ' + (v.u ? 'update ' + k + ' of ' + updates : 'no update') +
                       ' (epoch ' + v.e + ', row ' + v.i + ')');
    assert.deepStrictEqual(JSON.parse(await page.$eval('#st-line', (e) => e.getAttribute('data-w'))),
                           v.w, 'the weights after visit ' + (n + 1));
  }
  // Records that the replay does not reproduce: the updates only, and a note says why.
  const lines = fs.readFileSync(path.join(dir, 'trajectory.jsonl'), 'utf8').split('\n');
  lines[0] = lines[0].replace(/"w":\[[^\]]*\]/, '"w":[7,7,7]');
  fs.writeFileSync(path.join(dir, 'trajectory.jsonl'), lines.join('\n'));
  const r = childProcess.spawnSync(plab, ['report', dir], {encoding: 'utf8'});
  if (r.status !== 0) fail('plab report ' + dir + ' exited ' + r.status + ': ' + r.stderr);
  await page.goto('file://' + file);
  assert.strictEqual(await text(page, 'st-counter'), 'start (w₀), then ' + updates + ' updates');
  assert.match(await text(page, 'st-note'), /updates only: .* because the replay's update 1 differs/);
}

async function firstSentence(page) {
  const text = await page.evaluate(() => {
    const h = [...document.querySelectorAll('h2')].find((e) => e.textContent === 'Conclusion');
    return h && h.nextElementSibling ? h.nextElementSibling.textContent : '';
  });
  assert.ok(text, 'the page has a conclusion');
  return text.split(/\.\s+(?=[A-Z'])/)[0];
}

async function checkFiguresAndPhone(page, file) {
  const small = await page.evaluate(() => [...document.querySelectorAll('figure svg text')]
      .filter((t) => t.textContent.trim() && parseFloat(getComputedStyle(t).fontSize) < 14)
      .map((t) => t.textContent + ' (' + getComputedStyle(t).fontSize + ')'));
  assert.deepStrictEqual(small, [], 'every text of every figure is at least 14 px');
  await page.setViewport({width: 390, height: 800});
  await page.goto('file://' + file);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= 390, 'on a 390-px phone the page is ' + wide + ' px wide: tables and ' +
            'figures must fit or scroll in their own box');
  const viewport = await page.$('meta[name="viewport"]');
  assert.ok(viewport, 'the page has a viewport meta');
}

async function text(page, id) {
  return page.$eval('#' + id, (e) => e.textContent);
}

async function checkStepThrough(page, dir) {
  const steps = jsonLines(path.join(dir, 'trajectory.jsonl'));
  const run = jsonLines(path.join(dir, 'runs.jsonl'))[0];
  const rows = 4;  // the worked example's data
  const visits = run.epochs * rows;  // cyclic order, converged: every epoch visits every row
  assert.match(await text(page, 'st-counter'), new RegExp('^start \\(w₀\\), then ' + visits +
               ' visits, ' + steps.length + ' of them updates'));
  assert.strictEqual(await text(page, 'st-weights'), 'w₀ = ⟨0, 0, 0⟩');
  await page.keyboard.press('ArrowRight');
  assert.strictEqual(await text(page, 'st-counter'), 'visit 1 of ' + visits +
                     ', no update (epoch 1, row 0)');
  assert.match(await text(page, 'st-equation'), /ŷ = \+1 .*right, so w stays/);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  // Row 2 of epoch 1 is the first recorded update.
  assert.strictEqual(await text(page, 'st-counter'),
                     'visit 3 of ' + visits + ', update 1 of ' + steps.length + ' (epoch ' +
                     steps[0].epoch + ', row ' + steps[0].sample + ')');
  assert.match(await text(page, 'st-equation'), /wrong, so w is updated/);
  assert.deepStrictEqual(JSON.parse(await page.$eval('#st-line', (e) => e.getAttribute('data-w'))),
                         steps[0].w);
  await page.keyboard.press('ArrowLeft');
  assert.match(await text(page, 'st-counter'), /^visit 2 of /);
  await page.keyboard.press('End');
  assert.match(await text(page, 'st-counter'), new RegExp('^visit ' + visits + ' of ' + visits));
  assert.deepStrictEqual(JSON.parse(await page.$eval('#st-line', (e) => e.getAttribute('data-w'))),
                         steps[steps.length - 1].w);
  await page.keyboard.press('Home');
  assert.strictEqual(await text(page, 'st-weights'), 'w₀ = ⟨0, 0, 0⟩');
  await page.keyboard.press(' ');
  assert.match(await text(page, 'st-play'), /pause/);
  await page.keyboard.press(' ');
  assert.match(await text(page, 'st-play'), /play/);
}

(async () => {
  const spec = cases[testCase];
  if (!spec) fail('unknown case ' + testCase);
  fs.rmSync(work, {recursive: true, force: true});
  fs.mkdirSync(work, {recursive: true});
  const dir = path.join(work, 'o');
  runPlab(spec, dir);
  const file = path.join(dir, 'report.html');
  const browser = await puppeteer.launch({
    executablePath: kChromium,
    headless: true,
    userDataDir: path.join(work, 'profile'),
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
           '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    await page.setViewport({width: 1280, height: 900});
    await page.goto('file://' + file);
    const first = await firstSentence(page);
    const figures = await page.$$eval('figure svg', (s) => s.map((e) => e.textContent));
    if (testCase === 'holdout') {
      const [diffs, baseline] = expectations.holdout(dir);
      const named = diffs.find((d) => first.includes("'" + d.other + "'"));
      assert.ok(named && first.includes("'" + baseline + "'"), first);
      assert.ok(first.includes(named.text) && first.includes(named.pairs),
                'the first sentence "' + first + '" carries ' + named.text + ' ' + named.pairs);
    } else {
      for (const want of expectations[testCase](dir)) {
        assert.ok(first.includes(want), 'the first sentence "' + first + '" carries "' + want + '"');
      }
    }
    if (testCase === 'margin_sweep') {
      assert.match(figures[0], /Median mistakes against \(R\/rho\)\^2/, 'the fit is the first figure');
      assert.ok(figures.some((f) => f.includes('margin = 0.025')),
                'sweep points are labelled by their values');
    }
    if (testCase === 'kernel_xor') {
      assert.match(figures[0], /Kernel perceptron 'quadratic'/, 'a kernel boundary is the first figure');
      // The linear perceptron's final w = Σ αᵢyᵢx̃ᵢ (η = 1, zero start) from its record's
      // updates per row, and the rows on its wrong side.
      const config = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')).config;
      const linear = jsonLines(path.join(dir, 'runs.jsonl')).find((r) => r.learner === 'linear' && r.repeat === 0);
      const x = config.dataset.x.map((r) => [1, ...r]), y = config.dataset.y;
      const w = [0, 0, 0];
      linear.sample_mistakes.forEach((a, i) => { for (let k = 0; k < 3; k++) w[k] += a * y[i] * x[i][k]; });
      const wrong = x.filter((xi, i) => y[i] * (w[0] * xi[0] + w[1] * xi[1] + w[2] * xi[2]) <= 0).length;
      assert.ok(figures[0].includes("linear perceptron 'linear': " + wrong + ' rows wrong'),
                'the first figure carries the linear learner: ' + figures[0]);
    }
    if (testCase === 'trace') await checkStepThrough(page, dir);
    if (testCase === 'trace_shuffled') await checkShuffledStepThrough(page, dir, file);
    await checkFiguresAndPhone(page, file);
  } finally {
    await browser.close();
  }
  console.log('report_test.js (' + testCase + '): ok');
})().catch((e) => fail(e.stack || String(e)));
