// The facts of each sweep point that `plab verify` recomputes instead of trusting the
// manifest (docs/verify.md): the data (re-read from the files the manifest names, their
// SHA-256 checked, synthetic data regenerated from config and seed by the engine's own
// loader), its rows, columns and classes, R, and the certified margin of the stored
// reference separator u. Every difference is recorded in the report.
#pragma once

#include <cstddef>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <boost/json/object.hpp>

#include "audit/audit_report.hpp"
#include "config/experiment_config.hpp"
#include "data/dataset_loader.hpp"
#include "plab/bound.hpp"
#include "theory/learner_quantity_unit.hpp"
#include "theory/point_theory.hpp"

namespace plab {

struct AuditedLearner {
  std::string plugin;
  std::size_t weights = 0;
  std::optional<BoundDeclaration> declared;  // nullopt: the manifest predates declarations
  // The learner's own figures its form needs (a kernel's R_K and ρ_K), re-certified from the
  // manifest (theory/learner_quantity_unit.hpp, audit/point_theory_audit.hpp).
  LearnerQuantities quantities;
  // The resolved params the manifest records (points/I/learners/J/params; null if none).
  boost::json::value params;
};

struct AuditedPoint {
  ExperimentConfig config;     // the point's config, rebuilt from the manifest's
  boost::json::object params;  // its sweep values, as its records must hold them
  std::shared_ptr<const LoadedData> data;
  PointTheory theory;                              // R and the margin as recomputed (u as stored)
  std::map<std::string, AuditedLearner> learners;  // by learner name
  std::vector<std::string> learner_order;          // names in the config's (canonical) order
};

// The "precision" a record and a manifest's dataset hold for `data`: "float32", or null
// for float64 data (the field is then absent, read as null).
boost::json::value precision_marker(const Dataset& data);

// By sweep point index. DataError (exit 2) on a manifest that cannot be read this way.
std::map<std::size_t, AuditedPoint> audit_points(const std::filesystem::path& dir,
                                                 const boost::json::object& manifest,
                                                 AuditReport& report);

}  // namespace plab
