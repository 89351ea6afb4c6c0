// Reading a results folder's manifest.json: for `plab run --resume`, `plab verify`,
// `plab report` and `plab merge`.
#pragma once

#include <filesystem>

#include <boost/json/object.hpp>

#include "config/experiment_source.hpp"
#include "results/format/manifest.hpp"
#include "results/format/record_fields.hpp"

namespace plab {

// Reads DIR/manifest.json; UsageError if DIR is not a results folder.
boost::json::object read_manifest(const std::filesystem::path& dir);

// The manifest's fields, read through RecordFields: a hand-edited or damaged manifest is a
// DataError naming DIR/manifest.json and the field, never a Boost.JSON exception.
RecordFields manifest_fields(const std::filesystem::path& dir, const boost::json::object& manifest);

// The manifest's `status`: a DataError naming the file and the field for a word plab does
// not write (`plab verify` instead lists it as an inconsistency: results/folder/folder_audit).
SessionStatus manifest_status(const RecordFields& manifest);

// ConfigError naming both versions if another plab version wrote the folder.
void check_same_plab_version(const std::filesystem::path& dir, const boost::json::object& manifest);

// The manifest's `config`, its numbers read by a correctly rounding parser (inline data and
// sweep values are then the doubles plab ran on). DataError if it is missing.
Json recorded_config(const std::filesystem::path& dir, const boost::json::object& manifest);

// The config a folder was made from, as recorded (command-line changes already applied).
// A field missing or of the wrong type is a DataError naming DIR/manifest.json and the field.
ExperimentSource source_from_manifest(const std::filesystem::path& dir,
                                      const boost::json::object& manifest);

}  // namespace plab
