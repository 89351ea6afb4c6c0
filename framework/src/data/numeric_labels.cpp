#include "data/numeric_labels.hpp"

#include "config/json.hpp"
#include "data/label_mapping.hpp"

namespace plab {

std::vector<NumericClass> numeric_classes(const std::vector<std::string>& distinct,
                                          const std::string& source) {
  const LabelMapping mapping = map_labels(
      distinct, std::nullopt, std::nullopt, source,
      [&source](std::size_t i) { return source + " (label " + std::to_string(i) + ")"; });
  const bool two = mapping.task == TaskKind::kBinary || mapping.class_names.size() == 2;
  std::vector<NumericClass> classes(mapping.class_names.size());
  for (std::size_t c = 0; c < classes.size(); ++c) {
    classes[c].number = two ? (c == 1 ? 1 : -1) : static_cast<int>(c + 1);
  }
  // A binary task's class names are its two numbers; every label of the input is named.
  std::vector<NumericClass> named;
  for (std::size_t i = 0; i < distinct.size(); ++i) {
    const auto c = static_cast<std::size_t>(mapping.index[i]);
    named.push_back({distinct[i], classes[c].number});
  }
  return named;
}

std::string numeric_classes_json(const std::vector<NumericClass>& classes,
                                 const std::string& input) {
  Json labels = Json::object();
  bool binary = !classes.empty();
  for (const NumericClass& c : classes) {
    labels[c.name] = c.number;
    binary = binary && (c.number == 1 || c.number == -1);
  }
  Json doc = Json::object();
  doc["input"] = input;
  doc["rule"] = binary ? "two classes: the second is +1, the first -1 (plab's class order)"
                       : "classes 1..k in plab's class order";
  doc["labels"] = std::move(labels);
  return doc.dump(2) + "\n";
}

}  // namespace plab
