"""Bazel rules for PickerReel: renders as cached build actions, golden images as tests.

    load("@pickerreel_rules//:pickerreel.bzl", "pickerreel_golden_test", "pickerreel_render")

    pickerreel_render(
        name = "appearance",
        spec = "specs/appearance.json",
        srcs = glob(["specs/icons/*.svg"]),  # every icon and image the spec names
        tokens = glob(["specs/tokens/*.json"]),  # its DTCG token files and themes, if it names any
        times = ["0", "0.6", "1.2"],
    )

    pickerreel_golden_test(
        name = "appearance_golden_test",
        render = ":appearance",
        goldens = glob(["goldens/appearance/**"]),
    )

A render is one action whose inputs are the tool, the spec and the files declared with it, and whose output is a
folder laid out as `pickerreel render -o` lays it out: `<spec name>/` (and `<spec name>-<suffix>/` for each
variant). The tool draws the same bytes run to run on one machine, so Bazel's caches (`--disk_cache`, a remote
cache) hand the folder to any build whose inputs are the same, and a changed spec, icon, font or tool renders again.
What the inputs do not name is the machine's C libraries (cairo, Pango, …) and, without `fonts`, its installed
fonts: share a cache between machines built from one image.

Only built-in Starlark; the example workspace (example/) runs with Debian's Bazel 4, offline.
"""

PickerReelRenderInfo = provider(
    doc = "The folder a pickerreel_render target made, for pickerreel_golden_test.",
    fields = {
        "folder": "The output directory: `<spec name>/` and a folder per variant, as `pickerreel render -o` writes.",
        "spec_name": "The spec's file name without `.json`: the name of its folder in `folder`.",
    },
)

# Options the rules set themselves: where the render reads and writes, and what compare checks.
_RENDER_OPTIONS_SET_BY_THE_RULE = ["-o", "--output", "--root", "--shard", "-f", "--format", "--times", "-q", "--quiet"]
_COMPARE_OPTIONS_SET_BY_THE_RULE = ["-u", "--update", "--fail-on-change", "--diff"]

def _path_in_workspace(file):
    """Where `file` sits as the spec sees it: its path in its repository (`external/NAME/…` for another one)."""
    path = file.short_path
    return "external/" + path[len("../"):] if path.startswith("../") else path

def _refuse_options(attribute, options, refused):
    for option in options:
        if option.split("=")[0] in refused:
            fail("%s: %s is set by the rule (the rule sets %s)" % (attribute, option, ", ".join(refused)))

def _shell_quote(text):
    return "'" + text.replace("'", "'\\''") + "'"

def _pickerreel_render_impl(ctx):
    _refuse_options("options", ctx.attr.options, _RENDER_OPTIONS_SET_BY_THE_RULE)
    spec = ctx.file.spec
    if not spec.basename.endswith(".json"):
        fail("spec: %s is not a .json file" % spec.short_path)
    folder = ctx.actions.declare_directory(ctx.label.name)
    arguments = ctx.actions.args()
    arguments.add(ctx.executable.tool.path)
    arguments.add(folder.path)
    arguments.add(_path_in_workspace(spec))
    for file in [spec] + ctx.files.srcs + ctx.files.tokens:
        arguments.add_all(["--input", file.path, _path_in_workspace(file)])
    for file in ctx.files.fonts:
        arguments.add_all(["--font", file.path, _path_in_workspace(file)])
    arguments.add("--")
    arguments.add("--format", ",".join(ctx.attr.formats))
    if ctx.attr.times:
        arguments.add("--times", ",".join(ctx.attr.times))
    arguments.add_all(ctx.attr.options)
    ctx.actions.run(
        executable = ctx.executable._render_script,
        arguments = [arguments],
        inputs = [spec] + ctx.files.srcs + ctx.files.tokens + ctx.files.fonts,
        tools = [ctx.executable.tool, ctx.file._link_script],
        outputs = [folder],
        mnemonic = "PickerReelRender",
        progress_message = "Rendering %s with PickerReel" % spec.short_path,
    )
    return [
        DefaultInfo(files = depset([folder])),
        PickerReelRenderInfo(folder = folder, spec_name = spec.basename[:-len(".json")]),
    ]

pickerreel_render = rule(
    implementation = _pickerreel_render_impl,
    doc = "Renders one spec into a folder (`<name>/<spec name>/…`), as `pickerreel render SPEC -o <name>` does.",
    attrs = {
        "spec": attr.label(mandatory = True, allow_single_file = [".json"], doc = "The spec."),
        "srcs": attr.label_list(
            allow_files = True,
            doc = "Every icon and image the spec names, at the paths it names them (relative to the spec). One " +
                  "left out fails the render naming it.",
        ),
        "tokens": attr.label_list(
            allow_files = [".json"],
            doc = "The DTCG token files and themes the spec names (`tokens`, `variants.tokens`, `extends`), at the " +
                  "paths it names them (relative to the spec), so a token change re-renders. One left out fails the " +
                  "render naming it.",
        ),
        "fonts": attr.label_list(
            allow_files = [".ttf", ".otf", ".ttc"],
            doc = "Font files: when given, the render sees these and no installed font, so its text is the same " +
                  "on every machine. Empty: the machine's installed fonts, which are not part of the cache key.",
        ),
        "formats": attr.string_list(default = ["png"], doc = "As `--format`: png, svg, gif, webp, …"),
        "times": attr.string_list(doc = "As `--times`: PNG pictures of only these moments, in seconds."),
        "options": attr.string_list(doc = "More render options, such as `--variant dark` or `--png-level 6`."),
        "tool": attr.label(
            default = "@pickerreel_tool//:pickerreel",
            executable = True,
            cfg = "exec",
            allow_files = True,
            doc = "The pickerreel executable; its bytes are an input, so another build of it renders again.",
        ),
        "_render_script": attr.label(
            default = Label("//:render.sh"),
            executable = True,
            cfg = "exec",
            allow_single_file = True,
        ),
        "_link_script": attr.label(
            default = Label("//:workspace-link.sh"),
            cfg = "exec",
            allow_single_file = True,
        ),
    },
)

def _goldens_root(goldens, spec_name):
    """The folder the goldens are laid out in as a render folder is: every file at ROOT/<spec folder>/<file>."""
    roots = {}
    for file in goldens:
        parts = file.short_path.split("/")
        if len(parts) < 2:
            fail("goldens: %s is not inside a spec folder (expected ROOT/%s/FILE)" % (file.short_path, spec_name))
        roots["/".join(parts[:-2]) or "."] = True
    if len(roots) > 1:
        fail("goldens: expected one folder of spec folders (ROOT/%s/FILE), found %s" %
             (spec_name, ", ".join(sorted(roots.keys()))))
    return roots.keys()[0]

def _pickerreel_golden_test_impl(ctx):
    _refuse_options("compare_options", ctx.attr.compare_options, _COMPARE_OPTIONS_SET_BY_THE_RULE)
    render = ctx.attr.render[PickerReelRenderInfo]
    # No goldens yet: the test runs and fails, compare reporting every picture of the render as added.
    root = _goldens_root(ctx.files.goldens, render.spec_name) if ctx.files.goldens else "."
    copies = "\n".join([
        "copy %s" % _shell_quote("/".join(file.short_path.split("/")[-2:]))
        for file in ctx.files.goldens
    ])
    script = ctx.actions.declare_file(ctx.label.name + ".sh")
    ctx.actions.write(script, is_executable = True, content = """#!/bin/sh
# {label}: compares the goldens in {root} with the render {render} (pickerreel_golden_test in pickerreel.bzl).
# compare reads only inside EXPECTED and ACTUAL, and runfiles are links, so both are copied first (as goldens/ and
# render/, the names compare's messages and report use). A golden committed as a link is copied as the link it is
# (workspace-link.sh), never as what it leads to, so compare refuses it naming it. The exit status is compare's: 0
# all match, 1 any difference (also a golden missing or one too many), 2 bad input.
set -eu
tool="$PWD/"{tool}
links="$PWD/"{links}
work="${{TEST_TMPDIR:-$(mktemp -d)}}/pickerreel-compare"
rm -rf "$work"
mkdir -p "$work/goldens"
copy() {{
    mkdir -p "$work/goldens/$(dirname "$1")"
    link=$("$links" {root}/"$1" {prefix}"$1")
    if [ -n "$link" ]; then
        ln -s "$link" "$work/goldens/$1"
    else
        cp {root}/"$1" "$work/goldens/$1"
    fi
}}
{copies}
cp -RL {folder} "$work/render"
cd "$work"
set -- {options} "$@"
if [ -n "${{TEST_UNDECLARED_OUTPUTS_DIR:-}}" ]; then
    set -- "$@" --diff "$TEST_UNDECLARED_OUTPUTS_DIR/diff"
fi
if [ -n "${{XML_OUTPUT_FILE:-}}" ]; then
    set -- "$@" --report junit "$XML_OUTPUT_FILE"
fi
exec "$tool" compare goldens render "$@"
""".format(
        label = str(ctx.label),
        root = _shell_quote(root),
        render = str(ctx.attr.render.label),
        copies = copies,
        folder = _shell_quote(render.folder.short_path),
        options = " ".join([_shell_quote(option) for option in ctx.attr.compare_options]),
        tool = _shell_quote(ctx.executable.tool.short_path),
        links = _shell_quote(ctx.file._link_script.short_path),
        prefix = _shell_quote("" if root == "." else root + "/"),
    ))
    runfiles = ctx.runfiles(files = [script, render.folder, ctx.executable.tool, ctx.file._link_script] + ctx.files.goldens)
    runfiles = runfiles.merge(ctx.attr.tool[DefaultInfo].default_runfiles)
    return [DefaultInfo(executable = script, runfiles = runfiles)]

pickerreel_golden_test = rule(
    implementation = _pickerreel_golden_test_impl,
    test = True,
    doc = "Passes when `pickerreel compare GOLDENS RENDER` finds every golden and nothing else equal; " +
          "its report is the test's JUnit XML and its diff pictures are the test's undeclared outputs.",
    attrs = {
        "render": attr.label(
            mandatory = True,
            providers = [PickerReelRenderInfo],
            doc = "A pickerreel_render target.",
        ),
        "goldens": attr.label_list(
            allow_files = [".png"],
            doc = "The golden pictures, laid out as the render's folder: ROOT/<spec name>/frame-0000.png, ….",
        ),
        "compare_options": attr.string_list(
            doc = "More compare options, such as `--metric oklab` or `--max-diff-pixels 10`.",
        ),
        "tool": attr.label(
            default = "@pickerreel_tool//:pickerreel",
            executable = True,
            cfg = "target",
            allow_files = True,
            doc = "The pickerreel executable that compares.",
        ),
        "_link_script": attr.label(
            default = Label("//:workspace-link.sh"),
            allow_single_file = True,
        ),
    },
)
