import Foundation
import TestSupport
import Testing

func fixture(_ name: String) -> String {
    repositoryRoot.appendingPathComponent("Fixtures/specs/\(name)").path
}

/// Every file under `folder` with its bytes, for before/after comparisons.
func snapshot(of folder: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return files }
    while let name = enumerator.nextObject() as? String {
        let url = folder.appendingPathComponent(name)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
            files[name] = try Data(contentsOf: url)
        } else {
            files[name + "/"] = Data()
        }
    }
    return files
}

/// Runs `script` with /bin/sh, so that redirections such as `> /dev/full` or `>&-` give the tool real descriptors;
/// the script names the tool as `"$PICKERREEL"` and should `exec` it, so its status is the tool's own.
func runShell(_ script: String, in directory: URL? = nil, timeLimit: Double = 60) throws -> ProcessRun {
    try runProcess(
        URL(fileURLWithPath: "/bin/sh"), ["-c", script], in: directory, environment: ["PICKERREEL": try toolURL().path],
        timeLimit: timeLimit)
}

/// Writes `json` to `name` in `folder` and returns its path.
@discardableResult
func writeSpec(_ json: String, named name: String, in folder: URL) throws -> String {
    let url = folder.appendingPathComponent(name)
    try Data(json.utf8).write(to: url)
    return url.path
}
