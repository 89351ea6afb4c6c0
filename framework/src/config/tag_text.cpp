#include "config/tag_text.hpp"

#include <algorithm>
#include <cctype>

namespace plab {

namespace {

// "U+000A": every control character is below U+0100.
std::string code_point(unsigned c) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  return std::string("U+00") + kHex[(c >> 4) & 0xFU] + kHex[c & 0xFU];
}

std::string control_name(unsigned c) {
  if (c == '\n') return " (a line break)";
  if (c == '\r') return " (a carriage return)";
  if (c == '\t') return " (a tab)";
  if (c == 0x1B) return " (ESC, which starts a terminal escape sequence)";
  return "";
}

}  // namespace

std::optional<std::string> tag_problem(std::string_view tag) {
  if (std::all_of(tag.begin(), tag.end(), [](char c) { return c == ' '; })) {
    return tag.empty() ? "is empty" : "holds only spaces";
  }
  for (std::size_t i = 0; i < tag.size(); ++i) {
    const auto c = static_cast<unsigned char>(tag[i]);
    // C0 controls and DEL; in UTF-8 the C1 controls U+0080 to U+009F are 0xC2 0x80..0x9F.
    unsigned control = 0x100;
    if (c < 0x20 || c == 0x7F) control = c;
    if (c == 0xC2 && i + 1 < tag.size()) {
      const auto next = static_cast<unsigned char>(tag[i + 1]);
      if (next >= 0x80 && next <= 0x9F) control = next;
    }
    if (control != 0x100) {
      return "holds the control character " + code_point(control) + control_name(control);
    }
  }
  return std::nullopt;
}

std::optional<std::string> note_problem(std::string_view note) {
  if (!std::all_of(note.begin(), note.end(),
                   [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; })) {
    return std::nullopt;
  }
  return note.empty() ? "is empty" : "holds only white space";
}

}  // namespace plab
