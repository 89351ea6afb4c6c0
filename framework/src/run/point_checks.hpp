// The checks a sweep point passes before any run (run/experiment.cpp): each refuses, with
// the fix, what would otherwise fail later or be recorded silently wrong.
#pragma once

#include <vector>

#include "config/experiment_config.hpp"
#include "data/dataset.hpp"
#include "plab/descriptor.hpp"
#include "run/experiment.hpp"

namespace plab {

// Binary-only learners on multi-class data and the reverse are refused with the fix.
void check_task(const PluginDescriptor& d, const Dataset& data, const LearnerSpec& spec);

// A dense-only learner (its descriptor's `storage`, dense only by default) would read a
// sparse data set's rows as dense arrays: refused before any run, with the way out.
void check_storage(const PluginDescriptor& d, const Dataset& data, const LearnerSpec& spec);

// An order the learner cannot follow is refused (a mistake-driven order needs a learner that
// declares it; a batch learner follows none); a batch learner given shuffle gets a note
// that the order does not apply to it.
void check_order(const PluginDescriptor& d, const ProtocolSpec& protocol, const LearnerSpec& spec,
                 std::vector<std::string>& notes);

// A `given` reference of the wrong length is a config error, not a silent "no margin".
void check_given_reference(const TheorySpec& theory, const Dataset& data);

// The report's plane names features of the data: checked before any run, not when the
// report is drawn after hours of them.
void check_report_plane(const ReportSpec& report, const Dataset& data);

// A data file read for several sweep points (their dataset blocks differ) must have held
// the same bytes each time; otherwise one experiment would mix two data sets.
void check_same_data_bytes(const std::vector<PreparedPoint>& points);

// Cross-validation deals each class round-robin into the folds, so a fold gets test rows
// only if the largest class reaches it: more folds than that leave empty test folds (a
// test_error of null), which is refused rather than recorded.
void check_folds(const ProtocolSpec& protocol, const Dataset& data);

}  // namespace plab
