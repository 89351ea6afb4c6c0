#include "data/numeric_labels.hpp"

#include <set>

#include "config/json.hpp"
#include "data/label_mapping.hpp"

namespace plab {

std::vector<NumericClass> numeric_classes(const std::vector<std::string>& distinct,
                                          const std::vector<std::size_t>& first_line,
                                          const std::string& source) {
  const LabelMapping mapping =
      map_labels(distinct, std::nullopt, std::nullopt, source,
                 [&](std::size_t i) { return source + ":" + std::to_string(first_line.at(i)); });
  const bool two = mapping.task == TaskKind::kBinary || mapping.class_names.size() == 2;
  std::vector<NumericClass> classes(mapping.class_names.size());
  for (std::size_t c = 0; c < classes.size(); ++c) {
    classes[c].number = two ? (c == 1 ? 1 : -1) : static_cast<int>(c + 1);
    classes[c].text = two && c == 1 ? "+1" : std::to_string(classes[c].number);
  }
  // A binary task's class names are its two numbers; every label of the input is named.
  std::vector<NumericClass> named;
  for (std::size_t i = 0; i < distinct.size(); ++i) {
    const auto c = static_cast<std::size_t>(mapping.index[i]);
    named.push_back({distinct[i], classes[c].number, classes[c].text});
  }
  return named;
}

std::string numeric_classes_json(const std::vector<NumericClass>& classes,
                                 const std::string& input) {
  Json labels = Json::object();
  bool binary = !classes.empty();
  std::set<int> numbers;
  for (const NumericClass& c : classes) {
    labels[c.name] = c.number;
    binary = binary && (c.number == 1 || c.number == -1);
    numbers.insert(c.number);
  }
  Json doc = Json::object();
  doc["input"] = input;
  // Labels of one value within {-1, +1} or {0, 1} are plab's binary task with one class
  // absent: the rule says which of the two is present, not that there are two.
  std::string rule = "classes 1..k in plab's class order";
  if (binary && numbers.size() == 2) {
    rule = "two classes: the second is +1, the first -1 (plab's class order)";
  } else if (binary && *numbers.begin() == 1) {
    rule =
        "one class, +1: every label is the positive class of plab's binary task (its -1 "
        "class does not occur)";
  } else if (binary) {
    rule =
        "one class, -1: every label is the negative class of plab's binary task (its +1 "
        "class does not occur)";
  }
  doc["rule"] = rule;
  doc["labels"] = std::move(labels);
  return doc.dump(2) + "\n";
}

}  // namespace plab
