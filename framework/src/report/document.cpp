#include "report/document.hpp"

#include <fstream>
#include <sstream>

namespace plab {

std::string escape_html(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

namespace {

// A cell's text on one line of its table row: `|` and `\` escaped, and a line break, NUL or
// other control character (a learner named by a query may hold any) written as \n, \0, \xHH,
// which would otherwise end the row or the table.
std::string escape_markdown_cell(const std::string& text) {
  static const char* const kHex = "0123456789abcdef";
  std::string out;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '|' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\0') {
      out += "\\0";
    } else if (byte < 0x20 || byte == 0x7f) {
      out += std::string("\\x") + kHex[byte >> 4] + kHex[byte & 0xf];
    } else {
      out += c;
    }
  }
  return out;
}

// The <svg> element of a gnuplot file, without the XML prolog, to inline into HTML.
std::string inline_svg(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  const std::string text = s.str();
  const auto start = text.find("<svg");
  return start == std::string::npos ? "" : text.substr(start);
}

}  // namespace

void Document::heading(std::string text, int level) {
  blocks_.push_back({Block::Kind::kHeading, level, std::move(text), {}, "", ""});
}
void Document::paragraph(std::string text) {
  blocks_.push_back({Block::Kind::kParagraph, 0, std::move(text), {}, "", ""});
}
void Document::table(std::vector<std::vector<std::string>> rows) {
  blocks_.push_back({Block::Kind::kTable, 0, "", std::move(rows), "", ""});
}
void Document::figure(std::string caption, std::string svg_file, std::string png_file) {
  blocks_.push_back(
      {Block::Kind::kFigure, 0, std::move(caption), {}, std::move(svg_file), std::move(png_file)});
}

void Document::fold_start(std::string summary) {
  blocks_.push_back({Block::Kind::kFoldStart, 0, std::move(summary), {}, "", ""});
}
void Document::fold_end() { blocks_.push_back({Block::Kind::kFoldEnd, 0, "", {}, "", ""}); }
void Document::html_only(std::string html) {
  blocks_.push_back({Block::Kind::kHtml, 0, std::move(html), {}, "", ""});
}

std::string Document::markdown() const {
  std::string md;
  for (const Block& b : blocks_) {
    switch (b.kind) {
      case Block::Kind::kHeading:
        md += std::string(static_cast<std::size_t>(b.level), '#') + " " + b.text + "\n\n";
        break;
      case Block::Kind::kParagraph:
        md += b.text + "\n\n";
        break;
      case Block::Kind::kTable:
        for (std::size_t r = 0; r < b.rows.size(); ++r) {
          md += "|";
          for (const auto& cell : b.rows[r]) md += " " + escape_markdown_cell(cell) + " |";
          md += "\n";
          if (r == 0) {
            md += "|";
            for (std::size_t c = 0; c < b.rows[r].size(); ++c) md += "---|";
            md += "\n";
          }
        }
        md += "\n";
        break;
      case Block::Kind::kFigure:
        md += "![" + b.text + "](" + (b.png_file.empty() ? b.svg_file : b.png_file) + ")\n\n*" +
              b.text + "* ([SVG](" + b.svg_file + "))\n\n";
        break;
      case Block::Kind::kFoldStart:  // GitHub and most viewers fold this in Markdown too
        md += "<details><summary>" + escape_html(b.text) + "</summary>\n\n";
        break;
      case Block::Kind::kFoldEnd:
        md += "</details>\n\n";
        break;
      case Block::Kind::kHtml:
        break;
    }
  }
  return md;
}

std::string Document::html(const std::string& title, const std::string& folder) const {
  std::string h =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" +
      escape_html(title) +
      "</title>\n<style>\n"
      "body{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}\n"
      // Wide tables scroll inside their own box on a phone instead of widening the page.
      ".table{overflow-x:auto;margin:1em 0}table{border-collapse:collapse;font-size:0.9em}\n"
      "th,td{border:1px solid #bbb;padding:0.25em 0.6em;text-align:right}\n"
      "th{background:#eee}\ntd:nth-child(-n+3){text-align:left}\n"
      "figure{margin:1.5em 0}figcaption{font-style:italic;margin-top:0.3em}\n"
      "svg{max-width:100%;height:auto}\n"
      "details{margin:1.5em 0}summary{cursor:pointer;font-weight:bold}\n"
      ".step{border:1px solid #bbb;padding:0.5em 1em;margin:1.5em 0}\n"
      ".step button{font-size:1em;margin-right:0.4em}\n"
      ".step .equation{font-family:monospace;white-space:pre-wrap}\n</style>\n</head>\n<body>\n";
  for (const Block& b : blocks_) {
    switch (b.kind) {
      case Block::Kind::kHeading: {
        const std::string tag = "h" + std::to_string(b.level);
        h += "<" + tag + ">" + escape_html(b.text) + "</" + tag + ">\n";
        break;
      }
      case Block::Kind::kParagraph:
        h += "<p>" + escape_html(b.text) + "</p>\n";
        break;
      case Block::Kind::kTable:
        h += "<div class=\"table\"><table>\n";
        for (std::size_t r = 0; r < b.rows.size(); ++r) {
          h += "<tr>";
          for (const auto& cell : b.rows[r]) {
            h += (r == 0 ? "<th>" : "<td>") + escape_html(cell) + (r == 0 ? "</th>" : "</td>");
          }
          h += "</tr>\n";
        }
        h += "</table></div>\n";
        break;
      case Block::Kind::kFigure:
        h += "<figure>\n" + inline_svg(folder + "/" + b.svg_file) + "\n<figcaption>" +
             escape_html(b.text) + "</figcaption>\n</figure>\n";
        break;
      case Block::Kind::kFoldStart:
        h += "<details>\n<summary>" + escape_html(b.text) + "</summary>\n";
        break;
      case Block::Kind::kFoldEnd:
        h += "</details>\n";
        break;
      case Block::Kind::kHtml:
        h += b.text + "\n";
        break;
    }
  }
  return h + "</body>\n</html>\n";
}

}  // namespace plab
