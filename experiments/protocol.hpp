// Moved to framework/src/protocols/protocol.hpp (one unit per protocol); this name stays for
// code written against it.
#pragma once

#include "protocols/protocol.hpp"
