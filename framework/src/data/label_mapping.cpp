#include "data/label_mapping.hpp"

#include <algorithm>
#include <charconv>
#include <unordered_map>

#include "config/did_you_mean.hpp"
#include "error.hpp"

namespace plab {

namespace {

std::optional<double> as_number(const std::string& text) {
  std::string_view t(text);
  if (!t.empty() && t.front() == '+') t.remove_prefix(1);
  double v = 0;
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (t.empty() || ec != std::errc() || end != t.data() + t.size()) return std::nullopt;
  return v;
}

bool same_label(const std::string& a, const std::string& b) {
  if (a == b) return true;
  const auto x = as_number(a);
  const auto y = as_number(b);
  return x && y && *x == *y;
}

// Distinct labels, each with its first row, in order of first appearance.
struct Distinct {
  std::vector<std::string> names;
  std::vector<std::size_t> first_row;
  std::vector<std::int32_t> index;  // per row, into names
};

Distinct distinct_labels(const std::vector<std::string>& labels) {
  Distinct d;
  std::unordered_map<std::string, std::int32_t> seen;
  d.index.reserve(labels.size());
  for (std::size_t i = 0; i < labels.size(); ++i) {
    auto it = seen.find(labels[i]);
    if (it == seen.end()) {
      // Numerically equal spellings ("1" and "1.0") join the class seen first.
      std::int32_t found = -1;
      for (std::size_t k = 0; k < d.names.size() && found < 0; ++k) {
        if (same_label(d.names[k], labels[i])) found = static_cast<std::int32_t>(k);
      }
      if (found < 0) {
        found = static_cast<std::int32_t>(d.names.size());
        d.names.push_back(labels[i]);
        d.first_row.push_back(i);
      }
      it = seen.emplace(labels[i], found).first;
    }
    d.index.push_back(it->second);
  }
  return d;
}

std::string count_text(std::size_t n, const char* what) {
  return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
}

}  // namespace

std::vector<bool> labels_in(const std::vector<std::string>& labels,
                            const std::vector<std::string>& wanted, const std::string& source) {
  const Distinct d = distinct_labels(labels);
  std::vector<bool> class_kept(d.names.size(), false);
  for (const std::string& w : wanted) {
    bool found = false;
    for (std::size_t k = 0; k < d.names.size(); ++k) {
      if (same_label(d.names[k], w)) class_kept[k] = found = true;
    }
    if (!found) {
      throw DataError(source + ": keep_classes names '" + w +
                      "', which does not occur in the labels" + did_you_mean(w, d.names) +
                      "; labels present: " + quoted_list(d.names));
    }
  }
  std::vector<bool> keep(labels.size());
  for (std::size_t i = 0; i < labels.size(); ++i) keep[i] = class_kept[d.index[i]];
  return keep;
}

LabelMapping map_labels(const std::vector<std::string>& labels,
                        const std::optional<std::vector<std::string>>& positive,
                        const std::optional<std::vector<std::string>>& classes,
                        const std::string& source,
                        const std::function<std::string(std::size_t)>& row_origin) {
  const Distinct d = distinct_labels(labels);
  LabelMapping m;

  if (positive) {
    std::vector<bool> is_positive(d.names.size(), false);
    for (const std::string& p : *positive) {
      bool found = false;
      for (std::size_t k = 0; k < d.names.size(); ++k) {
        if (same_label(d.names[k], p)) is_positive[k] = found = true;
      }
      if (!found) {
        throw DataError(source + ": the positive class '" + p + "' does not occur in the labels" +
                        did_you_mean(p, d.names) + "; labels present: " + quoted_list(d.names));
      }
    }
    if (std::all_of(is_positive.begin(), is_positive.end(), [](bool b) { return b; })) {
      throw DataError(source + ": every sample is positive (" + quoted_list(d.names) +
                      "), so the binary task has a single class; leave at least one label out of "
                      "'positive'");
    }
    m.task = TaskKind::kBinary;
    std::string joined;
    for (const std::string& p : *positive) joined += (joined.empty() ? "" : "+") + p;
    m.class_names = {"rest", joined};
    for (std::int32_t k : d.index) m.index.push_back(is_positive[k] ? 1 : 0);
    return m;
  }

  if (classes) {
    for (std::size_t a = 0; a < classes->size(); ++a) {
      for (std::size_t b = a + 1; b < classes->size(); ++b) {
        if (same_label((*classes)[a], (*classes)[b])) {
          throw DataError(source + ": class '" + (*classes)[a] + "' is listed twice in 'classes'");
        }
      }
    }
    std::vector<std::int32_t> remap(d.names.size(), -1);
    for (std::size_t k = 0; k < d.names.size(); ++k) {
      for (std::size_t c = 0; c < classes->size(); ++c) {
        if (same_label(d.names[k], (*classes)[c])) remap[k] = static_cast<std::int32_t>(c);
      }
      if (remap[k] < 0) {
        throw DataError(row_origin(d.first_row[k]) + ": label '" + d.names[k] +
                        "' is not in 'classes'" + did_you_mean(d.names[k], *classes) +
                        "; listed: " + quoted_list(*classes));
      }
    }
    if (classes->size() < 2) {
      throw DataError(source + ": 'classes' lists " + count_text(classes->size(), "class") +
                      "; a classification task needs at least 2");
    }
    m.task = TaskKind::kMulticlass;
    m.class_names = *classes;
    for (std::int32_t k : d.index) m.index.push_back(remap[k]);
    return m;
  }

  std::vector<std::optional<double>> numeric;
  bool all_numeric = true;
  for (const std::string& n : d.names) {
    numeric.push_back(as_number(n));
    all_numeric = all_numeric && numeric.back().has_value();
  }
  // Labels in {−1, +1} or {0, 1} are binary even when one class is absent: THEORY.md's
  // examples (the Hadamard rows, the §3 counterexample) have only positive samples.
  if (all_numeric && d.names.size() <= 2) {
    bool minus_one = false;
    bool zero = false;
    bool other = false;
    for (const auto& v : numeric) {
      if (*v == -1) {
        minus_one = true;
      } else if (*v == 0) {
        zero = true;
      } else if (*v != 1) {
        other = true;
      }
    }
    if (!other && !(minus_one && zero)) {
      m.task = TaskKind::kBinary;
      m.class_names = {zero ? "0" : "-1", "1"};
      for (std::int32_t k : d.index) {
        m.index.push_back(*numeric[static_cast<std::size_t>(k)] == 1 ? 1 : 0);
      }
      return m;
    }
  }
  if (d.names.size() < 2) {
    throw DataError(source + ": every sample has the label '" + d.names.front() +
                    "'; a classification task needs at least two classes (labels written as "
                    "-1/+1 or 0/1 make a binary task even with one class present)");
  }
  m.task = TaskKind::kMulticlass;
  std::vector<std::size_t> order(d.names.size());
  for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
  if (all_numeric) {
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t x, std::size_t y) { return *numeric[x] < *numeric[y]; });
  }
  std::vector<std::int32_t> remap(d.names.size());
  for (std::size_t c = 0; c < order.size(); ++c) {
    remap[order[c]] = static_cast<std::int32_t>(c);
    m.class_names.push_back(d.names[order[c]]);
  }
  for (std::int32_t k : d.index) m.index.push_back(remap[k]);
  return m;
}

}  // namespace plab
