// The manifest's long vectors (a separator u, a hinge candidate's v, a least-squares w, an
// l1-margin u) in either of two JSON forms (docs/results-folder.md):
//   [x_0, x_1, ...]                               every entry;
//   {"length": n, "nonzero": [[j, x_j], ...]}     the entries other than +0, j strictly
//                                                 increasing; every other entry is +0.
// plab writes the second form when it keeps at most a quarter of at least 64 entries: on
// sparse data declared far wider than its rows (n_features) the first form filled manifests
// with tens of MB of zeros. A −0 is kept, so both forms give back the same doubles.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

#include <boost/json/value.hpp>

#include "config/json.hpp"
#include "results/format/record_fields.hpp"

namespace plab {

boost::json::value vector_json(const std::vector<double>& v);

// Either form of `parent`'s field `key`; anything else, or a sparse form longer than
// `max_length` (the most entries a vector of the data set can have, checked before it is
// allocated), is a data error naming the field. A length that differs from the learner's
// dimension otherwise is the caller's difference to report.
std::vector<double> read_vector(const RecordFields& parent, std::string_view key,
                                std::size_t max_length);

// The same field as a correctly rounding parser read it (Boost.JSON 1.81 may parse a double
// one ulp off): its doubles, or nullopt when it is not a well-formed vector of either form
// of at most `max_length` entries.
std::optional<std::vector<double>> precise_vector(const Json& field, std::size_t max_length);

}  // namespace plab
