import Foundation

/// Checks each JSON file in `paths` against the provenance record's schema, schema/render-manifest.schema.json.
///
/// With PyPI's `jsonschema` (draft 2020-12): an implementation independent of the tool's own reader. The run's status
/// is 0 when the schema is a valid schema and every file follows it; its output names each violation by JSON path.
///
/// Throws when python3 cannot be started (scripts/install-dependencies.sh --test installs jsonschema).
public func checkAgainstRecordSchema(_ paths: [String]) throws -> ProcessRun {
    let script = """
        import json, sys
        from jsonschema import Draft202012Validator
        schema = json.load(open(sys.argv[1]))
        Draft202012Validator.check_schema(schema)
        validator = Draft202012Validator(schema)
        failed = 0
        for path in sys.argv[2:]:
            for error in validator.iter_errors(json.load(open(path))):
                print(f"{path}: {error.json_path}: {error.message}")
                failed = 1
        sys.exit(failed)
        """
    let schema = repositoryRoot.appendingPathComponent("schema/render-manifest.schema.json").path
    return try runProgram("python3", ["-c", script, schema] + paths)
}
