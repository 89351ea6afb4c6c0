#include "data/label_mapping.hpp"

#include <algorithm>
#include <charconv>
#include <unordered_map>

#include "base/utf8_text.hpp"
#include "config/did_you_mean.hpp"
#include "config/object_reader.hpp"
#include "data/decimal_number.hpp"
#include "error.hpp"

namespace plab {

namespace {

std::string huge_exponent(const std::string& text) {
  return "the label '" + text +
         "' is a number whose exponent has more than 15 digits; plab compares numeric labels by "
         "their exact value and cannot hold this one: write the class as a name or a shorter "
         "number";
}

// A numeric label's exact value (data/decimal_number.hpp); nullopt for a class name.
std::optional<ExactDecimal> as_number(const std::string& text, const std::string& where) {
  ExactDecimal v;
  switch (read_exact_decimal(text, v)) {
    case ExactRead::kNumber:
      return v;
    case ExactRead::kNotANumber:
      return std::nullopt;
    case ExactRead::kHugeExponent:
      break;
  }
  throw DataError(where + ": " + huge_exponent(text));
}

// One text per class: numbers by their exact value ("1", "+1", "1.0" and "1e0" are one
// class; 9007199254740992 and 9007199254740993 are two), anything else as written.
std::string class_key(const std::string& text, const std::string& where) {
  const auto v = as_number(text, where);
  return v ? "n" + v->key() : "t" + text;
}

// Distinct labels, each with its first row, in order of first appearance.
struct Distinct {
  std::vector<std::string> names;
  std::vector<std::size_t> first_row;
  std::vector<std::int32_t> index;                        // per row, into names
  std::unordered_map<std::string, std::int32_t> classes;  // class key -> into names

  // The class of a label named in the config (`positive`, `classes`, `keep_classes`), if any.
  std::optional<std::int32_t> find(const std::string& text, const std::string& where) const {
    const auto it = classes.find(class_key(text, where));
    if (it == classes.end()) return std::nullopt;
    return it->second;
  }
};

// Linear in the rows: one hash look-up of each spelling, one of each class key.
Distinct distinct_labels(const std::vector<std::string>& labels,
                         const std::function<std::string(std::size_t)>& row_origin) {
  Distinct d;
  std::unordered_map<std::string, std::int32_t> seen;  // spelling -> class
  d.index.reserve(labels.size());
  for (std::size_t i = 0; i < labels.size(); ++i) {
    auto it = seen.find(labels[i]);
    if (it == seen.end()) {
      // Equal values spelled differently ("1" and "1.0") join the class seen first.
      const auto [found, added] = d.classes.emplace(class_key(labels[i], row_origin(i)),
                                                    static_cast<std::int32_t>(d.names.size()));
      if (added) {
        d.names.push_back(labels[i]);
        d.first_row.push_back(i);
      }
      it = seen.emplace(labels[i], found->second).first;
    }
    d.index.push_back(it->second);
  }
  return d;
}

// The classes a config lists in /dataset/`name` (positive, classes, keep_classes), each read as
// a label is; a fault is named by the entry's JSON Pointer, and a class listed twice (under
// any spelling: "1" and "1.0") is refused as 'classes' always refused it.
void check_listed(const std::optional<std::vector<std::string>>& list, const std::string& name) {
  if (!list) return;
  std::unordered_map<std::string, std::size_t> first;  // class key -> its first entry
  for (std::size_t i = 0; i < list->size(); ++i) {
    const std::string& text = (*list)[i];
    const std::string pointer = "/dataset/" + name + "/" + std::to_string(i);
    ExactDecimal v;
    const ExactRead read = read_exact_decimal(text, v);
    if (read == ExactRead::kHugeExponent) throw_config_error(pointer, huge_exponent(text));
    const auto [it, added] =
        first.emplace(read == ExactRead::kNumber ? "n" + v.key() : "t" + text, i);
    if (!added) {
      const std::string& before = (*list)[it->second];
      throw_config_error(pointer, "class '" + before + "' is listed twice in '" + name + "'" +
                                      (before == text ? "" : " (also as '" + text + "')") +
                                      "; list each class once");
    }
  }
}

// Labels are compared byte for byte, without Unicode normalization: 'é' precomposed (U+00E9)
// and 'e' with a combining accent (U+0065 U+0301) look the same in a message and differ. When
// the class that was not found holds text beyond ASCII, it and the labels that do are spelled
// in code points, so that the difference shows.
std::string code_point_hint(const std::string& wanted, const std::vector<std::string>& names) {
  const auto ascii = [](const std::string& t) {
    return std::all_of(t.begin(), t.end(),
                       [](char c) { return static_cast<unsigned char>(c) < 0x80; });
  };
  if (ascii(wanted)) return "";
  std::string hint =
      "; labels are compared byte for byte, without Unicode normalization, so text that looks "
      "alike may differ: '" +
      wanted + "' is " + code_points_text(wanted);
  std::size_t spelled = 0;
  for (const std::string& name : names) {
    if (ascii(name)) continue;
    if (++spelled > 4) {
      hint += ", …";
      break;
    }
    hint += ", the label '" + name + "' is " + code_points_text(name);
  }
  return hint;
}

std::string count_text(std::size_t n, const char* what) {
  return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
}

}  // namespace

std::vector<bool> labels_in(const std::vector<std::string>& labels,
                            const std::vector<std::string>& wanted, const std::string& source) {
  check_listed(wanted, "keep_classes");
  const Distinct d = distinct_labels(labels, [&](std::size_t) { return source; });
  std::vector<bool> class_kept(d.names.size(), false);
  for (const std::string& w : wanted) {
    const auto k = d.find(w, source);
    if (k) class_kept[static_cast<std::size_t>(*k)] = true;
    if (!k) {
      throw DataError(source + ": keep_classes names '" + w +
                      "', which does not occur in the labels" + did_you_mean(w, d.names) +
                      "; labels present: " + quoted_list(d.names) + code_point_hint(w, d.names));
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
  check_listed(positive, "positive");
  check_listed(classes, "classes");
  const Distinct d = distinct_labels(labels, row_origin);
  LabelMapping m;

  if (positive) {
    std::vector<bool> is_positive(d.names.size(), false);
    for (const std::string& p : *positive) {
      const auto k = d.find(p, source);
      if (k) is_positive[static_cast<std::size_t>(*k)] = true;
      if (!k) {
        throw DataError(source + ": the positive class '" + p + "' does not occur in the labels" +
                        did_you_mean(p, d.names) + "; labels present: " + quoted_list(d.names) +
                        code_point_hint(p, d.names));
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
    std::unordered_map<std::string, std::int32_t> listed;  // class key -> position in 'classes'
    for (std::size_t c = 0; c < classes->size(); ++c)
      listed.emplace(class_key((*classes)[c], source), static_cast<std::int32_t>(c));
    std::vector<std::int32_t> remap(d.names.size(), -1);
    for (std::size_t k = 0; k < d.names.size(); ++k) {
      const auto it = listed.find(class_key(d.names[k], source));
      if (it != listed.end()) remap[k] = it->second;
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

  std::vector<std::optional<ExactDecimal>> numeric;
  bool all_numeric = true;
  for (std::size_t k = 0; k < d.names.size(); ++k) {
    numeric.push_back(as_number(d.names[k], row_origin(d.first_row[k])));
    all_numeric = all_numeric && numeric.back().has_value();
  }
  // Labels in {−1, +1} or {0, 1} are binary even when one class is absent: the textbook
  // examples of docs/bounds.md (the Hadamard rows, the non-zero start's counterexample) have
  // only positive samples.
  if (all_numeric && d.names.size() <= 2) {
    bool minus_one = false;
    bool zero = false;
    bool other = false;
    for (const auto& v : numeric) {
      if (v->negative && v->digits == "1" && v->exponent == 1) {
        minus_one = true;
      } else if (v->is_zero()) {
        zero = true;
      } else if (!v->is_one()) {
        other = true;
      }
    }
    if (!other && !(minus_one && zero)) {
      m.task = TaskKind::kBinary;
      m.class_names = {zero ? "0" : "-1", "1"};
      for (std::int32_t k : d.index) {
        m.index.push_back(numeric[static_cast<std::size_t>(k)]->is_one() ? 1 : 0);
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

std::string regression_target_note(std::size_t classes, std::size_t rows) {
  if (rows < kRegressionNoteRows || 2 * classes <= rows) return {};
  return "the labels hold " + std::to_string(classes) + " distinct classes in " +
         std::to_string(rows) +
         " rows: labels almost all distinct are almost surely a regression target (real "
         "numbers) given to a classifier; every distinct value is a class of its own, and the "
         "margin oracle's work grows with rows x classes (theory.oracle_seconds bounds it)";
}

}  // namespace plab
