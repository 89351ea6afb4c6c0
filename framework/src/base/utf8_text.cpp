#include "base/utf8_text.hpp"

namespace plab {

namespace {

// The length of the well-formed UTF-8 sequence at the start of `text`, or 0 when there is none.
std::size_t sequence_length(std::string_view text) {
  const auto byte = [&text](std::size_t k) {
    return k < text.size() ? static_cast<unsigned char>(text[k]) : 0u;
  };
  const unsigned lead = byte(0);
  if (lead < 0x80) return 1;
  const auto tail = [&byte](std::size_t k) { return byte(k) >= 0x80 && byte(k) <= 0xBF; };
  if (lead >= 0xC2 && lead <= 0xDF) return tail(1) ? 2 : 0;
  if (lead >= 0xE0 && lead <= 0xEF) {
    const unsigned low = lead == 0xE0 ? 0xA0 : 0x80;   // no overlong forms
    const unsigned high = lead == 0xED ? 0x9F : 0xBF;  // no surrogates
    return byte(1) >= low && byte(1) <= high && tail(2) ? 3 : 0;
  }
  if (lead >= 0xF0 && lead <= 0xF4) {
    const unsigned low = lead == 0xF0 ? 0x90 : 0x80;   // no overlong forms
    const unsigned high = lead == 0xF4 ? 0x8F : 0xBF;  // nothing past U+10FFFF
    return byte(1) >= low && byte(1) <= high && tail(2) && tail(3) ? 4 : 0;
  }
  return 0;
}

}  // namespace

std::size_t first_non_utf8(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t length = sequence_length(text.substr(i));
    if (length == 0) return i;
    i += length;
  }
  return std::string_view::npos;
}

std::string code_points_text(std::string_view text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t length = sequence_length(text.substr(i));
    if (!out.empty()) out += ' ';
    if (length == 0) {
      out += byte_hex(static_cast<unsigned char>(text[i++]));
      continue;
    }
    static constexpr unsigned kLeadBits[] = {0, 0x7F, 0x1F, 0x0F, 0x07};
    unsigned code = static_cast<unsigned char>(text[i]) & kLeadBits[length];
    for (std::size_t k = 1; k < length; ++k)
      code = (code << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3FU);
    std::string digits;
    for (; code != 0 || digits.size() < 4; code >>= 4)
      digits.insert(digits.begin(), kHex[code & 0xF]);
    out += "U+" + digits;
    i += length;
  }
  return out;
}

std::string byte_hex(unsigned char byte) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  return std::string("0x") + kHex[byte >> 4] + kHex[byte & 0xF];
}

}  // namespace plab
