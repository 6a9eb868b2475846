#!/usr/bin/env bash
# `make bazel-test`: the Bazel rules (bazel/pickerreel.bzl) on the example workspace (bazel/example), offline, with
# the release tool in .build/static/release. Everything Bazel writes stays in .build/bazel (its output roots, the
# disk cache, the execution logs), never in $HOME.
#
#  1. Builds every target with a fresh --disk_cache: every render runs, and fills the cache.
#  2. Runs the golden tests (they pass), and the one whose spec was changed (it must fail: a mismatch is a red test).
#  3. `bazel clean --expunge`, then builds again with the same --disk_cache: every render must come from the cache.
#  4. The same from a copy of the workspace at another path, with another Bazel output root, as a second machine
#     sharing a remote cache would build; then, with one spec changed there, only that spec renders again.
#  5. There, an icon left out of the rule's srcs fails the render with the tool's message naming it.
#  6. There, the period render given DejaVu Sans as its fonts fails its golden test (recorded with Inter): a render
#     with `fonts` sees those files and no installed font.
#  7. There, a committed link to a picture outside the workspace, declared as an image, fails the render with the
#     tool's own message naming the field (Bazel would otherwise read the picture through the link and draw it into
#     bazel-bin); an input reached through a committed link to a folder is refused naming the link; a golden
#     committed as a link fails its test with compare's refusal, never compared as what it leads to.
#  8. A real remote cache: Debian's nginx serving WebDAV PUT on 127.0.0.1 (started here, stopped on exit, nothing
#     left running), as Bazel's --remote_cache. Machine A (a copy of the workspace, its own output root, no disk
#     cache) renders everything and uploads it (PUTs in nginx's log); machine B (another copy, another output root)
#     takes every render from the remote cache; machine C, whose installed fonts differ (its fontconfig file, at the
#     same path, lists one more font folder, preferred for the family the specs draw with), has another render
#     environment (@pickerreel_environment) and so other keys: it takes none of the renders drawn with installed
#     fonts from the cache, renders them and matches its own goldens; against A's goldens its golden test fails
#     naming the font that differs. A render with declared `fonts` depends on the libraries alone, so C takes it
#     from the cache. A font installed on C under a running Bazel server (a stale record) fails the render naming it.
#  9. docs/bazel.md's WORKSPACE, .bazelrc and BUILD snippets, copied as they are into a fresh workspace: an empty
#     goldens glob is an error naming it, `bazel run //:period_accept` records the goldens, no sandbox debug output,
#     and a changed spec fails its test naming its outputs and the accept target, which accepts it.
# Each check reads Bazel's own execution log (--execution_log_json_file): the runner of each PickerReelRender action.
set -euo pipefail

repository=$(cd "$(dirname "$0")/.." && pwd)
tool=$repository/.build/static/release/pickerreel
work=$repository/.build/bazel
cache=$work/disk-cache
logs=$work/logs
[ -x "$tool" ] || { echo "bazel-test: $tool is missing: run 'make bazel-test' (it builds the tool first)" >&2; exit 2; }

rm -rf "$cache" "$logs" "$work/elsewhere"
mkdir -p "$cache" "$logs"
roots=()
nginx_pid=
stop_servers() {
    if [ -n "$nginx_pid" ]; then
        kill "$nginx_pid" 2>/dev/null || true
        wait "$nginx_pid" 2>/dev/null || true
    fi
    for root in "${roots[@]}"; do
        (cd "${root#*:}" && bazel --nohome_rc --output_user_root="${root%%:*}" shutdown) >/dev/null 2>&1 || true
    done
    # The second machine's outputs are of no further use; Bazel leaves them read-only, so `rm -rf` alone could not.
    if [ -d "$work/elsewhere-output-root" ]; then chmod -R u+w "$work/elsewhere-output-root"; fi
    rm -rf "$work/elsewhere-output-root"
    for machine in a b c; do
        if [ -d "$work/machine-$machine-output-root" ]; then chmod -R u+w "$work/machine-$machine-output-root"; fi
        rm -rf "$work/machine-$machine-output-root"
    done
}
trap stop_servers EXIT

# run OUTPUT_ROOT WORKSPACE LOG_NAME COMMAND TARGET…: bazel in WORKSPACE, its output in $logs/LOG_NAME.txt and
# its execution log in $logs/LOG_NAME.json; prints Bazel's process summary; returns Bazel's exit status. The cache
# is $cache_flags: the disk cache, until step 8 names the remote one.
cache_flags=(--disk_cache="$cache")
run() {
    local root=$1 workspace=$2 name=$3 command=$4
    shift 4
    roots+=("$root:$workspace")
    local status=0
    (cd "$workspace" && bazel --nohome_rc --output_user_root="$root" "$command" "${cache_flags[@]}" \
        --execution_log_json_file="$logs/$name.json" "$@") >"$logs/$name.txt" 2>&1 || status=$?
    grep -m1 'INFO: [0-9]* process' "$logs/$name.txt" | sed "s/^INFO: /  $name: /" || true
    return $status
}

# renders LOG_NAME: how the PickerReelRender actions of that run were run, as "RUNNER<TAB>PROGRESS MESSAGE" lines.
renders() {
    python3 - "$logs/$1.json" <<'EOF'
import json, sys
text, decoder, position = open(sys.argv[1]).read(), json.JSONDecoder(), 0
while True:
    while position < len(text) and text[position].isspace():
        position += 1
    if position == len(text):
        break
    spawn, position = decoder.raw_decode(text, position)
    if spawn.get("mnemonic") == "PickerReelRender":
        print(f"{spawn.get('runner')}\t{spawn.get('progressMessage')}")
EOF
}

# expect LOG_NAME HITS RUNS: exactly HITS renders came from the cache and RUNS were run.
expect() {
    local lines hits runs
    lines=$(renders "$1")
    hits=$(grep -c '^remote cache hit' <<<"$lines" || true)
    runs=$(grep -vc '^remote cache hit' <<<"$lines" || true)
    [ -n "$lines" ] || runs=0
    echo "  $1: $hits renders from the ${cache_name:-disk cache}, $runs rendered"
    if [ "$hits" -ne "$2" ] || [ "$runs" -ne "$3" ]; then
        echo "bazel-test: expected $2 from the cache and $3 rendered; Bazel's log: $logs/$1.txt" >&2
        sed 's/^/    /' <<<"$lines" >&2
        exit 1
    fi
}

example=$repository/bazel/example
root=$work/output-root
echo "Bazel $(dpkg-query -W -f='${Version}' bazel-bootstrap 2>/dev/null || bazel --version) (Debian's bazel-bootstrap), offline; example: bazel/example"
(cd "$example" && bazel --nohome_rc --output_user_root="$root" clean --expunge >/dev/null 2>&1) || true

echo "1. A first build fills an empty disk cache:"
run "$root" "$example" first-build build //... || { cat "$logs/first-build.txt" >&2; exit 1; }
count=$(renders first-build | wc -l)
[ "$count" -ge 2 ] || { echo "bazel-test: expected the example's renders in the first build, found $count" >&2; exit 1; }
expect first-build 0 "$count"

echo "2. The golden tests pass, and a golden test of a changed spec fails:"
run "$root" "$example" golden-tests test //... || { cat "$logs/golden-tests.txt" >&2; exit 1; }
grep -E '^//:.*(PASSED|FAILED)' "$logs/golden-tests.txt" | sed 's/^/  /'
status=0
run "$root" "$example" changed-spec test //:period_changed_golden_test || status=$?
if [ "$status" -ne 3 ] || ! grep -q 'files differ' "$logs/changed-spec.txt"; then
    echo "bazel-test: //:period_changed_golden_test should fail with differing pixels (Bazel exit 3), it exited $status:" >&2
    cat "$logs/changed-spec.txt" >&2
    exit 1
fi
grep -E '^//:.*FAILED|files differ|^pickerreel: //' "$logs/changed-spec.txt" | sed 's/^/  /'

echo "3. After bazel clean --expunge, every render comes from the disk cache:"
(cd "$example" && bazel --nohome_rc --output_user_root="$root" clean --expunge >/dev/null 2>&1)
run "$root" "$example" after-clean build //... || { cat "$logs/after-clean.txt" >&2; exit 1; }
expect after-clean "$count" 0

echo "4. A copy at another path with another output root (a second machine) hits the cache too; a changed spec renders again:"
elsewhere=$work/elsewhere
mkdir -p "$elsewhere/bazel" "$elsewhere/.build/static/release"
cp "$tool" "$elsewhere/.build/static/release/pickerreel"
(cd "$repository/bazel" && tar --exclude='./example/bazel-*' -cf - .) | (cd "$elsewhere/bazel" && tar -xf -)
(cd "$elsewhere/bazel/example" && bazel --nohome_rc --output_user_root="$work/elsewhere-output-root" clean --expunge \
    >/dev/null 2>&1)
run "$work/elsewhere-output-root" "$elsewhere/bazel/example" second-machine build //... ||
    { cat "$logs/second-machine.txt" >&2; exit 1; }
expect second-machine "$count" 0
sed -i 's/"tail": 0.5/"tail": 0.6/' "$elsewhere/bazel/example/specs/appearance.json"
run "$work/elsewhere-output-root" "$elsewhere/bazel/example" spec-changed build //... ||
    { cat "$logs/spec-changed.txt" >&2; exit 1; }
expect spec-changed 0 1

echo "5. An icon the spec names but the rule does not declare fails the render, naming it:"
sed -i 's|glob(\["specs/icons/\*.svg"\])|["specs/icons/sun.svg"]|' "$elsewhere/bazel/example/BUILD.bazel"
status=0
run "$work/elsewhere-output-root" "$elsewhere/bazel/example" undeclared-icon build //:appearance || status=$?
if [ "$status" -eq 0 ] || ! grep -q 'specs/appearance.json: items\[1\].icon: .*"icons/moon.svg"' "$logs/undeclared-icon.txt"; then
    echo "bazel-test: a render missing a declared icon should fail naming it; Bazel exited $status:" >&2
    cat "$logs/undeclared-icon.txt" >&2
    exit 1
fi
grep '^pickerreel: error:' "$logs/undeclared-icon.txt" | sed 's/^/  /'

echo "6. The period render sees its declared fonts alone: declared DejaVu Sans instead of Inter, its golden test fails:"
cat >>"$elsewhere/bazel/example/WORKSPACE.bazel" <<'EOF'
new_local_repository(
    name = "dejavu",
    build_file_content = 'exports_files(["DejaVuSans.ttf"])',
    path = "/usr/share/fonts/truetype/dejavu",
)
EOF
sed -i 's|fonts = \["@inter//:upright"\]|fonts = ["@dejavu//:DejaVuSans.ttf"]|' "$elsewhere/bazel/example/BUILD.bazel"
status=0
run "$work/elsewhere-output-root" "$elsewhere/bazel/example" other-font test //:period_golden_test || status=$?
if [ "$status" -ne 3 ] || ! grep -q 'files differ' "$logs/other-font.txt"; then
    echo "bazel-test: //:period_golden_test drawn with DejaVu Sans should fail (Bazel exit 3), it exited $status:" >&2
    cat "$logs/other-font.txt" >&2
    exit 1
fi
grep -E '^//:.*FAILED|files differ' "$logs/other-font.txt" | sed 's/^/  /'
echo "7. Links committed in the workspace are refused with the tool's messages; nothing they lead to is drawn or compared:"
linked=$elsewhere/bazel/example/specs/linked
mkdir -p "$linked" "$work/private"
cp "$example/goldens/period/period.0.000s.png" "$work/private/picture.png"
ln -s "$work/private/picture.png" "$linked/picture.png"
printf '{ "items": [{ "value": "a", "image": "picture.png" }, "b"] }\n' >"$linked/linked.json"
ln -s "$work/private" "$linked/folder"
printf '{ "items": [{ "value": "a", "image": "folder/picture.png" }, "b"] }\n' >"$linked/through-folder.json"
cat >>"$elsewhere/bazel/example/BUILD.bazel" <<'EOF'
pickerreel_render(name = "linked", srcs = ["specs/linked/picture.png"], spec = "specs/linked/linked.json", times = ["0"])
pickerreel_render(
    name = "through_folder",
    srcs = ["specs/linked/folder/picture.png"],
    spec = "specs/linked/through-folder.json",
    times = ["0"],
)
EOF
status=0
run "$work/elsewhere-output-root" "$elsewhere/bazel/example" linked-picture build //:linked || status=$?
drawn=$(find -L "$elsewhere/bazel/example/bazel-bin/linked" -name '*.png' 2>/dev/null | wc -l)
if [ "$status" -eq 0 ] || [ "$drawn" -ne 0 ] ||
    ! grep -q 'specs/linked/linked.json: items\[0\].image: .*picture.png.*outside the root' "$logs/linked-picture.txt"; then
    echo "bazel-test: a committed link to a picture outside the workspace should fail the render with the tool's" \
        "message and draw nothing; Bazel exited $status, $drawn pictures in bazel-bin/linked:" >&2
    cat "$logs/linked-picture.txt" >&2
    exit 1
fi
grep '^pickerreel: error:' "$logs/linked-picture.txt" | sed 's/^/  /'
status=0
run "$work/elsewhere-output-root" "$elsewhere/bazel/example" linked-folder build //:through_folder || status=$?
if [ "$status" -eq 0 ] || ! grep -q 'pickerreel: error: specs/linked/folder: a symbolic link' "$logs/linked-folder.txt"; then
    echo "bazel-test: an input through a committed link to a folder should be refused naming the link;" \
        "Bazel exited $status:" >&2
    cat "$logs/linked-folder.txt" >&2
    exit 1
fi
grep '^pickerreel: error:' "$logs/linked-folder.txt" | sed 's/^/  /'
status=0
# The period render (drawn with DejaVu Sans since step 6): compare refuses the link before it compares anything.
mkdir -p "$elsewhere/bazel/example/goldens/linked/period"
cp "$example"/goldens/period/*.png "$elsewhere/bazel/example/goldens/linked/period/"
golden=$elsewhere/bazel/example/goldens/linked/period/period.0.600s.png
cp "$golden" "$work/private/golden.png"
rm "$golden"
ln -s "$work/private/golden.png" "$golden"
cat >>"$elsewhere/bazel/example/BUILD.bazel" <<'EOF'
pickerreel_golden_test(
    name = "linked_golden_test",
    size = "small",
    goldens = glob(["goldens/linked/period/*.png"]),
    render = ":period",
)
EOF
run "$work/elsewhere-output-root" "$elsewhere/bazel/example" linked-golden test //:linked_golden_test || status=$?
if [ "$status" -eq 0 ] || ! grep -q 'goldens/period/period.0.600s.png: a link that leads out' "$logs/linked-golden.txt"; then
    echo "bazel-test: a golden committed as a link should fail its test with compare's refusal; Bazel exited $status:" >&2
    cat "$logs/linked-golden.txt" >&2
    exit 1
fi
grep '^pickerreel: error:' "$logs/linked-golden.txt" | sed 's/^/  /'
echo "8. A remote HTTP cache (Debian's nginx, WebDAV PUT, on 127.0.0.1): machine A uploads, B takes everything from it, C (other fonts) takes none of the renders drawn with installed fonts:"
server=$work/remote-cache
rm -rf "$server"
mkdir -p "$server/store" "$server/temp"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# A master process run as root hands its workers to `user`: the store is ours, so the workers are too.
user_line=
if [ "$(id -u)" -eq 0 ]; then user_line="user $(id -un) $(id -gn);"; fi
cat >"$server/nginx.conf" <<NGINX
$user_line
worker_processes 1;
error_log $server/error.log;
pid $server/nginx.pid;
events {}
http {
    access_log $server/access.log;
    client_body_temp_path $server/temp/body;
    proxy_temp_path $server/temp/proxy;
    fastcgi_temp_path $server/temp/fastcgi;
    uwsgi_temp_path $server/temp/uwsgi;
    scgi_temp_path $server/temp/scgi;
    server {
        listen 127.0.0.1:$port;
        root $server/store;
        client_max_body_size 1g;
        location / {
            dav_methods PUT;
            create_full_put_path on;
            dav_access user:rw;
        }
    }
}
NGINX
# In the foreground of a background job of this script, so that its process id is ours to stop (stop_servers).
nginx -p "$server" -c "$server/nginx.conf" -g 'daemon off;' 2>"$server/startup.log" &
nginx_pid=$!
for _ in $(seq 50); do
    if curl -fsS -o /dev/null -X PUT --data-binary probe "http://127.0.0.1:$port/probe" 2>/dev/null; then break; fi
    sleep 0.1
done
[ "$(curl -fsS "http://127.0.0.1:$port/probe" 2>/dev/null)" = probe ] ||
    { echo "bazel-test: nginx did not serve PUT and GET on 127.0.0.1:$port:" >&2; cat "$server/startup.log" "$server/error.log" >&2; exit 1; }
echo "  nginx $(nginx -v 2>&1 | sed 's/.*nginx\///') on 127.0.0.1:$port (process $nginx_pid)"
# The host's FONTCONFIG_FILE reaches the renders through @pickerreel_environment (environment.bzl), as it is recorded.
cache_flags=(--remote_cache="http://127.0.0.1:$port" --repo_env=FONTCONFIG_FILE="$work/fonts/fonts.conf")
cache_name="remote cache"
# The machines' fontconfig file is at one path, as /etc/fonts/fonts.conf is on every machine; what it lists differs.
rm -rf "$work/fonts"
mkdir -p "$work/fonts"
printf '<?xml version="1.0"?>\n<fontconfig><include ignore_missing="no">/etc/fonts/fonts.conf</include></fontconfig>\n' \
    >"$work/fonts/fonts.conf"
# machine NAME: a fresh copy of the example at $work/machine-NAME with its own output root.
machine() {
    local copy=$work/machine-$1
    rm -rf "$copy"
    mkdir -p "$copy/bazel" "$copy/.build/static/release"
    cp "$tool" "$copy/.build/static/release/pickerreel"
    (cd "$repository/bazel" && tar --exclude='./example/bazel-*' -cf - .) | (cd "$copy/bazel" && tar -xf -)
    if [ -d "$work/machine-$1-output-root" ]; then chmod -R u+w "$work/machine-$1-output-root"; fi
    rm -rf "$work/machine-$1-output-root"
}
# requests METHOD KIND: how many METHOD requests for KIND (ac: action results, cas: files) nginx answered with 2xx.
requests() { grep -c "\"$1 /$2/[0-9a-f]* HTTP/1.1\" 20[01]" "$server/access.log" || true; }
machine a
run "$work/machine-a-output-root" "$work/machine-a/bazel/example" machine-a build //... ||
    { cat "$logs/machine-a.txt" >&2; exit 1; }
expect machine-a 0 "$count"
uploaded=$(requests PUT ac)
echo "  machine A uploaded $uploaded action results and $(requests PUT cas) files"
[ "$uploaded" -ge "$count" ] || { echo "bazel-test: machine A should upload its $count renders, nginx took $uploaded action results" >&2; exit 1; }
machine b
run "$work/machine-b-output-root" "$work/machine-b/bazel/example" machine-b build //... ||
    { cat "$logs/machine-b.txt" >&2; exit 1; }
expect machine-b "$count" 0
echo "  machine B downloaded $(requests GET ac) action results and $(requests GET cas) files"

# Machine C: one more font folder, its font preferred for every family the specs ask for.
mkdir -p "$work/fonts/extra"
cp /usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf "$work/fonts/extra/Extra-Serif.ttf"
cat >"$work/fonts/fonts.conf" <<FONTS
<?xml version="1.0"?>
<fontconfig>
  <include ignore_missing="no">/etc/fonts/fonts.conf</include>
  <dir>$work/fonts/extra</dir>
  <match target="pattern"><edit name="family" mode="prepend" binding="strong"><string>DejaVu Serif</string></edit></match>
</fontconfig>
FONTS
machine c
run "$work/machine-c-output-root" "$work/machine-c/bazel/example" machine-c build //... ||
    { cat "$logs/machine-c.txt" >&2; exit 1; }
# The renders with declared fonts (period, period_changed) depend on the libraries alone: those come from the cache.
expect machine-c $((count - 1)) 1
renders machine-c | grep -v '^remote cache hit' | grep -q 'specs/appearance.json' ||
    { echo "bazel-test: machine C should render appearance (installed fonts) itself" >&2; exit 1; }
status=0
run "$work/machine-c-output-root" "$work/machine-c/bazel/example" machine-c-goldens test //:appearance_golden_test || status=$?
if [ "$status" -ne 3 ] || ! grep -q 'different environments: .*Extra-Serif.ttf' "$logs/machine-c-goldens.txt"; then
    echo "bazel-test: on machine C, //:appearance_golden_test (A's goldens) should fail naming the font that differs; Bazel exited $status:" >&2
    cat "$logs/machine-c-goldens.txt" >&2
    exit 1
fi
grep -m1 -o 'the renders were made in different environments: .*' "$logs/machine-c-goldens.txt" | sed 's/^/  /'
run "$work/machine-c-output-root" "$work/machine-c/bazel/example" machine-c-own-goldens test //:appearance_other_fonts_golden_test ||
    { echo "bazel-test: machine C's render should match its own goldens (goldens/other-fonts):" >&2; cat "$logs/machine-c-own-goldens.txt" >&2; exit 1; }
grep -E '^//:.*(PASSED|FAILED)' "$logs/machine-c-own-goldens.txt" | sed 's/^/  /'

# A stale record: a font installed under a running Bazel server (the repository is not fetched again, its variable
# unchanged). The changed spec's render checks the machine against the record and fails naming the new font, rather
# than storing a picture drawn with it under the old environment's key.
cp /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf "$work/fonts/extra/Extra-Sans.ttf"
sed -i 's/"tail": 0.5/"tail": 0.6/' "$work/machine-c/bazel/example/specs/appearance.json"
status=0
run "$work/machine-c-output-root" "$work/machine-c/bazel/example" machine-c-stale build //:appearance || status=$?
if [ "$status" -eq 0 ] || ! grep -q 'not the render environment @pickerreel_environment recorded' "$logs/machine-c-stale.txt" ||
    ! grep -q 'font Extra-Sans.ttf: only in ACTUAL' "$logs/machine-c-stale.txt"; then
    echo "bazel-test: a render on a machine whose fonts changed since the record should fail naming the font; Bazel exited $status:" >&2
    cat "$logs/machine-c-stale.txt" >&2
    exit 1
fi
grep -E '^pickerreel: error:|only in ACTUAL' "$logs/machine-c-stale.txt" | sed 's/^/  /'

echo "9. docs/bazel.md's snippets as a user's workspace: an empty goldens glob is an error, accept records, a change fails saying how to accept:"
user=$work/user-workspace
user_root=$work/user-output-root
if [ -d "$user_root" ]; then chmod -R u+w "$user_root"; fi
rm -rf "$user" "$user_root"
mkdir -p "$user/specs"
# snippet NAME: the code block of docs/bazel.md whose first line is `# NAME`, with the checkout and the tool's folder
# of this machine in place of the page's /opt/PickerReel and /usr/local/bin.
snippet() {
    awk -v name="# $1" '/^```/ { inside = !inside; first = inside; next } inside && first { first = 0; keep = ($0 == name) } inside && keep' \
        "$repository/docs/bazel.md" | sed "s|/opt/PickerReel/bazel|$repository/bazel|; s|\"/usr/local/bin\"|\"$(dirname "$tool")\"|"
}
for name in WORKSPACE.bazel .bazelrc BUILD.bazel; do
    snippet "$name" >"$user/$name"
    [ -s "$user/$name" ] || { echo "bazel-test: docs/bazel.md has no $name snippet" >&2; exit 1; }
done
printf '{ "items": ["Day", "Week", "Month"], "selection": { "initial": "Day", "sequence": [{ "select": "Week", "after": 0.3 }] } }\n' \
    >"$user/specs/period.json"
roots+=("$user_root:$user")
user_bazel() { (cd "$user" && bazel --nohome_rc --output_user_root="$user_root" "$@"); }
status=0
user_bazel test //... >"$logs/user-empty.txt" 2>&1 || status=$?
if [ "$status" -eq 0 ] || ! grep -q 'goldens of //:period_golden_test is empty: its glob matched no file. Record the goldens with bazel run //:period_accept' "$logs/user-empty.txt"; then
    echo "bazel-test: an empty goldens glob should be an error naming it; Bazel exited $status:" >&2
    cat "$logs/user-empty.txt" >&2
    exit 1
fi
grep -o 'Error in fail: goldens of .*' "$logs/user-empty.txt" | sed 's/^/  /'
user_bazel run //:period_accept >"$logs/user-accept.txt" 2>&1 || { cat "$logs/user-accept.txt" >&2; exit 1; }
recorded=$(find "$user/goldens/period" -name '*.png' | wc -l)
[ "$recorded" -eq 3 ] || { echo "bazel-test: bazel run //:period_accept should record 3 goldens, found $recorded" >&2; cat "$logs/user-accept.txt" >&2; exit 1; }
echo "  bazel run //:period_accept: $recorded goldens recorded in goldens/period"
user_bazel test //... >"$logs/user-pass.txt" 2>&1 || { cat "$logs/user-pass.txt" >&2; exit 1; }
# --sandbox_debug (on in Debian's bazelrc) prints the sandbox's mounts from linux-sandbox's sources for every action.
if grep -Eq 'linux-sandbox(-pid1)?\.cc|sandbox_debug' "$logs/user-pass.txt"; then
    echo "bazel-test: the user's workspace printed sandbox debug output:" >&2
    cat "$logs/user-pass.txt" >&2
    exit 1
fi
grep -E '^//:.*PASSED' "$logs/user-pass.txt" | sed 's/^/  /'
sed -i 's/"Week", "after": 0.3/"Month", "after": 0.3/' "$user/specs/period.json"
status=0
user_bazel test //:period_golden_test >"$logs/user-changed.txt" 2>&1 || status=$?
advice='pickerreel: //:period_golden_test failed: the render is in bazel-bin/period, the diff pictures in bazel-testlogs/period_golden_test/test.outputs/ (outputs.zip); to accept the render as these goldens: bazel run //:period_accept'
if [ "$status" -ne 3 ] || ! grep -qF "$advice" "$logs/user-changed.txt" || [ ! -f "$user/bazel-testlogs/period_golden_test/test.outputs/outputs.zip" ] ||
    ! grep -q 'diffs in test.outputs/diff/period$' "$logs/user-changed.txt" ||
    ! python3 -c 'import sys, zipfile; print("\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))' \
        "$user/bazel-testlogs/period_golden_test/test.outputs/outputs.zip" | grep -q '^diff/period/'; then
    echo "bazel-test: a changed spec should fail its golden test naming its outputs (which exist) and the accept target; Bazel exited $status:" >&2
    cat "$logs/user-changed.txt" >&2
    exit 1
fi
grep -F "$advice" "$logs/user-changed.txt" | sed 's/^/  /'
user_bazel run //:period_accept >"$logs/user-accept-change.txt" 2>&1 || { cat "$logs/user-accept-change.txt" >&2; exit 1; }
user_bazel test //... >"$logs/user-accepted.txt" 2>&1 || { cat "$logs/user-accepted.txt" >&2; exit 1; }
echo "  bazel run //:period_accept accepted the change; bazel test //... passes again"


# Nothing left running: nginx stopped, and every Bazel server of this script shut down.
stop_servers
trap - EXIT
if kill -0 "$nginx_pid" 2>/dev/null; then echo "bazel-test: nginx (process $nginx_pid) is still running" >&2; exit 1; fi
if pgrep -f -- "--output_user_root=$work/" >/dev/null; then
    echo "bazel-test: a Bazel server of this test is still running: $(pgrep -af -- "--output_user_root=$work/")" >&2
    exit 1
fi
echo "  nginx and every Bazel server stopped; nothing left running"
echo "make bazel-test: passed (disk cache: $(du -sh "$cache" | cut -f1) in $cache; remote cache: $(du -sh "$server/store" | cut -f1))"
