import Foundation
import TestSupport
import Testing

/// The Action's `audit` input, through action.yml's own steps (`ActionWorld`): a report by default, required
/// criteria failing the run, its HTML report in the uploaded artifact, and a hostile value refused as data.
///
/// Serialized: the build steps share one build folder.
@Suite("GitHub Action: audit input", .serialized)
struct ActionAuditTests {
    @Test func auditReportAnnotatesWithoutFailing() throws {
        var world = try ActionWorld()
        let job = try world.run([["audit": "report"]])
        let use = try #require(job.uses.first)
        #expect(job.outcome == "success", "\(use.log)")
        #expect(use.outputs["status"] == "0")
        #expect(use.stdout.contains("::warning file=specs/period.json,title=pickerreel audit%3A period 1.4.11::"), "\(use.stdout)")
        #expect(job.summary.contains("### pickerreel audit:"), "\(job.summary)")
        let name = try #require(use.outputs["artifact-name"])
        let report = try #require(world.artifact(name, run: 1))
        #expect(FileManager.default.fileExists(atPath: report.appendingPathComponent("audit/index.html").path))
        #expect(FileManager.default.fileExists(atPath: report.appendingPathComponent("audit-junit.xml").path))
    }

    @Test func requiredCriteriaFailTheRun() throws {
        var world = try ActionWorld()
        let job = try world.run([["audit": "1.4.11"]])
        let use = try #require(job.uses.first)
        #expect(job.outcome == "failure")
        #expect(use.outputs["status"] == "1", "\(use.log)")
        #expect(use.stdout.contains("::error file=specs/period.json,title=pickerreel audit%3A period 1.4.11::"), "\(use.stdout)")
    }

    @Test func aHostileAuditValueIsDataNotShell() throws {
        var world = try ActionWorld()
        let marker = world.workspace.appendingPathComponent("injected")
        for value in ["1.4.3; touch injected", "$(touch injected)", "1.4.3 --report json"] {
            let job = try world.run([["audit": value]])
            let use = try #require(job.uses.first)
            #expect(job.outcome == "failure", "\(value): \(use.log)")
            #expect(use.outputs["status"] == "2", "\(value)")
            #expect(use.log.contains("--require"), "\(use.log)")
            #expect(!FileManager.default.fileExists(atPath: marker.path), "\(value)")
        }
    }
}
