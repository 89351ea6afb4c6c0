// Compact JSON text for results files, with numbers people can read.
//
// Boost.JSON builds the values; this writer prints them. It differs from
// boost::json::serialize only in numbers: doubles are printed by std::to_chars in their
// shortest round-trip form ("0.1", "4", "4.000000000000002") instead of Boost 1.81's
// "1E-1"; non-finite doubles, which JSON cannot hold, become null. Output is a pure
// function of the value, so records are byte-identical across runs.
#pragma once

#include <span>
#include <string>

#include <boost/json/value.hpp>

namespace plab {

void append_json(std::string& out, const boost::json::value& value);
void append_json_number(std::string& out, double value);
void append_json_numbers(std::string& out, std::span<const double> values);  // as an array
std::string to_json_text(const boost::json::value& value);

}  // namespace plab
