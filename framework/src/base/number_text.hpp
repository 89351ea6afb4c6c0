// Numbers in messages, printed so that they read back as the same double.
#pragma once

#include <string>

namespace plab {

// The shortest text that reads back as `v` ("0.5", "1e-10"), for messages.
std::string number_text(double v);

}  // namespace plab
