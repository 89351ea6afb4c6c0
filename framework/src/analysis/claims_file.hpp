// Where claims come from and where their verdicts go: a config's "claims", and a results
// folder's claims.json (docs/results-folder.md), which `plab run` writes when the folder is
// made and `plab run`, `plab report` complete with the verdicts.
#pragma once

#include <boost/json.hpp>
#include <filesystem>
#include <optional>
#include <vector>

#include "analysis/claims.hpp"
#include "config/json.hpp"

namespace plab {

// runs.jsonl, summary.json and manifest.json of a results folder. DataError naming the file
// (and line) for text that is not JSON.
ClaimInputs read_claim_inputs(const std::filesystem::path& dir);

// A config's claims (ExperimentSource::claims), checked in form (ConfigError naming `config`
// and the claim); none for null.
std::optional<boost::json::array> claims_of_config(const Json& claims,
                                                   const std::filesystem::path& config);

// The claims of a results folder's claims.json; none without the file. DataError when the
// file is not what plab writes.
std::optional<boost::json::array> folder_claims(const std::filesystem::path& dir);

// Writes claims.json: the claims, and their verdicts when evaluated (null before).
void write_claims_file(const std::filesystem::path& dir, const boost::json::array& claims,
                       const std::vector<ClaimVerdict>* verdicts);

// Evaluates the folder's claims, writes their verdicts into claims.json, returns them; none
// when the folder has no claims.
std::optional<std::vector<ClaimVerdict>> check_folder_claims(const std::filesystem::path& dir);

}  // namespace plab
