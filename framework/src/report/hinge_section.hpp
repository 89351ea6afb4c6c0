// The report's section on the hinge (Freund–Schapire) bound past separability: per sweep
// point and learner, how many runs carry it, the worst and median mistakes / bound, and the
// violations. Written only when some run carries the bound, so reports of separable data
// read as before.
#pragma once

#include <string>

#include "report/document.hpp"
#include "report/report_data.hpp"

namespace plab {

void hinge_bound_section(const ReportData& d, Document& doc);

// One sentence for the conclusions ("The hinge bound held: …"); empty when no run carries it.
std::string hinge_bound_sentence(const Summary& s);

}  // namespace plab
