// One cell of a CSV row as RFC 4180 writes it, for every CSV plab writes (plab convert,
// plab export --csv): in '"' with its '"' doubled when it holds a comma, a '"', a CR or an
// LF, or starts or ends with a blank (which some readers would trim); as it is otherwise.
#pragma once

#include <string>
#include <string_view>

namespace plab {

inline void append_csv_cell(std::string& row, std::string_view text) {
  const bool quote = text.find_first_of(",\"\r\n") != std::string_view::npos ||
                     (!text.empty() && (text.front() == ' ' || text.back() == ' '));
  if (!quote) {
    row.append(text);
    return;
  }
  row += '"';
  for (const char c : text) {
    if (c == '"') row += '"';
    row += c;
  }
  row += '"';
}

}  // namespace plab
