#include "results/summary/text_table.hpp"

#include <algorithm>

namespace plab {

namespace {

using Rows = std::vector<std::vector<std::string>>;

std::vector<std::size_t> column_widths(const Rows& rows) {
  std::vector<std::size_t> width(rows.front().size(), 0);
  for (const auto& row : rows) {
    for (std::size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
  }
  return width;
}

std::size_t table_width(const std::vector<std::size_t>& width,
                        const std::vector<std::size_t>& columns) {
  std::size_t total = 0;
  for (std::size_t c : columns) total += width[c] + 2;
  return total == 0 ? 0 : total - 2;
}

std::string render_columns(const Rows& rows, const std::vector<std::size_t>& width,
                           const std::vector<std::size_t>& columns) {
  std::string out;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    bool first = true;
    for (std::size_t c : columns) {
      const bool left = rows.front()[c] == "sweep" || rows.front()[c] == "learner";
      const std::string pad(width[c] - rows[r][c].size(), ' ');
      out += (first ? "" : "  ") + (left ? rows[r][c] + pad : pad + rows[r][c]);
      first = false;
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    out += "\n";
    if (r == 0) out += std::string(table_width(width, columns), '-') + "\n";
  }
  return out;
}

}  // namespace

std::string render_table(const Rows& rows, std::size_t max_width) {
  const std::vector<std::size_t> width = column_widths(rows);
  std::vector<std::size_t> all(width.size());
  for (std::size_t c = 0; c < all.size(); ++c) all[c] = c;
  if (max_width == 0 || table_width(width, all) <= max_width) {
    return render_columns(rows, width, all);
  }
  // The leading columns that name a row, repeated in every part.
  std::vector<std::size_t> keys;
  const auto is_key = [](const std::string& h) {
    return h == "point" || h == "sweep" || h == "learner";
  };
  while (keys.size() < all.size() && is_key(rows.front()[keys.size()])) keys.push_back(keys.size());
  std::string out;
  std::vector<std::size_t> part = keys;
  for (std::size_t c = keys.size(); c < all.size(); ++c) {
    std::vector<std::size_t> wider = part;
    wider.push_back(c);
    // A part holds at least one column past the keys, even when that one alone is too wide.
    if (part.size() > keys.size() && table_width(width, wider) > max_width) {
      out += (out.empty() ? "" : "\n") + render_columns(rows, width, part);
      part = keys;
      part.push_back(c);
    } else {
      part = std::move(wider);
    }
  }
  if (part.size() > keys.size())
    out += (out.empty() ? "" : "\n") + render_columns(rows, width, part);
  return out;
}

}  // namespace plab
