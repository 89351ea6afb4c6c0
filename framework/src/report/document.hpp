// A report as a list of blocks, rendered both as Markdown and as one self-contained HTML
// page (inline CSS, SVG and script of ours; no file or address outside the page).
#pragma once

#include <string>
#include <vector>

namespace plab {

struct Block {
  enum class Kind { kHeading, kParagraph, kTable, kFigure, kFoldStart, kFoldEnd, kHtml };
  Kind kind = Kind::kParagraph;
  int level = 2;     // headings
  std::string text;  // heading, paragraph, figure caption, fold summary, raw HTML
  std::vector<std::vector<std::string>> rows;  // tables: the first row is the header
  std::string svg_file;                        // figures: relative to the report
  std::string png_file;                        // figures: optional
};

class Document {
 public:
  void heading(std::string text, int level = 2);
  void paragraph(std::string text);
  void table(std::vector<std::vector<std::string>> rows);
  void figure(std::string caption, std::string svg_file, std::string png_file = "");
  // Blocks between fold_start and fold_end are folded (<details>) under `summary`.
  void fold_start(std::string summary);
  void fold_end();
  // Markup for report.html only (an interactive panel); report.md leaves it out. The caller
  // escapes whatever text it holds.
  void html_only(std::string html);

  std::string markdown() const;
  // `folder` is where the report lives: figures are read from it and inlined.
  std::string html(const std::string& title, const std::string& folder) const;

 private:
  std::vector<Block> blocks_;
};

std::string escape_html(const std::string& text);

}  // namespace plab
