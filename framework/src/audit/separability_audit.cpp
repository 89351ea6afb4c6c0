#include "audit/separability_audit.hpp"

#include <chrono>
#include <cmath>
#include <utility>
#include <vector>

#include "theory/certified_tolerance.hpp"
#include "theory/exact_gordan.hpp"
#include "theory/margin_oracle.hpp"
#include "theory/point_set.hpp"

namespace plab {

namespace {

// The exact check is the oracle's; its time on the few points of a certificate is small, and
// a bound keeps a forged certificate over many points from stalling verify.
constexpr std::chrono::seconds kExactCheckSeconds{30};

}  // namespace

void check_non_separability(const std::string& where, const std::string& name,
                            const RecordFields& theory, const Dataset& data, AuditReport& report) {
  const std::string field = name + "non_separability_certificate";
  if (!theory.has("non_separability_certificate")) {
    report.differ(where, field, nullptr,
                  "a certificate: separable is false, and only a certificate proves it");
    return;
  }
  const RecordFields c = theory.object("non_separability_certificate");
  const PointSet points(data);
  std::vector<std::pair<std::size_t, double>> recorded;
  for (const boost::json::value& v : c.array("weights")) {
    const boost::json::array* pair = v.if_array();
    if (pair == nullptr || pair->size() != 2 || !as_count((*pair)[0]) || !(*pair)[1].is_number())
      c.wrong("weights", v, "an array of [point, lambda] pairs");
    recorded.emplace_back(*as_count((*pair)[0]), (*pair)[1].to_number<double>());
  }
  for (const auto& [j, lambda] : recorded) {
    if (j >= points.size() || !std::isfinite(lambda) || !(lambda > 0.0)) {
      report.differ(where, field + "/weights", c.any("weights"),
                    "no proof: each weight must name a point of the data and be > 0");
      return;
    }
  }
  if (recorded.empty()) {
    report.differ(where, field + "/weights", c.any("weights"), "no proof: no weights");
    return;
  }
  // No work budget: the certificate's few points bound the work; the clock bounds a forgery.
  WorkLimit limit(std::chrono::steady_clock::now() + kExactCheckSeconds);
  const ExactGordan exact = prove_origin_in_hull(points, recorded, limit);
  if (!exact.proved) {
    report.differ(
        where, field + "/weights", c.any("weights"),
        ("no proof: the exact check finds no vanishing combination (" + exact.detail + ")")
            .c_str());
    return;
  }
  if (!same_certificate_weights(recorded, exact.weights)) {
    report.differ(where, field + "/weights", c.any("weights"),
                  certificate_weights_json(exact.weights));
  }
  // The residual is rounding noise around 0: compared within the certified allowance of
  // its evaluation (theory/certified_tolerance.hpp), scaled by Σλ (the norm is not divided).
  const double residual = certificate_residual(data, exact.weights);
  double sum = 0.0;
  for (const auto& w : exact.weights) sum += w.second;
  const std::optional<HullNormFigures> figures = hull_norm_figures(data, exact.weights);
  const double allowance = figures ? figures->allowance * sum : 0.0;
  if (const double recorded_residual = c.number("hull_residual");
      !within_allowance(recorded_residual, residual, allowance)) {
    report.differ(where, field + "/hull_residual", c.any("hull_residual"), residual);
  }
  if (c.count("points") != exact.weights.size()) {
    report.differ(where, field + "/points", c.any("points"),
                  static_cast<std::uint64_t>(exact.weights.size()));
  }
}

}  // namespace plab
