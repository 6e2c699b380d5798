// `render`: one instance, and a solution, as text, YAML, JSON, SVG or HTML.
#include <filesystem>
#include <iostream>
#include <memory>
#include <sstream>

#include "command.hpp"
#include "commands.hpp"
#include "families.hpp"
#include "files.hpp"
#include "instance_file.hpp"
#include "render/html.hpp"
#include "report.hpp"

namespace puzzlegen::cli {

namespace fs = std::filesystem;

int render(const std::string& file, const std::string& solution_kind, const std::string& format,
           const std::string& output, std::ostream& out) {
  if (!output.empty() && output != "-") check_output_file(output, "-o");
  const LoadedInstance loaded = load_instance(file, families());
  const Family& family = *loaded.family;
  std::unique_ptr<Solution> solution;
  if (!solution_kind.empty()) {
    family.check_kind(solution_kind, {"command line", 0, 0}, "--solution");
    solution = family.first_solution(*loaded.instance, solution_kind,
                                     Limits::within(std::chrono::seconds(60)));
  }
  const std::string missing = "no " + solution_kind + " solution";
  std::string document;
  if (format == "svg") {
    render::Drawing drawing = loaded.instance->draw(render::kPageWidth);
    if (solution) {
      drawing = render::stack(std::move(drawing), solution->draw(), 28);
    } else if (!solution_kind.empty()) {
      render::Drawing note;
      note.content.add(render::label(0, 14, missing, 13, "start", "bold"));
      note.width = 200;
      note.height = 18;
      drawing = render::stack(std::move(drawing), std::move(note), 20);
    }
    document = render::svg_document(drawing);
  } else if (format == "html") {
    render::HtmlPage page(family.title() + ": " + fs::path(file).filename().string());
    page.add(render::heading(1, family.title()));
    page.add(render::paragraph(file, "note"));
    page.add(render::figure(loaded.instance->draw(render::kPageWidth)));
    if (!solution_kind.empty()) {
      page.add(render::heading(2, "A " + solution_kind + " solution"));
      page.add(solution ? render::figure(solution->draw()) : render::paragraph(missing));
    }
    document = page.str();
  } else {
    Json j = {{"instance", loaded.instance->to_json()}};
    std::string text = loaded.instance->render_text();
    if (!solution_kind.empty()) {
      j["solution"] = solution ? solution->to_json() : Json(nullptr);
      text += "\n" + (solution ? solution->render_text() : missing + "\n");
    }
    std::ostringstream printed;
    print(printed, parse_format(format), j, text);
    document = printed.str();
  }
  write_output(output, document, out);
  return ok;
}

void add_render_command(CLI::App& app, Commands& commands) {
  struct Options {
    std::string file, kind, format, output;
  };
  auto options = std::make_shared<Options>();
  auto* render =
      app.add_subcommand("render", "draw an instance (and a solution): text, SVG or HTML");
  render->add_option("file", options->file, "instance file")->required();
  render->add_option("--solution", options->kind, "also draw one solution of this kind");
  commands
      .choices(render->add_option("--format", options->format, "output format"),
               {"text", "yaml", "json", "svg", "html"})
      ->default_val("text");
  render->add_option("-o,--output", options->output,
                     "write to this file (default: standard output)");
  commands.add(
      render,
      [options](const Globals&) {
        return cli::render(options->file, options->kind, options->format, options->output,
                           std::cout);
      },
      [options] { return options->file; });
}

}  // namespace puzzlegen::cli
