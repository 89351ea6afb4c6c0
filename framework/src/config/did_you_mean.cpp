#include "config/did_you_mean.hpp"

#include <algorithm>
#include <cctype>

namespace plab {

namespace {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      const bool same = std::tolower(static_cast<unsigned char>(a[i - 1])) ==
                        std::tolower(static_cast<unsigned char>(b[j - 1]));
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

}  // namespace

std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates) {
  const std::string* best = nullptr;
  std::size_t best_distance = 0;
  for (const std::string& c : candidates) {
    const std::size_t d = edit_distance(word, c);
    if (best == nullptr || d < best_distance) {
      best = &c;
      best_distance = d;
    }
  }
  // A third of the word's length, at least 1 and at most 3 edits, reads as a typo.
  const std::size_t limit = std::clamp<std::size_t>(word.size() / 3, 1, 3);
  if (best == nullptr || best_distance > limit) return "";
  return " (did you mean '" + *best + "'?)";
}

std::string quoted_list(const std::vector<std::string>& candidates) {
  std::string out;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    if (i > 0) out += (i + 1 == candidates.size()) ? " or " : ", ";
    out += "'" + candidates[i] + "'";
  }
  return out;
}

}  // namespace plab
