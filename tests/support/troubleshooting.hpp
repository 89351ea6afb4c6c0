// The troubleshooting table users read: tests check that every message they provoke is
// listed there, so the documentation cannot drift from the binary.
#pragma once

#include <string>

namespace plab::test {

// The whole of docs/troubleshooting.md (the README links to it).
std::string troubleshooting_section();

}  // namespace plab::test
