"""The render environment as a Bazel input: a repository rule that runs `pickerreel environment` on the host.

    load("@pickerreel_rules//:environment.bzl", "pickerreel_environment")

    pickerreel_environment(name = "pickerreel_environment")

It writes @pickerreel_environment//:environment.json (the libraries' versions and every font file fontconfig can
choose, with their SHA-256, and the digest of that), :libraries.json (the libraries alone) and :fontconfig.txt (the
host's FONTCONFIG_FILE, empty when unset: render actions run with Bazel's own environment, so a fontconfig file the
host names is handed to them through this file, and the fonts they see are the ones recorded). Every
pickerreel_render takes one of them as an input: environment.json, or libraries.json when the rule's `fonts` are all
the render sees. So a machine with another cairo, pango, HarfBuzz, FreeType or fontconfig, or another set of
installed fonts, has other action keys, and a shared cache never hands it pictures drawn elsewhere; the render
action also checks the machine it runs on against the record and fails naming the difference, so a stale record
(fonts installed since the repository was fetched) cannot store pictures under the wrong key.

The rule is `local`: Bazel runs it again when its server starts, when one of the variables below changes, and on
`bazel sync --configure`. Run that after installing or removing fonts with a Bazel server running.
"""

_ENVIRONMENT_VARIABLES = ["FONTCONFIG_FILE", "FONTCONFIG_PATH", "FONTCONFIG_SYSROOT", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "HOME"]

def _pickerreel_environment_impl(repository_ctx):
    tool = repository_ctx.path(repository_ctx.attr.tool)
    for name, arguments in [("environment.json", []), ("libraries.json", ["--libraries-only"])]:
        result = repository_ctx.execute([tool, "environment", "--json"] + arguments, quiet = True)
        if result.return_code != 0:
            fail("pickerreel environment --json %s failed (exit %d): %s" % (" ".join(arguments), result.return_code, result.stderr))
        repository_ctx.file(name, result.stdout)
    fontconfig_file = repository_ctx.os.environ.get("FONTCONFIG_FILE", "")
    if "\n" in fontconfig_file:
        fail("FONTCONFIG_FILE holds a line break; give the path of a fontconfig file")
    repository_ctx.file("fontconfig.txt", fontconfig_file + "\n" if fontconfig_file else "")
    repository_ctx.file("WORKSPACE", "workspace(name = \"%s\")\n" % repository_ctx.name)
    repository_ctx.file("BUILD", "\n".join([
        "# The render environment of the machine that fetched this repository (pickerreel environment --json).",
        "exports_files([\"environment.json\", \"libraries.json\", \"fontconfig.txt\"])",
        "",
    ]))

pickerreel_environment = repository_rule(
    implementation = _pickerreel_environment_impl,
    doc = "The host's render environment records, environment.json and libraries.json, and its FONTCONFIG_FILE.",
    attrs = {
        "tool": attr.label(
            default = "@pickerreel_tool//:pickerreel",
            allow_single_file = True,
            doc = "The pickerreel executable that reads the environment (the one the renders run).",
        ),
    },
    environ = _ENVIRONMENT_VARIABLES,
    local = True,
    configure = True,
)
