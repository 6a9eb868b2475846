"""Bazel 4 without the network: an empty stand-in for the coverage tools every test target depends on.

Bazel 4 (Debian's bazel-bootstrap) gives each test an implicit dependency on @remote_coverage_tools, which it
downloads from mirror.bazel.build even when no coverage is asked for, so `bazel test` fails offline. Declaring this
stand-in in WORKSPACE (before anything else) keeps `bazel test` offline; `bazel coverage` is then unavailable, which
golden tests do not need.
"""

def _remote_coverage_tools_stand_in(repository_ctx):
    repository_ctx.file("WORKSPACE", "workspace(name = \"remote_coverage_tools\")\n")
    repository_ctx.file("BUILD", "\n".join([
        "# Empty stand-ins: see offline.bzl in the PickerReel rules.",
        "filegroup(name = \"coverage_report_generator\", visibility = [\"//visibility:public\"])",
        "filegroup(name = \"lcov_merger\", visibility = [\"//visibility:public\"])",
        "",
    ]))

remote_coverage_tools_stand_in = repository_rule(
    implementation = _remote_coverage_tools_stand_in,
    doc = "An empty @remote_coverage_tools, so that `bazel test` fetches nothing (Bazel 4).",
)
