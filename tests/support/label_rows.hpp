// Rows of the label and convert tables: a small CSV or svmlight file of given labels, a config
// that runs one learner on it, and plab convert with files written first (the hostile passes'
// label and convert tables share them).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "support/answer_rows.hpp"

namespace plab::test {

using LabelArgs = std::vector<std::string>;
using LabelFiles = std::vector<std::pair<std::string, std::string>>;

// d.csv: columns a, b and the label y, one row per label, features (k, 3 - k).
inline std::string label_table(const std::vector<std::string>& labels) {
  std::string text = "a,b,y\n";
  int k = 0;
  for (const auto& label : labels) {
    text += std::to_string(k) + "," + std::to_string(3 - k) + "," + label + "\n";
    ++k;
  }
  return text;
}

// One repeat of `plugin` on `data` (d.csv or d.svm), margin oracle off.
inline std::string labelled_config(const std::string& plugin, const std::string& data) {
  const bool csv = data.ends_with(".csv");
  return std::string(R"({"name":"lab","seed":3,"repeats":1,"dataset":{"kind":")") +
         (csv ? "csv" : "svmlight") + R"(","path":")" + data + "\"" +
         (csv ? R"(,"label":"y")" : "") + R"(},"learners":[{"plugin":")" + plugin +
         R"("}],"protocol":{"max_epochs":5},"theory":{"margin":"none"}})";
}

// `plab run c.json` on `data` holding `text`; after 0, out/manifest.json holds `classes`.
inline AnswerRow run_on_labels(std::string name, const std::string& plugin, const std::string& data,
                               std::string text, LabelArgs sets, int exit_code,
                               std::string fragment, std::string classes = "") {
  LabelArgs args = {"run", "c.json", "--out", "out", "--quiet", "--no-report"};
  for (auto& set : sets) args.insert(args.end(), {"--set", std::move(set)});
  LabelFiles files = {{"c.json", labelled_config(plugin, data)}, {data, std::move(text)}};
  return {{std::move(name), std::move(files), std::move(args), exit_code, std::move(fragment), {}},
          exit_code == 0 ? "out/manifest.json" : "",
          std::move(classes)};
}

// `plab convert args...` with `files` written first; `file` looked at.
inline AnswerRow convert_row(std::string name, LabelFiles files, LabelArgs args, int exit_code,
                             std::string fragment, std::string file, std::string holds) {
  args.insert(args.begin(), "convert");
  return {{std::move(name), std::move(files), std::move(args), exit_code, std::move(fragment), {}},
          std::move(file),
          std::move(holds)};
}

}  // namespace plab::test
