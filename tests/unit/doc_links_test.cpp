// The README is short and sends readers into docs/: a link that leads nowhere would hide a
// whole section. Every relative link in README.md, docs/*.md and the experiments' READMEs
// must name an existing file (and, for a Markdown file, an existing heading when it has a
// #anchor); every page in docs/ and the index of claims must be linked from the README, and
// every claim folder from the index.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "support/temp_dir.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;

const fs::path kSource = PLAB_SOURCE_DIR;

// The text outside fenced code blocks (``` ... ```), where `#` starts no heading and
// `](x)` is no link.
std::vector<std::string> prose_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  bool in_code = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("```", 0) == 0) {
      in_code = !in_code;
      continue;
    }
    if (!in_code) lines.push_back(line);
  }
  return lines;
}

// GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens
// (bytes of non-ASCII letters are kept as they are).
std::string anchor_of(const std::string& heading) {
  std::string anchor;
  for (const char c : heading) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x80 || std::isalnum(u) || c == '-' || c == '_') {
      anchor += static_cast<char>(u < 0x80 ? std::tolower(u) : u);
    } else if (c == ' ') {
      anchor += '-';
    }
  }
  return anchor;
}

std::set<std::string> anchors_in(const fs::path& markdown) {
  std::set<std::string> anchors;
  for (const std::string& line : prose_lines(test::read_file(markdown))) {
    const std::size_t hashes = line.find_first_not_of('#');
    if (hashes == 0 || hashes == std::string::npos || line[hashes] != ' ') continue;
    anchors.insert(anchor_of(line.substr(hashes + 1)));
  }
  return anchors;
}

struct Link {
  fs::path from;
  std::string target;  // as written: path, optional #anchor
};

std::vector<Link> links_in(const fs::path& markdown) {
  static const std::regex link(R"(\]\(([^)\s]+)(\s+"[^"]*")?\))");
  std::vector<Link> links;
  for (const std::string& line : prose_lines(test::read_file(markdown))) {
    for (std::sregex_iterator it(line.begin(), line.end(), link), end; it != end; ++it) {
      links.push_back({markdown, (*it)[1].str()});
    }
  }
  return links;
}

bool is_external(const std::string& target) {
  return target.rfind("http://", 0) == 0 || target.rfind("https://", 0) == 0 ||
         target.rfind("mailto:", 0) == 0;
}

std::vector<fs::path> docs_pages() {
  std::vector<fs::path> pages;
  for (const auto& entry : fs::directory_iterator(kSource / "docs")) {
    if (entry.path().extension() == ".md") pages.push_back(entry.path());
  }
  return pages;
}

// experiments/README.md, the index of claims, and each claim folder's README.md.
std::vector<fs::path> experiment_pages() {
  std::vector<fs::path> pages{kSource / "experiments" / "README.md"};
  for (const auto& entry : fs::directory_iterator(kSource / "experiments")) {
    if (entry.is_directory() && fs::exists(entry.path() / "README.md"))
      pages.push_back(entry.path() / "README.md");
  }
  return pages;
}

std::vector<fs::path> documentation() {
  std::vector<fs::path> pages{kSource / "README.md"};
  for (const auto& group : {docs_pages(), experiment_pages()})
    pages.insert(pages.end(), group.begin(), group.end());
  return pages;
}

std::set<fs::path> linked_from(const fs::path& page) {
  std::set<fs::path> linked;
  for (const Link& link : links_in(page)) {
    if (is_external(link.target)) continue;
    const std::string file = link.target.substr(0, link.target.find('#'));
    if (!file.empty()) linked.insert(fs::weakly_canonical(page.parent_path() / file));
  }
  return linked;
}

TEST(DocLinks, EveryRelativeLinkLeadsToAFileAndHeadingThatExist) {
  std::size_t checked = 0;
  for (const fs::path& page : documentation()) {
    for (const Link& link : links_in(page)) {
      if (is_external(link.target)) continue;
      const std::size_t hash = link.target.find('#');
      const std::string file = link.target.substr(0, hash);
      const fs::path target = file.empty() ? page : page.parent_path() / file;
      ++checked;
      if (!fs::exists(target)) {
        ADD_FAILURE() << page << " links to '" << link.target << "', which does not exist";
        continue;
      }
      if (hash == std::string::npos || target.extension() != ".md") continue;
      const std::string anchor = link.target.substr(hash + 1);
      EXPECT_TRUE(anchors_in(target).count(anchor))
          << page << " links to '" << link.target << "': " << target << " has no heading #"
          << anchor;
    }
  }
  EXPECT_GT(checked, 10U) << "the README should link to the pages in docs/";
}

TEST(DocLinks, EveryPageInDocsIsLinkedFromTheReadme) {
  const std::set<fs::path> linked = linked_from(kSource / "README.md");
  std::vector<fs::path> pages = docs_pages();
  pages.push_back(kSource / "experiments" / "README.md");
  for (const fs::path& page : pages) {
    EXPECT_TRUE(linked.count(fs::weakly_canonical(page)))
        << page << " is not linked from README.md, so a reader cannot find it";
  }
}

TEST(DocLinks, EveryExperimentIsLinkedFromTheIndexOfClaims) {
  const fs::path index = kSource / "experiments" / "README.md";
  const std::set<fs::path> linked = linked_from(index);
  for (const auto& entry : fs::directory_iterator(kSource / "experiments")) {
    if (!entry.is_directory()) continue;
    EXPECT_TRUE(linked.count(fs::weakly_canonical(entry.path() / "README.md")))
        << entry.path() << ": its README.md is not linked from " << index;
  }
}

TEST(DocLinks, TheReadmeStaysShort) {
  const std::string readme = test::read_file(kSource / "README.md");
  EXPECT_LE(std::count(readme.begin(), readme.end(), '\n'), 150)
      << "README.md is the front door: details belong in docs/";
}

TEST(DocLinks, AnchorsFollowGitHubsRule) {
  EXPECT_EQ(anchor_of("Run records"), "run-records");
  EXPECT_EQ(anchor_of("Declaring the bound (`plab/bound.hpp`)"),
            "declaring-the-bound-plabboundhpp");
  EXPECT_EQ(anchor_of("Trust model, sanitizers and fuzzing"), "trust-model-sanitizers-and-fuzzing");
}

}  // namespace
}  // namespace plab
