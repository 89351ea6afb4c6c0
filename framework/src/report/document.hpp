// A report as a list of blocks, rendered both as Markdown and as one self-contained HTML
// page (inline CSS and SVG, no script, no file or address outside the page).
#pragma once

#include <string>
#include <vector>

namespace plab {

struct Block {
  enum class Kind { kHeading, kParagraph, kTable, kFigure };
  Kind kind = Kind::kParagraph;
  int level = 2;                               // headings
  std::string text;                            // heading, paragraph, figure caption
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

  std::string markdown() const;
  // `folder` is where the report lives: figures are read from it and inlined.
  std::string html(const std::string& title, const std::string& folder) const;

 private:
  std::vector<Block> blocks_;
};

std::string escape_html(const std::string& text);

}  // namespace plab
