#!/usr/bin/env bash
# The render-and-compare steps of the PickerReel GitHub Action (action.yml), in one script so that they run, and are
# tested (Tests/PickerReelCLITests/CIActionTests.swift, ActionStepsTests.swift), the same way outside GitHub.
#
#   scripts/pickerreel-ci.sh TOOL SPECS GOLDENS OUTPUT REPORT [FORMATS] [COMPARE-ARGUMENTS...]
#
# TOOL is the pickerreel binary; SPECS a glob of spec files (quoted, expanded here); GOLDENS the committed folder of
# approved pictures, laid out as `pickerreel render` writes them (GOLDENS/<spec name>/frame-0000.png, …); OUTPUT where
# this run renders (refused when it is GOLDENS, inside it, or holds it); REPORT the folder of the HTML report
# (REPORT/index.html) and the JUnit file (REPORT/junit.xml). FORMATS defaults to apng (one animated golden per spec).
#
# From the environment:
#   PICKERREEL_AUDIT=report      also run `pickerreel audit` on the specs (WCAG contrast on every frame), reporting to
#                                the annotations, the step summary, REPORT/audit/ and REPORT/audit-junit.xml; criteria
#                                (1.4.3,1.4.11 or all) instead of `report` fail the run when they are not met
#   PICKERREEL_TIMES=0,0.5,1.2   render those moments (`render --times`) instead of every frame
#   PICKERREEL_ACCEPT=DIR        when the render differs from GOLDENS, or there are no goldens yet, write DIR as
#                                GOLDENS would be with the render accepted (the artifact a reviewer can commit)
#   PICKERREEL_ACCEPT_ARTIFACT   the name of that artifact, for the messages
#   PICKERREEL_REPORT_ARTIFACT   the name of the uploaded report artifact, for the messages (annotations and the
#                                summary then name artifacts and the update: true input, never a path on the runner)
#   PICKERREEL_UPDATE=true       accept instead of comparing: make GOLDENS equal the render (`compare --update`) and,
#                                in a git repository, commit the change with a message naming the specs that changed
#   PICKERREEL_PUSH_BRANCH=NAME  with PICKERREEL_UPDATE, push that commit to NAME on origin
#   PICKERREEL_RENDER_CACHE=DIR  a folder outside the workspace holding an earlier render of this environment (the
#                                Action restores it from actions/cache, keyed by `pickerreel environment --digest`):
#                                OUTPUT starts as a copy of it, so specs whose manifests say they are up to date are
#                                not drawn again; DIR is then made a copy of the new render, for the cache to save.
#                                A DIR holding anything but folders and regular files is not used (warned).
#
# Annotations go to standard output, the summary table to $GITHUB_STEP_SUMMARY and the step's outputs (status, report,
# accept) to $GITHUB_OUTPUT when they are set. The accept run's summary lists the goldens accepted and the commit.
# Exit status: compare's (0 all match, 1 differences, 2 bad input); 1 when there are no goldens yet; 2 when the
# render itself fails or the folders overlap.
set -uo pipefail

if [ $# -lt 5 ]; then
    echo "usage: $0 TOOL SPECS GOLDENS OUTPUT REPORT [FORMATS] [COMPARE-ARGUMENTS...]" >&2
    exit 2
fi
tool=$1 specs=$2 goldens=$3 output=$4 report=$5
formats=${6:-apng}
shift $(($# >= 6 ? 6 : 5))
times=${PICKERREEL_TIMES:-}
audit=${PICKERREEL_AUDIT:-}
accept=${PICKERREEL_ACCEPT:-}
update=${PICKERREEL_UPDATE:-false}
branch=${PICKERREEL_PUSH_BRANCH:-}

# A workflow command's message with GitHub's escapes (% CR LF), so no input can start a command of its own.
annotate() {
    local kind=$1 message=$2
    message=${message//'%'/'%25'}
    message=${message//$'\r'/'%0D'}
    message=${message//$'\n'/'%0A'}
    echo "::$kind title=PickerReel::$message"
}
summarize() { if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then printf '%s\n' "$@" >>"$GITHUB_STEP_SUMMARY"; fi; }
# Text from the pull request (folder names, a branch) inside a Markdown code span: backticks and line breaks dropped.
code_span() { local text=${1//'`'/}; text=${text//$'\n'/ }; printf '`%s`' "${text//$'\r'/ }"; }
output_value() { if [ -n "${GITHUB_OUTPUT:-}" ]; then echo "$1=$2" >>"$GITHUB_OUTPUT"; fi; }
finish() {
    output_value status "$1"
    exit "$1"
}

# The output folder is emptied before the render: were it the goldens, inside them or around them, the goldens would
# be deleted and the render compared with itself (a false green). Real paths, so links and ./ spellings count.
real_goldens=$(realpath -m -- "$goldens")
for folder in "$output" "$report" ${accept:+"$accept"}; do
    real=$(realpath -m -- "$folder")
    case "$real/" in "$real_goldens/"*)
        annotate error "$folder is the goldens folder $goldens or inside it; render and report somewhere else (the goldens were not touched)"
        finish 2
        ;;
    esac
    case "$real_goldens/" in "$real/"*)
        annotate error "$folder holds the goldens folder $goldens, and would be emptied; render and report somewhere else (the goldens were not touched)"
        finish 2
        ;;
    esac
done

# Everything the pull request controls stays inside the workspace: the goldens, output and report folders and every
# spec must not go through a symbolic link (a link committed as `goldens` or `Output` would lead the update, the
# copy of the goldens to accept and `rm -rf` to folders of the runner's) nor leave the workspace.
workspace_logical=$(realpath -m -s -- "${GITHUB_WORKSPACE:-$PWD}")
workspace_real=$(realpath -m -- "${GITHUB_WORKSPACE:-$PWD}")
inside_workspace() {
    local what=$1 path=$2 logical real
    logical=$(realpath -m -s -- "$path")
    real=$(realpath -m -- "$path")
    case "$logical/" in "$workspace_logical/"*) ;; *)
        annotate error "$what $path is outside the workspace $workspace_logical; nothing was read or written"
        finish 2
        ;;
    esac
    if [ "$real" != "$workspace_real${logical#"$workspace_logical"}" ]; then
        annotate error "$what $path goes through a symbolic link (it leads to $real); give the real folder or file inside the workspace (nothing was read or written)"
        finish 2
    fi
}
inside_workspace "the goldens folder" "$goldens"
inside_workspace "the output folder" "$output"
inside_workspace "the report folder" "$report"

# The glob is expanded here, sorted, so the same specs render in every run; no match is an error, not a green.
shopt -s nullglob
# shellcheck disable=SC2206
files=($specs)
shopt -u nullglob
if [ ${#files[@]} -eq 0 ]; then
    annotate error "no spec matches $specs"
    finish 2
fi

for file in "${files[@]}"; do inside_workspace "the spec" "$file"; done

# Moments are PNG pictures (`render --times`): the default animated golden gives way to them.
if [ -n "$times" ] && [ "$formats" = apng ]; then formats=png; fi
rm -rf "$output"
quiet=(--quiet)
render_cache=${PICKERREEL_RENDER_CACHE:-}
if [ -n "$render_cache" ]; then
    # The cache is restored outside the workspace, so nothing a pull request commits (an Output with forged
    # manifests) is ever taken for an earlier render; the render still checks every file against its manifest.
    # A link or FIFO in it (a tampered cache) could lead a copy or a render out of OUTPUT: such a cache is not used.
    if [ -d "$render_cache" ] && [ ! -L "$render_cache" ]; then
        if [ -n "$(find "$render_cache" ! -type d ! -type f -print -quit)" ]; then
            annotate warning "the render cache $render_cache holds something that is neither a folder nor a regular file (a link?); it was not used, every spec renders"
        else
            mkdir -p "$output" && cp -R "$render_cache/." "$output/"
        fi
    fi
    # Each spec's line (rendered, or up to date) in the log, so that a run says what the cache saved.
    quiet=()
fi
render=(render "${files[@]}" -o "$output" --format "$formats" "${quiet[@]}")
if [ -n "$times" ]; then render+=(--times "$times"); fi
# With an audit, the render keeps each label's contrast in its manifest, so compare says how a ratio moved.
if [ -n "$audit" ]; then render+=(--audit); fi
if ! "$tool" "${render[@]}"; then
    annotate error "pickerreel render failed; see the log above"
    finish 2
fi
if [ -n "$render_cache" ] && [ ! -L "$render_cache" ]; then
    rm -rf "$render_cache" && mkdir -p "$(dirname "$render_cache")" && cp -R "$output" "$render_cache" &&
        output_value rendered true
fi

# Goldens exist when the folder holds at least one PNG file.
has_goldens() { [ -d "$goldens" ] && [ -n "$(find "$goldens" -name '*.png' -type f -print -quit)" ]; }

# Writes $accept as the goldens would be with the render accepted: a copy of them made equal to the render.
write_accepted() {
    [ -n "$accept" ] || return 0
    rm -rf "$accept"
    mkdir -p "$(dirname "$accept")"
    if [ -d "$goldens" ]; then cp -R "$goldens" "$accept"; else mkdir -p "$accept"; fi
    if "$tool" compare "$accept" "$output" --update >/dev/null; then
        output_value accept "$accept"
    else
        annotate warning "could not prepare the accepted goldens for download"
    fi
}

if [ "$update" = true ]; then
    if ! "$tool" compare "$goldens" "$output" --update --allow-empty; then
        annotate error "pickerreel compare --update failed; see the log above"
        finish 2
    fi
    if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        summarize "### PickerReel: goldens accepted" "" "$(code_span "$goldens") now equals the render (not a git repository: nothing committed)."
        finish 0
    fi
    git add -A -- "$goldens"
    # The folders under GOLDENS that changed: one per spec (and variant).
    changed=$(git -C "$goldens" diff --cached --name-only --relative | cut -d/ -f1 | sort -u | paste -sd, - | sed 's/,/, /g')
    if [ -z "$changed" ]; then
        annotate notice "the goldens in $goldens already equal the render; nothing to commit"
        summarize "### PickerReel: nothing to accept" "" "The goldens in $(code_span "$goldens") already equal the render; nothing was committed."
        finish 0
    fi
    identity=()
    if [ -z "$(git config user.email)" ]; then
        identity=(-c "user.name=github-actions[bot]" -c "user.email=41898282+github-actions[bot]@users.noreply.github.com")
    fi
    files_changed=$(git -C "$goldens" diff --cached --name-only --relative | wc -l | tr -d ' ')
    if ! git "${identity[@]}" commit -q -m "Accept the goldens of $changed" \
        -m "Rendered on the runner by pickerreel and made the goldens with \`pickerreel compare $goldens $output --update\`: $files_changed files in $goldens."; then
        annotate error "git commit failed; see the log above"
        finish 2
    fi
    annotate notice "committed the goldens of $changed"
    commit=$(git rev-parse --short HEAD)
    # What was accepted, file by file (at most 100 rows), and the commit: the accept run's record for the reviewer.
    if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
        {
            printf '### PickerReel: goldens accepted\n\n'
            names=$(git -C "$goldens" show --name-only --relative --format= HEAD | cut -d/ -f1 | sort -u | while IFS= read -r name; do
                printf '%s, ' "$(code_span "$name")"
            done)
            printf 'Accepted the render as the goldens of %s: %s in %s, committed as %s.\n\n' \
                "${names%, }" "$files_changed file$([ "$files_changed" -eq 1 ] || echo s)" "$(code_span "$goldens")" "$(code_span "$commit")"
            printf '| change | golden |\n|---|---|\n'
            git -C "$goldens" show --name-status --relative --format= HEAD | head -n 100 | while IFS=$'\t' read -r state path rest; do
                case "$state" in A) state=added ;; D) state=removed ;; M) state=changed ;; R*) state=renamed path=$rest ;; esac
                printf '| %s | %s |\n' "$state" "$(code_span "$path")"
            done
            if [ "$files_changed" -gt 100 ]; then printf '\n…and %s more files.\n' $((files_changed - 100)); fi
        } >>"$GITHUB_STEP_SUMMARY"
    fi
    if [ -n "$branch" ]; then
        if ! git push -q origin "HEAD:refs/heads/$branch"; then
            annotate error "could not push the new goldens to $branch; see the log above"
            summarize "" "**Not pushed:** the push of $(code_span "$commit") to $(code_span "$branch") failed; see the log."
            finish 2
        fi
        echo "Pushed the goldens of $changed to $branch."
        summarize "" "Pushed $(code_span "$commit") to $(code_span "$branch")."
    fi
    finish 0
fi

if ! has_goldens; then
    write_accepted
    specs_rendered="${#files[@]} spec$([ ${#files[@]} -eq 1 ] || echo s)"
    # In the Action the render is on the runner, out of a reviewer's reach: the message names the artifact instead.
    # Names from the workflow or the pull request are cut to 200 characters, and in the summary set as code spans.
    artifact=${PICKERREEL_ACCEPT_ARTIFACT:-}
    if [ ${#artifact} -gt 200 ]; then artifact="${artifact:0:200}…"; fi
    if [ -n "$artifact" ]; then
        message="no goldens in $goldens yet for the $specs_rendered rendered. To accept them, run this workflow with update: true or comment /pickerreel accept (docs/ci.md), or download the artifact $artifact and commit its contents as $goldens."
        summary="No goldens in $(code_span "$goldens") yet for the $specs_rendered rendered. To accept them, run this workflow with update: true or comment /pickerreel accept (docs/ci.md), or download the artifact $(code_span "$artifact") and commit its contents as $(code_span "$goldens")."
    else
        # The command as one shell word per path (printf %q), so that it can be pasted.
        command="pickerreel compare $(printf '%q' "$goldens") $(printf '%q' "$output") --update"
        message="no goldens in $goldens yet: $specs_rendered rendered into $output. To accept them, run \`$command\` and commit $goldens."
        summary="No goldens in $(code_span "$goldens") yet: $specs_rendered rendered into $(code_span "$output"). To accept them, run $(code_span "$command") and commit $(code_span "$goldens")."
    fi
    annotate error "$message"
    if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then printf '### PickerReel: no goldens yet\n\n%s\n' "$summary" >>"$GITHUB_STEP_SUMMARY"; fi
    finish 1
fi

# The report is this run's own, like the output: a pull request may commit files or links in the report folder
# (report/files -> a folder of the runner's), so it is emptied first (rm removes a link as a link).
rm -rf "$report"
mkdir -p "$report"
output_value report true
"$tool" compare "$goldens" "$output" --report github --report html "$report" --report junit "$report/junit.xml" "$@"
status=$?
if [ "$status" -eq 1 ]; then write_accepted; fi
# The audit reports beside compare's; its status counts only when compare's did not already fail the run harder.
if [ -n "$audit" ]; then
    audit_run=(audit "${files[@]}" --report github --report html "$report/audit" --report junit "$report/audit-junit.xml")
    if [ "$audit" != report ]; then audit_run+=(--require "$audit"); fi
    "$tool" "${audit_run[@]}"
    audit_status=$?
    if [ "$audit_status" -gt "$status" ]; then status=$audit_status; fi
fi
finish $status
