// The troubleshooting table users read: tests check that every message they provoke is
// listed there, so the documentation cannot drift from the binary.
#pragma once

#include <string>

namespace plab::test {

// The whole of docs/troubleshooting.md (the README links to it).
std::string troubleshooting_section();

// The table quotes `text` (in backticks, as each row marks the words a test checks).
bool in_troubleshooting(const std::string& text);

}  // namespace plab::test
