#include "report/step_through.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "report/document.hpp"
#include "results/format/json_text.hpp"

namespace plab {

namespace {

constexpr double kWidth = 560, kHeight = 500;
constexpr double kLeft = 62, kRight = 14, kTop = 14, kBottom = 48;

std::string coord(double v) {
  std::string s;
  append_json_number(s, v);
  return s == "null" ? "0" : s;
}

std::string px(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f", v);
  return buffer;
}

std::string tick_text(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.6g", std::fabs(v) < 1e-12 ? 0.0 : v);
  return buffer;
}

// A step of 1, 2 or 5 times a power of ten giving about five ticks over `range`.
double tick_step(double range) {
  const double raw = range / 5.0;
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0}) {
    if (m * power >= raw) return m * power;
  }
  return 10.0 * power;
}

// Data coordinates to pixels, one scale for both axes (lines keep their true angles).
struct Frame {
  double x0, x1, y0, y1, scale, ox, oy;
  double X(double x) const { return ox + (x - x0) * scale; }
  double Y(double y) const { return oy - (y - y0) * scale; }
};

Frame frame_for(const TrajectoryView& view) {
  double x0 = 1e300, x1 = -1e300, y0 = 1e300, y1 = -1e300;
  for (const auto& [a, b] : view.points) {
    x0 = std::min(x0, a), x1 = std::max(x1, a), y0 = std::min(y0, b), y1 = std::max(y1, b);
  }
  const double pad = 0.15 * std::max({x1 - x0, y1 - y0, 1.0});
  x0 -= pad, x1 += pad, y0 -= pad, y1 += pad;
  const double w = kWidth - kLeft - kRight, h = kHeight - kTop - kBottom;
  const double scale = std::min(w / (x1 - x0), h / (y1 - y0));
  // Centre the box; widen the data range to fill the drawing area.
  const double extra_x = (w / scale - (x1 - x0)) / 2, extra_y = (h / scale - (y1 - y0)) / 2;
  x0 -= extra_x, x1 += extra_x, y0 -= extra_y, y1 += extra_y;
  return {x0, x1, y0, y1, scale, kLeft, kHeight - kBottom};
}

std::string axes(const Frame& f, const TrajectoryView& view) {
  std::string s = "<rect x=\"" + px(kLeft) + "\" y=\"" + px(kTop) + "\" width=\"" +
                  px(kWidth - kLeft - kRight) + "\" height=\"" + px(kHeight - kTop - kBottom) +
                  "\" fill=\"white\" stroke=\"#444\"/>\n";
  const double xs = tick_step(f.x1 - f.x0), ys = tick_step(f.y1 - f.y0);
  for (double t = std::ceil(f.x0 / xs) * xs; t <= f.x1; t += xs) {
    s += "<line x1=\"" + px(f.X(t)) + "\" y1=\"" + px(kTop) + "\" x2=\"" + px(f.X(t)) + "\" y2=\"" +
         px(f.oy) + R"(" stroke="#e4e4e4"/><text x=")" + px(f.X(t)) + "\" y=\"" + px(f.oy + 16) +
         R"(" text-anchor="middle">)" + tick_text(t) + "</text>\n";
  }
  for (double t = std::ceil(f.y0 / ys) * ys; t <= f.y1; t += ys) {
    s += "<line x1=\"" + px(kLeft) + "\" y1=\"" + px(f.Y(t)) + "\" x2=\"" + px(kWidth - kRight) +
         "\" y2=\"" + px(f.Y(t)) + R"(" stroke="#e4e4e4"/><text x=")" + px(kLeft - 6) + "\" y=\"" +
         px(f.Y(t) + 4) + R"(" text-anchor="end">)" + tick_text(t) + "</text>\n";
  }
  s += "<text x=\"" + px(kLeft + (kWidth - kLeft - kRight) / 2) + "\" y=\"" + px(kHeight - 10) +
       R"(" text-anchor="middle">)" + escape_html(view.x_name) + "</text>\n<text x=\"16\" y=\"" +
       px(kTop + (kHeight - kTop - kBottom) / 2) +
       R"(" text-anchor="middle" transform="rotate(-90 16 )" +
       px(kTop + (kHeight - kTop - kBottom) / 2) + ")\">" + escape_html(view.y_name) + "</text>\n";
  return s;
}

std::string points(const Frame& f, const TrajectoryView& view) {
  std::string s;
  for (std::size_t i = 0; i < view.points.size(); ++i) {
    const auto [a, b] = view.points[i];
    const std::string title = "<title>row " + std::to_string(i) + ": (" + tick_text(a) + ", " +
                              tick_text(b) + "), y = " + (view.labels[i] == 1 ? "+1" : "-1") +
                              "</title>";
    if (view.labels[i] == 1) {
      s += "<circle cx=\"" + px(f.X(a)) + "\" cy=\"" + px(f.Y(b)) + R"(" r="6" fill="#1f77b4">)" +
           title + "</circle>\n";
    } else {
      s += "<rect x=\"" + px(f.X(a) - 5.5) + "\" y=\"" + px(f.Y(b) - 5.5) +
           R"(" width="11" height="11" fill="#d62728">)" + title + "</rect>\n";
    }
  }
  return s;
}

// What the script needs: the frame, the start (null when not fixed by the config), the
// updates and the samples. Numbers only, so nothing in it can end the <script> element.
std::string script_data(const Frame& f, const TrajectoryView& view) {
  std::string s = "{\"x0\":" + coord(f.x0) + ",\"x1\":" + coord(f.x1) + ",\"y0\":" + coord(f.y0) +
                  ",\"y1\":" + coord(f.y1) + ",\"s\":" + coord(f.scale) + ",\"ox\":" + coord(f.ox) +
                  ",\"oy\":" + coord(f.oy) + ",\"start\":";
  s += view.start ? "[" + coord((*view.start)[0]) + "," + coord((*view.start)[1]) + "," +
                        coord((*view.start)[2]) + "]"
                  : "null";
  s += R"(,"rule":")" + view.rule + R"(","threshold":)" + coord(view.threshold);
  // Each visit as [epoch, row (null: a scan that found no row to update), 1 if it updated].
  s += ",\"visits\":";
  if (view.visits.empty()) s += "null";
  for (std::size_t k = 0; k < view.visits.size(); ++k) {
    const Visit& v = view.visits[k];
    s += (k == 0 ? "[[" : ",[") + std::to_string(v.epoch) + "," +
         (v.row ? std::to_string(*v.row) : "null") + "," + (v.update ? "1" : "0") + "]";
  }
  if (!view.visits.empty()) s += "]";
  s += ",\"pts\":[";
  for (std::size_t i = 0; i < view.points.size(); ++i) {
    s += (i == 0 ? "[" : ",[") + coord(view.points[i][0]) + "," + coord(view.points[i][1]) + "," +
         std::to_string(view.labels[i]) + "]";
  }
  s += "],\"steps\":[";
  for (std::size_t k = 0; k < view.steps.size(); ++k) {
    const TrajectoryStep& step = view.steps[k];
    s += (k == 0 ? "{\"e\":" : ",{\"e\":") + std::to_string(step.epoch) +
         ",\"i\":" + (step.sample ? std::to_string(*step.sample) : "null") + ",\"w\":[" +
         coord(step.w[0]) + "," + coord(step.w[1]) + "," + coord(step.w[2]) + "]}";
  }
  return s + "]}";
}

// Plain ES5, no library: clips each line to the drawing box, shades the side w·x̃ > 0.
// Frame 0 is the start w₀; then every visit of the replayed run (report/visit_replay.hpp),
// w changing at the visits that updated it to the recorded weights, or, when the replay is
// not shown, the recorded updates alone. Keys: → and ← step, space plays, Home and End go
// to the start and the last frame.
constexpr const char* kScript = R"JS(
(function () {
  var D = JSON.parse(document.getElementById('st-data').textContent);
  var F = [{ start: true, w: D.start }], replayed = D.visits !== null;
  (function frames() {
    if (!replayed) {
      D.steps.forEach(function (s, k) { F.push({ e: s.e, i: s.i, b: k > 0 ? D.steps[k - 1].w : D.start, w: s.w, u: true }); });
      return;
    }
    var w = D.start, k = 0;
    D.visits.forEach(function (v) {
      if (v[2]) { F.push({ e: v[0], i: v[1], b: w, w: D.steps[k].w, u: true }); w = D.steps[k++].w; }
      else F.push({ e: v[0], i: v[1], b: w, w: w, u: false, scan: v[1] === null });
    });
  })();
  var n = F.length, at = 0, timer = null, updates = 0;
  F.forEach(function (g) { if (g.u) g.k = ++updates; });
  function $(id) { return document.getElementById(id); }
  function X(x) { return D.ox + (x - D.x0) * D.s; }
  function Y(y) { return D.oy - (y - D.y0) * D.s; }
  function f(v) {
    var t = Math.abs(v) < 1e-12 ? 0 : +v.toPrecision(5);
    return t < 0 ? '\u2212' + (-t) : '' + t;
  }
  function vec(w) { return '\u27e8' + w.map(f).join(', ') + '\u27e9'; }
  function dot(a, b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
  function cut(w) {
    var c = [[D.x0, D.y0], [D.x1, D.y0], [D.x1, D.y1], [D.x0, D.y1]], poly = [], seg = [];
    for (var k = 0; k < 4; k++) {
      var a = c[k], b = c[(k + 1) % 4];
      var fa = w[0] + w[1] * a[0] + w[2] * a[1], fb = w[0] + w[1] * b[0] + w[2] * b[1];
      if (fa > 0) poly.push(a);
      if ((fa > 0) !== (fb > 0) && fa !== fb) {
        var t = fa / (fa - fb), p = [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
        poly.push(p); seg.push(p);
      }
    }
    return { poly: poly, seg: seg };
  }
  function line(el, w) {
    var c = w ? cut(w) : { poly: [], seg: [] };
    if (c.seg.length < 2) { el.setAttribute('visibility', 'hidden'); return c; }
    el.setAttribute('visibility', 'visible');
    el.setAttribute('x1', X(c.seg[0][0])); el.setAttribute('y1', Y(c.seg[0][1]));
    el.setAttribute('x2', X(c.seg[1][0])); el.setAttribute('y2', Y(c.seg[1][1]));
    return c;
  }
  // The learner's own condition, worded as it decides: [updates?, the sentence].
  function rule(w, x, y) {
    var s = dot(w, x), m = y * s, yt = y > 0 ? '+1' : '\u22121';
    if (D.rule === 'positive') {
      var p = s >= 0 ? 1 : -1;
      return [p !== y, 'w\u00b7x\u0303 = ' + vec(w) + '\u00b7' + vec(x) + ' = ' + f(s) + (s >= 0 ? ' \u2265 0, so \u0177 = +1' : ' < 0, so \u0177 = \u22121') + ' (tie rule positive: a score of 0 predicts +1); y = ' + yt + (p !== y ? ': wrong, so w is updated' : ': right, so w stays')];
    }
    var head = 'y\u00b7(w\u00b7x\u0303) = ' + yt + '\u00b7(' + vec(w) + '\u00b7' + vec(x) + ') = ' + f(m);
    if (D.rule === 'margin') {
      return [m <= D.threshold, head + (m <= D.threshold ? ' \u2264 \u03c4 = ' + f(D.threshold) + ': within the margin, so w is updated (even on the right side)' : ' > \u03c4 = ' + f(D.threshold) + ': outside the margin, so w stays')];
    }
    if (D.rule === 'mistake') return [m <= 0, head + (m <= 0 ? ' \u2264 0: a mistake (a score of 0 is one), so w is updated' : ' > 0: right, so w stays')];
    return [null, head];
  }
  function show(k) {
    at = Math.max(0, Math.min(n - 1, k));
    var g = F[at], w = g.w;
    var c = line($('st-line'), w);
    $('st-line').setAttribute('data-w', w ? JSON.stringify(w) : 'null');
    $('st-half').setAttribute('points', c.poly.map(function (p) { return X(p[0]) + ',' + Y(p[1]); }).join(' '));
    line($('st-before'), g.start ? null : g.b);
    var ring = $('st-ring'), text = [];
    $('st-weights').textContent = w ? 'w = ' + vec(w) + (w[2] !== 0 || w[1] !== 0 ? '' : ' (no line: only the bias is non-zero)') : 'w\u2080 is random and not recorded';
    if (g.start) {
      $('st-counter').textContent = 'start (w\u2080), then ' + (n - 1) + (replayed ? ' visits, ' + updates + ' of them updates' : ' updates');
      ring.setAttribute('visibility', 'hidden');
      $('st-weights').textContent = w ? 'w\u2080 = ' + vec(w) : 'w\u2080 is random and not recorded';
      text.push(w ? 'the start: w\u2080 = ' + vec(w) + (replayed && D.visits.length && D.visits[0][1] !== null ? '; next visits row ' + D.visits[0][1] + ' of epoch 1' : '') : 'the start w\u2080 is random and not recorded, so the first update cannot be written out');
      $('st-equation').textContent = text.join('\n');
      return;
    }
    $('st-counter').textContent = (replayed ? 'visit ' + at + ' of ' + (n - 1) + ', ' : '') + (g.u ? 'update ' + g.k + ' of ' + updates : 'no update') + ' (epoch ' + g.e + (g.i !== null ? ', row ' + g.i : '') + ')';
    var x = null, y = 0;
    if (g.i !== null && g.i < D.pts.length) {
      var p = D.pts[g.i]; x = [1, p[0], p[1]]; y = p[2];
      ring.setAttribute('cx', X(p[0])); ring.setAttribute('cy', Y(p[1]));
      ring.setAttribute('visibility', 'visible');
      text.push((g.u ? 'caused by row ' : 'visits row ') + g.i + ': x\u0303 = ' + vec(x) + ', y = ' + (y > 0 ? '+1' : '\u22121'));
      if (g.b) {
        var r = rule(g.b, x, y);
        text.push('before it, ' + r[1]);
        if (r[0] !== null && r[0] !== g.u) text.push('(the record ' + (g.u ? 'has an update here' : 'has none here') + ', unlike the rule as written: read this frame with care)');
      }
    } else {
      ring.setAttribute('visibility', 'hidden');
      text.push(g.scan ? 'a scan of every row finds none to update: the run has converged' : 'a batch update (all rows at once)');
    }
    if (!g.u) {
      text.push('w stays ' + vec(w));
    } else if (!g.b) {
      text.push('the start w\u2080 is random and not recorded, so the update cannot be written out; after it w = ' + vec(w));
    } else {
      var b = g.b, d = [w[0] - b[0], w[1] - b[1], w[2] - b[2]];
      var c2 = x ? dot(d, x) * y / dot(x, x) : 0;
      var res = x ? [d[0] - c2 * y * x[0], d[1] - c2 * y * x[1], d[2] - c2 * y * x[2]] : d;
      if (x && Math.sqrt(dot(res, res)) <= 1e-9 * (1 + Math.sqrt(dot(d, d)))) {
        text.push('w \u2190 w + c\u00b7y\u00b7x\u0303 with c = ' + f(c2) + ' (c = \u03b7 for the classic rule w \u2190 w + \u03b7\u00b7y\u00b7x\u0303):');
        text.push('  ' + vec(b) + ' + ' + f(c2) + '\u00b7(' + (y > 0 ? '+1' : '\u22121') + ')\u00b7' + vec(x) + ' = ' + vec(w));
      } else {
        text.push('w \u2190 w + \u0394w:  ' + vec(b) + ' + ' + vec(d) + ' = ' + vec(w));
      }
    }
    $('st-equation').textContent = text.join('\n');
  }
  function stop() { if (timer) { clearInterval(timer); timer = null; $('st-play').textContent = '\u25b6 play'; } }
  function play() {
    if (timer) { stop(); return; }
    if (at === n - 1) show(0);
    $('st-play').textContent = '\u275a\u275a pause';
    timer = setInterval(function () { if (at >= n - 1) stop(); else show(at + 1); }, 700);
  }
  $('st-first').onclick = function () { stop(); show(0); };
  $('st-prev').onclick = function () { stop(); show(at - 1); };
  $('st-next').onclick = function () { stop(); show(at + 1); };
  $('st-last').onclick = function () { stop(); show(n - 1); };
  $('st-play').onclick = play;
  document.addEventListener('keydown', function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey || /^(INPUT|TEXTAREA|SELECT)$/.test(ev.target.tagName)) return;
    var act = { ArrowRight: 'st-next', ArrowLeft: 'st-prev', Home: 'st-first', End: 'st-last', ' ': 'st-play' }[ev.key];
    if (!act) return;
    ev.preventDefault();
    $(act).click();
  });
  $('step-through').hidden = false;
  show(0);
  var m = /^#next(\d*)$/.exec(location.hash);
  for (var k = m ? +(m[1] || 1) : 0; k > 0; k--) $('st-next').click();
})();
)JS";

}  // namespace

std::string step_through_panel(const TrajectoryView& view) {
  if (view.steps.empty() || view.points.empty()) return "";
  const Frame f = frame_for(view);
  std::string h =
      "<noscript><p>With script, a panel here steps through the updates one by one; the "
      "figure above shows them all.</p></noscript>\n"
      "<section class=\"step\" id=\"step-through\" hidden>\n<h3>Step through the updates: " +
      escape_html(view.learner) +
      ", repeat 0</h3>\n<p>It opens on the start w₀. Each press of <i>next</i> (or →) "
      "goes one step further: every visit of a row, the correct ones included. The records "
      "hold only the updates, so the run is replayed from its seed (the same plugin, start "
      "and order stream), and the visits are shown only when the replay reproduces every "
      "recorded update. ← goes back, space plays, Home "
      "and End go to the start and the end. The thick line is w·x̃ = 0 (the shaded side is "
      "classified +1), the dashed line the one before the step, and the ringed point the "
      "row visited.</p>\n<svg id=\"st-svg\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " +
      px(kWidth) + " " + px(kHeight) + "\" width=\"" + px(kWidth) + "\" height=\"" + px(kHeight) +
      "\" font-family=\"sans-serif\" font-size=\"14\">\n" + axes(f, view) +
      "<polygon id=\"st-half\" fill=\"#1f77b4\" fill-opacity=\"0.10\" points=\"\"/>\n" +
      points(f, view) +
      "<line id=\"st-before\" stroke=\"#888\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\" "
      "visibility=\"hidden\"/>\n<line id=\"st-line\" stroke=\"#111\" stroke-width=\"3\" "
      "visibility=\"hidden\"/>\n<circle id=\"st-ring\" r=\"11\" fill=\"none\" "
      "stroke=\"#ff7f0e\" stroke-width=\"3\" visibility=\"hidden\"/>\n</svg>\n<div>"
      "<button id=\"st-first\">|◀ first</button><button id=\"st-prev\">◀ previous</button>"
      "<button id=\"st-play\">▶ play</button><button id=\"st-next\">next ▶</button>"
      "<button id=\"st-last\">last ▶|</button> <span id=\"st-counter\"></span></div>\n"
      "<p id=\"st-weights\"></p>\n<p class=\"equation\" id=\"st-equation\"></p>\n";
  if (!view.visits_note.empty()) {
    h += "<p class=\"note\" id=\"st-note\">This panel steps through the recorded updates "
         "only: the visits between them are not shown, because " +
         escape_html(view.visits_note) + ".</p>\n";
  }
  if (view.steps_cut) {
    h += "<p>Only the first " + std::to_string(kMaxTrajectorySteps) +
         " updates are shown here; trajectory.jsonl has them all.</p>\n";
  }
  h += R"(<script type="application/json" id="st-data">)" + script_data(f, view) +
       "</script>\n<script>" + kScript + "</script>\n</section>";
  return h;
}

}  // namespace plab
