// `plab convert --labels numeric`: class names turned into the numbers LIBLINEAR and LIBSVM
// read (their training tools take a number as each line's label, "setosa" is refused).
//
// The classes are ordered as plab orders them when a config gives neither `positive` nor
// `classes` (data/label_mapping.hpp): ascending when every label is a number, else in order
// of first appearance; numeric labels within {0, 1} or {-1, +1} are plab's binary task with
// 1 positive. Two classes become -1 and +1, the second class (the positive one of a binary
// task) being +1; k classes other than two become 1, 2, ..., k in that order. The positive
// class of two is written `+1`, as LIBSVM's own files (heart_scale) write it.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace plab {

struct NumericClass {
  std::string name;  // as written in the input
  int number = 0;    // the label's value (the mapping file's JSON number)
  std::string text;  // the label written in the svmlight file: "+1", "-1" or "1".."k"
};

// `distinct`: each label once, in order of first appearance; `first_line[i]` the line of the
// file `source` where distinct[i] first occurs (a label plab cannot read is named there).
std::vector<NumericClass> numeric_classes(const std::vector<std::string>& distinct,
                                          const std::vector<std::size_t>& first_line,
                                          const std::string& source);

// The mapping file written beside the output (OUT.labels.json): JSON text.
std::string numeric_classes_json(const std::vector<NumericClass>& classes,
                                 const std::string& input);

}  // namespace plab
