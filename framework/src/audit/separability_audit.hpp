// A non-separable point's proof, checked again by `plab verify` (docs/verify.md): the
// manifest's `non_separability_certificate` names convex weights on a few points zⱼ = yⱼx̃ⱼ
// whose sum is exactly 0 (Gordan's alternative). verify hands those weights to the engine's
// own exact check (theory/exact_gordan.hpp) on the re-read data: only a combination that
// vanishes in rational arithmetic proves that no separator exists.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <boost/json/value.hpp>

#include "audit/audit_report.hpp"
#include "data/dataset.hpp"
#include "results/format/record_fields.hpp"
#include "theory/certificate_weights.hpp"

namespace plab {

// `theory` is points/I/theory (named `name`, ending in '/'), whose `separable` is false.
// A missing certificate, one that proves nothing on `data`, or one whose weights are not the
// exact ones the check derives from them, is a difference in `report`.
void check_non_separability(const std::string& where, const std::string& name,
                            const RecordFields& theory, const Dataset& data, AuditReport& report);

}  // namespace plab
