// Files and folders a table's rows share, each made on first use only: ctest runs every row
// in a test process of its own, so a row pays for what it names and nothing else. A row's
// argument "{S}/NAME..." makes NAME (and what NAME needs) and becomes its path.
#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "support/hostile_table.hpp"
#include "support/temp_dir.hpp"

namespace plab::test {

struct SharedRecipe {
  std::vector<std::string> needs;            // made first
  std::function<void(const TempDir&)> make;  // makes the file or folder in the shared folder
};

class SharedFiles {
 public:
  explicit SharedFiles(std::map<std::string, SharedRecipe> recipes)
      : recipes_(std::move(recipes)) {}

  // The path of `name`, made now if it is not there yet.
  std::filesystem::path operator/(const std::string& name) {
    make(name);
    return dir_ / name;
  }

  // `arg` with each "{S}/NAME" made and replaced by the shared folder's path.
  std::string expand(const std::string& arg) {
    for (const auto& [name, recipe] : recipes_) {
      const std::string marker = "{S}/" + name;
      if (arg == marker || arg.starts_with(marker + "/")) make(name);
    }
    return with_folder(arg, dir_.path().string(), "{S}");
  }

 private:
  void make(const std::string& name) {
    if (made_.contains(name)) return;
    const SharedRecipe& recipe = recipes_.at(name);
    for (const auto& need : recipe.needs) make(need);
    recipe.make(dir_);
    made_.insert(name);
  }

  TempDir dir_;
  std::map<std::string, SharedRecipe> recipes_;
  std::set<std::string> made_;
};

}  // namespace plab::test
