// An output file written whole or not at all: the bytes go to a temporary file beside it,
// renamed into place by commit(); dropped without commit() (an error, a signal), the
// temporary file goes and the output is left as it was. Only a regular file is replaced,
// and only with --force.
#pragma once

#include <cstdio>
#include <filesystem>
#include <string>
#include <string_view>

namespace plab {

class OutputFile {
 public:
  // UsageError (exit 2) when `out` exists and `force` is false, or is no regular file (a
  // link, folder, device, FIFO or socket); `command` ("plab convert") names who refuses.
  // WriteError when the temporary file cannot be made.
  OutputFile(const std::filesystem::path& out, bool force, std::string command);
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  ~OutputFile();

  void write(std::string_view text);

  // InterruptedError (exit 130) if a signal (Ctrl-C, SIGTERM) asked plab to stop: "while
  // `verb` 'SOURCE' to 'OUT'"; the output is not written. Cheap when no signal came.
  void stop_if_interrupted(std::string_view verb, const std::filesystem::path& source) const;

  // WriteError when the bytes cannot be flushed or renamed into place; UsageError (exit 2)
  // when, without --force, a file appeared at the output's name meanwhile (left as it is).
  void commit();

  const std::filesystem::path& path() const { return out_; }

 private:
  [[noreturn]] void fail() const;
  void publish_without_replacing();

  std::filesystem::path out_;
  std::string command_;
  bool force_ = false;
  std::filesystem::path temp_;
  std::FILE* file_ = nullptr;
  bool created_ = false;
  bool committed_ = false;
};

}  // namespace plab
