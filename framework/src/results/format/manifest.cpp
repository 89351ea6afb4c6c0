#include "results/format/manifest.hpp"

#include <unistd.h>

namespace plab {

std::string host_name() {
  char buffer[256] = {};
  if (gethostname(buffer, sizeof buffer - 1) != 0) return "";
  return buffer;
}

const char* status_name(SessionStatus status) {
  switch (status) {
    case SessionStatus::kRunning:
      return "running";
    case SessionStatus::kCompleted:
      return "completed";
    case SessionStatus::kInterrupted:
      return "interrupted";
    case SessionStatus::kFailed:
      return "failed";
  }
  return "failed";
}

std::optional<SessionStatus> parse_session_status(std::string_view word) {
  for (const SessionStatus s : {SessionStatus::kRunning, SessionStatus::kCompleted,
                                SessionStatus::kInterrupted, SessionStatus::kFailed}) {
    if (word == status_name(s)) return s;
  }
  return std::nullopt;
}

boost::json::object session_json(const RunSession& s) {
  boost::json::object out{
      {"command_line", s.command_line},
      {"host", host_name()},
      {"threads", s.threads},
      {"start_time", s.start_time},
      {"end_time",
       s.end_time.empty() ? boost::json::value(nullptr) : boost::json::value(s.end_time)},
      {"status", status_name(s.status)},
      {"runs_at_start", s.runs_at_start},
      {"runs_written", s.runs_written},
      {"error", s.error.empty() ? boost::json::value(nullptr) : boost::json::value(s.error)},
  };
  if (!s.notes.empty()) out["notes"] = boost::json::array(s.notes.begin(), s.notes.end());
  if (!s.scheduler.empty()) {
    boost::json::object ids;
    for (const auto& [name, value] : s.scheduler) ids[name] = value;
    out["scheduler"] = std::move(ids);
  }
  return out;
}

}  // namespace plab
