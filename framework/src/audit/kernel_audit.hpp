// A kernel_novikoff learner's feature-space facts, re-certified by plab verify from the
// separator's weights stored in the manifest (points/I/learners/J/kernel_theory) and the
// re-read data: R_K, ρ_K and its upper bound are recomputed as the engine computes them
// (theory/kernel_theory.hpp), never read (docs/verify.md).
#pragma once

#include <optional>
#include <string>

#include "audit/audit_report.hpp"
#include "config/json.hpp"
#include "data/dataset.hpp"
#include "plab/bound.hpp"
#include "results/format/record_fields.hpp"
#include "theory/kernel_theory.hpp"

namespace plab {

// The `kernel` object of a kernel_novikoff declaration (results/format/theory_json.cpp).
KernelSpec read_kernel_spec(const RecordFields& bound);

// The certificate recomputed from the stored weights; each recorded field that differs is a
// difference. `precise_theory` is the same object read by the correctly rounding parser.
KernelCertificate recheck_kernel_theory(const std::string& where, const std::string& name,
                                        const RecordFields& learner, const Json& precise_theory,
                                        const Dataset& data, const KernelSpec& kernel,
                                        AuditReport& report);

}  // namespace plab
