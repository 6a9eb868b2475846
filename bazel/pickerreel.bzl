"""Bazel rules for PickerReel: renders as cached build actions, golden images as tests.

    load("@pickerreel_rules//:pickerreel.bzl", "pickerreel_accept", "pickerreel_golden_test", "pickerreel_render")

    pickerreel_render(
        name = "appearance",
        spec = "specs/appearance.json",
        srcs = glob(["specs/icons/*.svg"]),  # every icon and image the spec names
        tokens = glob(["specs/tokens/*.json"]),  # its DTCG token files, resolver and themes, if it names any
        times = ["0", "0.6", "1.2"],
    )

    pickerreel_golden_test(
        name = "appearance_golden_test",
        render = ":appearance",
        goldens = glob(["goldens/appearance/**"]),
        accept = ":appearance_accept",
    )

    # `bazel run //:appearance_accept` copies the render over goldens/appearance/ (records them the first time).
    pickerreel_accept(
        name = "appearance_accept",
        render = ":appearance",
        goldens = "goldens",
    )

A render is one action whose inputs are the tool, the spec and the files declared with it, and whose output is a
folder laid out as `pickerreel render -o` lays it out: `<spec name>/` (and `<spec name>-<suffix>/` for each
variant). The tool draws the same bytes run to run on one machine, so Bazel's caches (`--disk_cache`, a remote
cache) hand the folder to any build whose inputs are the same, and a changed spec, icon, font or tool renders again.
The render environment is an input too (environment.bzl): the record @pickerreel_environment writes of the host's
libraries and, for a render without `fonts`, its installed font files, so a machine with another stack has other
keys and never takes pictures drawn elsewhere from a shared cache.

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
    # With declared fonts the render sees those alone: the installed ones are not its environment.
    environment = ctx.file.libraries_environment if ctx.files.fonts else ctx.file.environment
    arguments.add_all(["--environment", environment.path])
    if not ctx.files.fonts:
        arguments.add_all(["--fontconfig-file", ctx.file.fontconfig_file.path])
    arguments.add("--")
    arguments.add("--format", ",".join(ctx.attr.formats))
    if ctx.attr.times:
        arguments.add("--times", ",".join(ctx.attr.times))
    arguments.add_all(ctx.attr.options)
    ctx.actions.run(
        executable = ctx.executable._render_script,
        arguments = [arguments],
        inputs = [spec, environment, ctx.file.fontconfig_file] + ctx.files.srcs + ctx.files.tokens + ctx.files.fonts,
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
            doc = "The DTCG token files, resolver documents (and every file a resolver references) and themes the spec " +
                  "names (`tokens`, `variants.tokens`, `extends`), at the " +
                  "paths it names them (relative to the spec), so a token change re-renders. One left out fails the " +
                  "render naming it.",
        ),
        "fonts": attr.label_list(
            allow_files = [".ttf", ".otf", ".ttc"],
            doc = "Font files: when given, the render sees these and no installed font, so its text is the same " +
                  "on every machine. Empty: the machine's installed fonts, named in the key by @pickerreel_environment.",
        ),
        "formats": attr.string_list(default = ["png"], doc = "As `--format`: png, svg, gif, webp, …"),
        "times": attr.string_list(doc = "As `--times`: PNG pictures of only these moments, in seconds."),
        "options": attr.string_list(doc = "More render options, such as `--variant dark` or `--png-level 6`."),
        "environment": attr.label(
            default = "@pickerreel_environment//:environment.json",
            allow_single_file = [".json"],
            doc = "The render environment record (environment.bzl) of a render without `fonts`: an input, so " +
                  "another set of libraries or installed fonts is another key. The action fails when the machine " +
                  "it runs on differs from it.",
        ),
        "fontconfig_file": attr.label(
            default = "@pickerreel_environment//:fontconfig.txt",
            allow_single_file = True,
            doc = "The host's FONTCONFIG_FILE (environment.bzl), which a render without `fonts` uses.",
        ),
        "libraries_environment": attr.label(
            default = "@pickerreel_environment//:libraries.json",
            allow_single_file = [".json"],
            doc = "The record of the libraries alone: the environment of a render with `fonts`.",
        ),
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

PickerReelAcceptInfo = provider(
    doc = "Marks a pickerreel_accept target, for pickerreel_golden_test's `accept`.",
    fields = {"goldens": "The goldens folder it writes, relative to the workspace."},
)

def _pickerreel_accept_impl(ctx):
    goldens = ctx.attr.goldens
    if not goldens or goldens.startswith("/") or ".." in goldens.split("/"):
        fail("goldens: %s is not a folder inside this package (a relative path without ..)" % repr(goldens))
    render = ctx.attr.render[PickerReelRenderInfo]
    folder = (ctx.label.package + "/" if ctx.label.package else "") + goldens.rstrip("/")
    script = ctx.actions.declare_file(ctx.label.name + ".sh")
    ctx.actions.write(script, is_executable = True, content = """#!/bin/sh
# {label}: makes the goldens in {goldens} equal the render {render}, spec folder by spec folder, with
# `pickerreel compare GOLDENS RENDER --update` (pickerreel_accept in pickerreel.bzl). Run by `bazel run`, which says
# where the workspace is; only the render's own spec folders under {goldens} change.
set -eu
if [ -z "${{BUILD_WORKSPACE_DIRECTORY:-}}" ]; then
    echo "pickerreel: run {label} with bazel run (it writes into the workspace)" >&2
    exit 2
fi
tool="$PWD/"{tool}
work=$(mktemp -d "${{TMPDIR:-/tmp}}/pickerreel-accept.XXXXXX")
trap 'rm -rf "$work"' EXIT
# The render's runfiles are links; compare reads only inside its trees, so it gets a copy.
cp -RL {folder} "$work/render"
goldens="$BUILD_WORKSPACE_DIRECTORY/"{goldens}
mkdir -p "$goldens"
for spec in "$work/render"/*/; do
    name=$(basename "$spec")
    "$tool" compare "$goldens/$name" "$work/render/$name" --update
done
echo "pickerreel: the goldens in "{goldens}" now equal the render {render}; review and commit them"
""".format(
        label = str(ctx.label),
        render = str(ctx.attr.render.label),
        goldens = _shell_quote(folder),
        folder = _shell_quote(render.folder.short_path),
        tool = _shell_quote(ctx.executable.tool.short_path),
    ))
    runfiles = ctx.runfiles(files = [script, render.folder, ctx.executable.tool])
    runfiles = runfiles.merge(ctx.attr.tool[DefaultInfo].default_runfiles)
    return [DefaultInfo(executable = script, runfiles = runfiles), PickerReelAcceptInfo(goldens = folder)]

pickerreel_accept = rule(
    implementation = _pickerreel_accept_impl,
    executable = True,
    doc = "`bazel run` it to copy a render over its goldens (`pickerreel compare GOLDENS/<spec> RENDER/<spec> " +
          "--update` per spec folder): records them the first time, accepts a change after.",
    attrs = {
        "render": attr.label(
            mandatory = True,
            providers = [PickerReelRenderInfo],
            doc = "The pickerreel_render target whose pictures become the goldens.",
        ),
        "goldens": attr.string(
            default = "goldens",
            doc = "The folder of spec folders in this package the golden test globs (goldens/<spec name>/…).",
        ),
        "tool": attr.label(
            default = "@pickerreel_tool//:pickerreel",
            executable = True,
            cfg = "target",
            allow_files = True,
            doc = "The pickerreel executable that copies.",
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
    accept = ("bazel run " + str(ctx.attr.accept.label)) if ctx.attr.accept else \
        "a pickerreel_accept target of %s (docs/bazel.md)" % ctx.attr.render.label
    if not ctx.files.goldens:
        # A glob that matches nothing (a typo, goldens not recorded yet) would compare nothing: an error, named.
        fail("goldens of %s is empty: its glob matched no file. Record the goldens with %s, then glob them " %
             (ctx.label, accept) + "(such as glob([\"goldens/%s/*.png\"]))" % render.spec_name)
    root = _goldens_root(ctx.files.goldens, render.spec_name)
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
# The diff pictures go to test.outputs/diff here, copied to Bazel's undeclared outputs after: compare's lines then
# name test.outputs/diff/…, as bazel-testlogs/<test>/ holds it, not a sandbox folder gone when they are read.
if [ -n "${{TEST_UNDECLARED_OUTPUTS_DIR:-}}" ]; then
    mkdir -p test.outputs
    set -- "$@" --diff test.outputs/diff
fi
if [ -n "${{XML_OUTPUT_FILE:-}}" ]; then
    set -- "$@" --report junit "$XML_OUTPUT_FILE"
fi
status=0
"$tool" compare goldens render "$@" || status=$?
if [ -n "${{TEST_UNDECLARED_OUTPUTS_DIR:-}}" ] && [ -d test.outputs/diff ]; then
    cp -R test.outputs/diff "$TEST_UNDECLARED_OUTPUTS_DIR/diff"
fi
if [ "$status" -ne 0 ]; then
    # Where to look and how to accept, as paths from the workspace (the test's own folder is gone when this is read).
    echo "pickerreel: {label} failed: the render is in bazel-bin/"{folder}", the diff pictures in" \
        "bazel-testlogs/"{test_path}"/test.outputs/ (outputs.zip); to accept the render as these goldens: "{accept} >&2
fi
exit "$status"
""".format(
        label = str(ctx.label),
        test_path = _shell_quote((ctx.label.package + "/" if ctx.label.package else "") + ctx.label.name),
        accept = _shell_quote(accept),
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
            allow_files = [".png", "pickerreel-manifest.json"],
            doc = "The golden pictures, laid out as the render's folder: ROOT/<spec name>/frame-0000.png, …, and " +
                  "the render's pickerreel-manifest.json beside them when kept: then a golden that does not match " +
                  "is reported with what differs between the environments they were drawn in (a font, a library).",
        ),
        "compare_options": attr.string_list(
            doc = "More compare options, such as `--metric oklab` or `--max-diff-pixels 10`.",
        ),
        "accept": attr.label(
            providers = [PickerReelAcceptInfo],
            doc = "The pickerreel_accept target of these goldens, named by a failing test as the way to accept.",
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
