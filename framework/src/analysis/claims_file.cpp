#include "analysis/claims_file.hpp"

#include "error.hpp"
#include "results/folder/results_folder.hpp"
#include "results/format/file_text.hpp"

namespace plab {

namespace json = boost::json;

namespace {

json::value parse_json_text(const std::filesystem::path& file, std::size_t line_number,
                            std::string_view text) {
  boost::system::error_code ec;
  json::value v = json::parse(text, ec);
  if (ec)
    throw DataError(file.string() + (line_number > 0 ? ":" + std::to_string(line_number) : "") +
                    ": not JSON (" + ec.message() + ")");
  return v;
}

}  // namespace

ClaimInputs read_claim_inputs(const std::filesystem::path& dir) {
  ClaimInputs in;
  const std::string runs = read_text(dir / "runs.jsonl");
  std::size_t line = 0;
  for (std::size_t start = 0; start < runs.size();) {
    std::size_t end = runs.find('\n', start);
    if (end == std::string::npos) end = runs.size();
    ++line;
    const json::value record = parse_json_text(dir / "runs.jsonl", line,
                                               std::string_view(runs).substr(start, end - start));
    if (!record.is_object())
      throw DataError((dir / "runs.jsonl").string() + ":" + std::to_string(line) +
                      ": a record is a JSON object");
    in.records.push_back(record.as_object());
    start = end + 1;
  }
  in.summary = parse_json_text(dir / "summary.json", 0, read_text(dir / "summary.json"));
  in.manifest = parse_json_text(dir / "manifest.json", 0, read_text(dir / "manifest.json"));
  return in;
}

std::optional<json::array> claims_of_config(const Json& claims,
                                            const std::filesystem::path& config) {
  if (claims.is_null()) return std::nullopt;
  json::value list = json::parse(claims.dump());
  validate_claims(list, "'" + config.string() + "' at /claims");
  return list.as_array();
}

std::optional<json::array> folder_claims(const std::filesystem::path& dir) {
  const std::filesystem::path file = dir / "claims.json";
  if (!std::filesystem::exists(file)) return std::nullopt;
  const json::value v = parse_json_text(file, 0, read_text(file));
  const json::value* claims = v.is_object() ? v.as_object().if_contains("claims") : nullptr;
  if (!claims || !claims->is_array())
    throw DataError(file.string() +
                    ": has no list \"claims\"; plab run writes it from the "
                    "config's claims");
  validate_claims(*claims, "'" + file.string() + "' at /claims");
  return claims->as_array();
}

void write_claims_file(const std::filesystem::path& dir, const json::array& claims,
                       const std::vector<ClaimVerdict>* verdicts) {
  json::object file;
  file["claims"] = claims;
  if (verdicts) {
    json::array list;
    for (const ClaimVerdict& v : *verdicts)
      list.push_back(json::object{
          {"what", v.what}, {"verdict", verdict_word(v.verdict)}, {"detail", v.detail}});
    file["verdicts"] = std::move(list);
  } else {
    file["verdicts"] = nullptr;
  }
  write_file_atomically(dir / "claims.json", json::serialize(file) + "\n");
}

std::optional<std::vector<ClaimVerdict>> check_folder_claims(const std::filesystem::path& dir) {
  const std::optional<json::array> claims = folder_claims(dir);
  if (!claims) return std::nullopt;
  std::vector<ClaimVerdict> verdicts = evaluate_claims(
      *claims, read_claim_inputs(dir), "'" + (dir / "claims.json").string() + "' at /claims");
  write_claims_file(dir, *claims, &verdicts);
  return verdicts;
}

}  // namespace plab
