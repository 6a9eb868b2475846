#!/usr/bin/env python3
"""Runs a composite action's own steps, in order, as a GitHub runner would, for the Action's tests
(Tests/PickerReelCLITests/ActionStepsTests.swift).

    run_action.py JOB.json RESULT.json

JOB.json describes one job: {"action_path", "workspace", "github": {...}, "runner": {...}, "cache_dir",
"artifacts_dir", "uses": [{"with": {...}, "id": optional}, ...]}. Each entry of "uses" is one `uses:` of the action
in the job, run in order, sharing the job's environment ($GITHUB_ENV carries to later steps, as on GitHub).

What a runner does and this does too: action.yml's inputs with their defaults; `${{ ... }}` expressions over the
github, inputs, steps, runner, env and job contexts (literals, ==, !=, <, >, &&, ||, !, parentheses, and the functions
always, success, failure, cancelled, contains, startsWith, endsWith, format, toJSON); `if:` conditions, with an
implicit success() when none of the status functions is named; each `run:` written to a file and run with
`bash --noprofile --norc -eo pipefail FILE` in the workspace; $GITHUB_OUTPUT, $GITHUB_ENV, $GITHUB_STEP_SUMMARY and
$GITHUB_PATH as files read after the step; GITHUB_ACTION as `<the use's id>.<the step's id>`; the action's outputs.

`uses:` steps are stood in for: actions/cache restores a folder saved under its key in cache_dir (output cache-hit)
and saves it at the end of a job that succeeded; actions/cache/restore restores the exact key or the newest entry
starting with one of its restore-keys, and actions/cache/save saves at once; actions/upload-artifact copies its path into artifacts_dir/<name>
and fails when that name was uploaded already in the run, as version 4 does. Anything else is an error, so the
tests notice a step they do not understand.

RESULT.json: {"uses": [{"steps": [{"name", "id", "outcome", "stdout", "stderr", "outputs"}], "outputs", "outcome"}],
"summary", "outcome"}.
"""

import json
import os
import re
import shutil
import subprocess
import sys

import yaml


class ExpressionError(Exception):
    pass


TOKEN = re.compile(
    r"\s*(?:(?P<string>'(?:[^']|'')*')|(?P<number>-?\d+(?:\.\d+)?)|(?P<op>==|!=|<=|>=|&&|\|\||[!<>(),\[\].*])"
    r"|(?P<name>[A-Za-z_][A-Za-z0-9_-]*))"
)


def tokenize(text):
    tokens = []
    position = 0
    text = text.strip()
    while position < len(text):
        match = TOKEN.match(text, position)
        if not match or match.end() == position:
            raise ExpressionError(f"cannot read the expression at: {text[position:]!r}")
        position = match.end()
        kind = match.lastgroup
        tokens.append((kind, match.group(kind)))
    return tokens


def truthy(value):
    return value not in (None, False, "", 0)


def text(value):
    if value is None:
        return ""
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, (dict, list)):
        return json.dumps(value)
    return str(value)


def number(value):
    """GitHub's coercion to a number for comparing values of two types: null 0, booleans 1 and 0, '' 0."""
    if value is None:
        return 0.0
    if isinstance(value, bool):
        return 1.0 if value else 0.0
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        if value.strip() == "":
            return 0.0
        try:
            return float(value)
        except ValueError:
            return float("nan")
    return float("nan")


def equal(left, right):
    if isinstance(left, str) and isinstance(right, str):
        return left.lower() == right.lower()
    if type(left) is type(right):
        return left == right
    return number(left) == number(right)


class Evaluator:
    """GitHub's expression language, as much of it as the action uses; anything else is an error."""

    def __init__(self, contexts, status):
        self.contexts = contexts
        self.status = status  # "success", "failure"

    def evaluate(self, expression):
        self.tokens = tokenize(expression)
        self.index = 0
        value = self.disjunction()
        if self.index != len(self.tokens):
            raise ExpressionError(f"unexpected {self.tokens[self.index][1]!r} in {expression!r}")
        return value

    def peek(self):
        return self.tokens[self.index] if self.index < len(self.tokens) else (None, None)

    def take(self, value=None):
        token = self.peek()
        if value is not None and token[1] != value:
            raise ExpressionError(f"expected {value!r}, found {token[1]!r}")
        self.index += 1
        return token

    def disjunction(self):
        value = self.conjunction()
        while self.peek()[1] == "||":
            self.take()
            right = self.conjunction()
            value = value if truthy(value) else right
        return value

    def conjunction(self):
        value = self.comparison()
        while self.peek()[1] == "&&":
            self.take()
            right = self.comparison()
            value = right if truthy(value) else value
        return value

    def comparison(self):
        value = self.unary()
        while self.peek()[1] in ("==", "!=", "<", ">", "<=", ">="):
            operator = self.take()[1]
            right = self.unary()
            if operator == "==":
                value = equal(value, right)
            elif operator == "!=":
                value = not equal(value, right)
            else:
                value = {"<": value < right, ">": value > right, "<=": value <= right, ">=": value >= right}[operator]
        return value

    def unary(self):
        if self.peek()[1] == "!":
            self.take()
            return not truthy(self.unary())
        return self.primary()

    def primary(self):
        kind, value = self.take()
        if kind == "string":
            return value[1:-1].replace("''", "'")
        if kind == "number":
            return float(value)
        if value == "(":
            inner = self.disjunction()
            self.take(")")
            return inner
        if kind != "name":
            raise ExpressionError(f"unexpected {value!r}")
        if value in ("true", "false"):
            return value == "true"
        if value == "null":
            return None
        if self.peek()[1] == "(":
            return self.call(value)
        if value not in self.contexts:
            raise ExpressionError(f"unknown context {value!r}")
        current = self.contexts[value]
        while self.peek()[1] in (".", "["):
            if self.take()[1] == ".":
                key = self.take()[1]
            else:
                key = text(self.disjunction())
                self.take("]")
            current = current.get(key) if isinstance(current, dict) else None
        return current

    def call(self, name):
        self.take("(")
        arguments = []
        while self.peek()[1] != ")":
            arguments.append(self.disjunction())
            if self.peek()[1] == ",":
                self.take()
        self.take(")")
        if name == "always":
            return True
        if name == "success":
            return self.status == "success"
        if name == "failure":
            return self.status == "failure"
        if name == "cancelled":
            return False
        if name == "contains":
            haystack, needle = arguments
            if isinstance(haystack, list):
                return any(equal(item, needle) for item in haystack)
            return text(needle).lower() in text(haystack).lower()
        if name == "startsWith":
            return text(arguments[0]).lower().startswith(text(arguments[1]).lower())
        if name == "endsWith":
            return text(arguments[0]).lower().endswith(text(arguments[1]).lower())
        if name == "format":
            pattern = text(arguments[0])
            return re.sub(r"\{(\d+)\}", lambda match: text(arguments[int(match.group(1)) + 1]), pattern)
        if name == "toJSON":
            return json.dumps(arguments[0])
        raise ExpressionError(f"unknown function {name}()")


EXPRESSION = re.compile(r"\$\{\{((?:(?!\}\}).)*)\}\}", re.S)


def substitute(template, evaluator):
    """`template` with each `${{ ... }}` replaced by its value as text, as GitHub does before a step runs."""
    if template is None:
        return ""
    template = str(template)
    whole = EXPRESSION.fullmatch(template.strip())
    if whole:
        return text(evaluator.evaluate(whole.group(1)))
    return EXPRESSION.sub(lambda match: text(evaluator.evaluate(match.group(1))), template)


def condition(expression, evaluator):
    """An `if:`: without always(), success(), failure() or cancelled() it holds only while nothing failed."""
    if expression is None:
        expression = "success()"
    expression = str(expression).strip()
    whole = EXPRESSION.fullmatch(expression)
    if whole:
        expression = whole.group(1)
    if not re.search(r"\b(always|success|failure|cancelled)\s*\(", expression):
        expression = f"success() && ({expression})"
    return truthy(evaluator.evaluate(expression))


def read_commands_file(path):
    """name=value lines and name<<DELIMITER blocks, as $GITHUB_OUTPUT and $GITHUB_ENV hold them."""
    values = {}
    if not os.path.exists(path):
        return values
    lines = open(path, encoding="utf-8").read().split("\n")
    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        if not line:
            continue
        if "<<" in line and ("=" not in line or line.index("<<") < line.index("=")):
            name, delimiter = line.split("<<", 1)
            block = []
            while index < len(lines) and lines[index] != delimiter:
                block.append(lines[index])
                index += 1
            index += 1
            values[name] = "\n".join(block)
        elif "=" in line:
            name, value = line.split("=", 1)
            values[name] = value
        else:
            raise ValueError(f"{path}: a line that is neither name=value nor name<<DELIMITER: {line!r}")
    return values


class Job:
    def __init__(self, description):
        self.description = description
        self.action_path = description["action_path"]
        self.workspace = description["workspace"]
        self.runner = description["runner"]
        self.cache_dir = description["cache_dir"]
        self.artifacts_dir = description["artifacts_dir"]
        self.environment = {}  # what $GITHUB_ENV set, for every later step of the job
        self.path_entries = []
        self.summary = []
        self.failed = False
        self.cache_saves = []
        self.files = os.path.join(self.runner["temp"], "_runner_file_commands")
        os.makedirs(self.files, exist_ok=True)
        self.step_counter = 0
        with open(os.path.join(self.action_path, "action.yml"), encoding="utf-8") as file:
            self.action = yaml.safe_load(file)

    def github(self, scope):
        github = dict(self.description.get("github", {}))
        github.setdefault("workspace", self.workspace)
        github["action_path"] = self.action_path
        github["action"] = scope
        return github

    def run(self):
        results = []
        names = {}
        for use in self.description["uses"]:
            # GitHub names a step without an id after the action, numbering repeated uses within the job.
            scope = use.get("id")
            if not scope:
                base = "__pickerreel"
                names[base] = names.get(base, 0) + 1
                scope = base if names[base] == 1 else f"{base}_{names[base]}"
            if self.failed and not use.get("always"):
                results.append({"outcome": "skipped", "steps": [], "outputs": {}})
                continue
            results.append(self.run_use(scope, use.get("with", {})))
        # actions/cache saves in its post step, which runs only when the job succeeded.
        if not self.failed:
            for key, path in self.cache_saves:
                target = os.path.join(self.cache_dir, key)
                if not os.path.exists(target) and os.path.exists(path):
                    shutil.copytree(path, target, symlinks=True)
        return {"uses": results, "summary": "".join(self.summary), "outcome": "failure" if self.failed else "success"}

    def run_use(self, scope, given):
        inputs_spec = self.action.get("inputs", {}) or {}
        unknown = set(given) - set(inputs_spec)
        if unknown:
            raise SystemExit(f"inputs not declared in action.yml: {sorted(unknown)}")
        steps_context = {}
        contexts = lambda: {  # noqa: E731
            "github": self.github(scope),
            "inputs": inputs,
            "steps": steps_context,
            "runner": self.runner,
            "env": dict(self.environment),
            "job": {"status": "failure" if use_failed else "success"},
        }
        use_failed = False
        inputs = {}
        for name, spec in inputs_spec.items():
            spec = spec or {}
            if name in given:
                inputs[name] = text(given[name])
            else:
                inputs[name] = substitute(spec.get("default", ""), Evaluator(contexts(), "success"))
        step_results = []
        for number, step in enumerate(self.action["runs"]["steps"], start=1):
            step_id = step.get("id") or f"__step{number}"
            status = "failure" if (use_failed or self.failed) else "success"
            evaluator = Evaluator(contexts(), status)
            result = {"name": step.get("name", ""), "id": step_id, "stdout": "", "stderr": "", "outputs": {}}
            if not condition(step.get("if"), evaluator):
                result["outcome"] = "skipped"
                outputs, outcome = {}, "skipped"
            elif "run" in step:
                outputs, outcome = self.run_script(step, scope, step_id, evaluator, result)
            elif "uses" in step:
                outputs, outcome = self.stand_in(step, evaluator, result)
            else:
                raise SystemExit(f"step {number} has neither run nor uses")
            result["outcome"] = outcome
            result["outputs"] = outputs
            if outcome == "failure" and not step.get("continue-on-error"):
                use_failed = True
            steps_context[step_id] = {"outputs": outputs, "outcome": outcome, "conclusion": outcome}
            step_results.append(result)
        if use_failed:
            self.failed = True
        evaluator = Evaluator(contexts(), "success")
        outputs = {
            name: substitute((spec or {}).get("value", ""), evaluator)
            for name, spec in (self.action.get("outputs", {}) or {}).items()
        }
        return {"steps": step_results, "outputs": outputs, "outcome": "failure" if use_failed else "success"}

    def run_script(self, step, scope, step_id, evaluator, result):
        if step.get("shell") != "bash":
            raise SystemExit(f"step {step_id}: shell {step.get('shell')!r}; these tests run bash steps only")
        self.step_counter += 1
        files = {}
        for name in ("GITHUB_OUTPUT", "GITHUB_ENV", "GITHUB_STEP_SUMMARY", "GITHUB_PATH"):
            files[name] = os.path.join(self.files, f"{name.lower()}_{self.step_counter}")
            open(files[name], "w").close()
        script = os.path.join(self.files, f"step_{self.step_counter}.sh")
        with open(script, "w", encoding="utf-8") as file:
            file.write(substitute(step["run"], evaluator))
        environment = dict(os.environ)
        environment.update(self.description.get("environment", {}))
        environment.update(self.environment)
        if self.path_entries:
            environment["PATH"] = os.pathsep.join(self.path_entries[::-1] + [environment.get("PATH", "")])
        github = evaluator.contexts["github"]
        environment.update(
            {
                "CI": "true",
                "GITHUB_ACTIONS": "true",
                "GITHUB_ACTION": f"{scope}.{step_id}",
                "GITHUB_ACTION_PATH": self.action_path,
                "GITHUB_WORKSPACE": self.workspace,
                "GITHUB_JOB": text(github.get("job")),
                "GITHUB_REF_NAME": text(github.get("ref_name")),
                "GITHUB_HEAD_REF": text(github.get("head_ref")),
                "GITHUB_EVENT_NAME": text(github.get("event_name")),
                "GITHUB_RUN_ATTEMPT": text(github.get("run_attempt") or "1"),
                "RUNNER_OS": text(self.runner.get("os")),
                "RUNNER_ARCH": text(self.runner.get("arch")),
                "RUNNER_TEMP": text(self.runner.get("temp")),
            }
        )
        environment.update(files)
        for name, value in (step.get("env") or {}).items():
            environment[name] = substitute(value, evaluator)
        directory = os.path.join(self.workspace, substitute(step.get("working-directory", "."), evaluator))
        process = subprocess.run(
            ["bash", "--noprofile", "--norc", "-eo", "pipefail", script],
            cwd=directory,
            env=environment,
            capture_output=True,
            text=True,
        )
        result["stdout"] = process.stdout
        result["stderr"] = process.stderr
        result["exit_code"] = process.returncode
        self.environment.update(read_commands_file(files["GITHUB_ENV"]))
        if os.path.exists(files["GITHUB_PATH"]):
            self.path_entries += [line for line in open(files["GITHUB_PATH"]).read().split("\n") if line]
        self.summary.append(open(files["GITHUB_STEP_SUMMARY"], encoding="utf-8").read())
        outputs = read_commands_file(files["GITHUB_OUTPUT"])
        return outputs, "success" if process.returncode == 0 else "failure"

    def stand_in(self, step, evaluator, result):
        action = step["uses"].split("@")[0]
        given = {name: substitute(value, evaluator) for name, value in (step.get("with") or {}).items()}
        result["with"] = given
        if action == "actions/cache":
            key = given["key"]
            path = self.absolute(given["path"])
            self.cache_saves.append((key, path))
            saved = os.path.join(self.cache_dir, key)
            if os.path.isdir(saved):
                if os.path.exists(path):
                    shutil.rmtree(path)
                shutil.copytree(saved, path, symlinks=True)
                return {"cache-hit": "true"}, "success"
            return {"cache-hit": "false"}, "success"
        if action == "actions/cache/restore":
            # Restore only: the exact key, else the newest entry whose key starts with a restore key (in order);
            # cache-hit is true only for the exact key, as version 4 says.
            path = self.absolute(given["path"])
            key = given["key"]
            found = key if os.path.isdir(os.path.join(self.cache_dir, key)) else None
            for prefix in [line.strip() for line in given.get("restore-keys", "").splitlines() if line.strip()]:
                if found:
                    break
                entries = [entry for entry in os.listdir(self.cache_dir) if entry.startswith(prefix)]
                entries.sort(key=lambda entry: os.path.getmtime(os.path.join(self.cache_dir, entry)), reverse=True)
                found = entries[0] if entries else None
            if not found:
                return {"cache-hit": "false"}, "success"
            if os.path.lexists(path):
                shutil.rmtree(path)
            shutil.copytree(os.path.join(self.cache_dir, found), path, symlinks=True)
            return {"cache-hit": "true" if found == key else "false", "cache-matched-key": found}, "success"
        if action == "actions/cache/save":
            # Save at once (the step's own `if:` decides when), never over an existing key, as version 4 does.
            path = self.absolute(given["path"])
            target = os.path.join(self.cache_dir, given["key"])
            if os.path.exists(target):
                result["stderr"] = f"a cache entry with the key {given['key']!r} exists already; not saved"
                return {}, "success"
            if os.path.isdir(path):
                shutil.copytree(path, target, symlinks=True)
            return {}, "success"
        if action == "actions/upload-artifact":
            name = given.get("name") or "artifact"
            if re.search(r'[":<>|*?\r\n\\/]', name):
                result["stderr"] = f"artifact name {name!r} has a character upload-artifact refuses"
                return {}, "failure"
            target = os.path.join(self.artifacts_dir, name)
            if os.path.exists(target):
                result["stderr"] = f"an artifact named {name!r} was uploaded already in this run (409 Conflict)"
                return {}, "failure"
            path = self.absolute(given["path"])
            missing = given.get("if-no-files-found", "warn")
            if not os.path.exists(path) or (os.path.isdir(path) and not os.listdir(path)):
                if missing == "error":
                    result["stderr"] = f"no files found at {path}"
                    return {}, "failure"
                return {}, "success"
            if os.path.isdir(path):
                shutil.copytree(path, target, symlinks=False)
            else:
                os.makedirs(target)
                shutil.copy(path, target)
            return {"artifact-id": name}, "success"
        raise SystemExit(f"no stand-in for {step['uses']}")

    def absolute(self, path):
        path = path.strip()
        if "\n" in path:
            raise SystemExit(f"one path expected, found several: {path!r}")
        return path if os.path.isabs(path) else os.path.join(self.workspace, path)


def main():
    if len(sys.argv) != 3:
        raise SystemExit("usage: run_action.py JOB.json RESULT.json")
    with open(sys.argv[1], encoding="utf-8") as file:
        description = json.load(file)
    result = Job(description).run()
    with open(sys.argv[2], "w", encoding="utf-8") as file:
        json.dump(result, file, indent=1)


if __name__ == "__main__":
    main()
