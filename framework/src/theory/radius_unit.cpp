// The radius R = maxᵢ ‖x̃ᵢ‖ as a certified quantity (theory/bound_unit.hpp): computed for every
// sweep point, written as the manifest's theory.R and recomputed by plab verify.
#include <cmath>

#include "theory/point_quantity_units.hpp"
#include "theory/point_theory.hpp"
#include "theory/same_recomputed.hpp"

namespace plab {

namespace {

class RadiusUnit final : public QuantityUnit {
 public:
  std::string key() const override { return "R"; }
  const char* description() const override {
    return "R: the largest norm of a row the learner sees, bias included, computed in double "
           "without overflow of the squares and rounded up by (d + 2) units in the last place";
  }

  void compute_into(const QuantityContext& c, PointTheory& theory) const override {
    theory.radius = data_radius(*c.data);
  }

  // An R beyond the range of a double is written as null (JSON has no infinity).
  void write(const PointTheory& theory, boost::json::object& out,
             const VectorJson&) const override {
    out["R"] = theory.radius;
  }

  void recheck(QuantityAudit& audit, PointTheory& theory) const override {
    theory.radius = data_radius(audit.data());
    const StoredFields& t = audit.theory();
    const std::optional<double> recorded = t.number_or_null("R");
    if (std::isfinite(theory.radius) ? !recorded || !same_figure(*recorded, theory.radius)
                                     : recorded.has_value()) {
      audit.differ("R", t.any("R"),
                   std::isfinite(theory.radius) ? boost::json::value(theory.radius)
                                                : boost::json::value(nullptr));
    }
  }
};

}  // namespace

const QuantityUnit& radius_unit() {
  static const RadiusUnit unit;
  return unit;
}

}  // namespace plab
