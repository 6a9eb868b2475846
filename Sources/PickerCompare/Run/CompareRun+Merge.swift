import PickerRender

extension CompareRun {
    /// Joins the JSON reports of one compare run per shard (`files`) into one report and verdict.
    ///
    /// The result is that of a single run over everything, checked against the pictures themselves
    /// (`ShardReports.merge`). An empty `expected` or
    /// `actual` in `options` takes the reports' own.
    ///
    /// Throws `ShardReports.Failure` for a report that cannot be read or does not agree with the others, and
    /// `CompareError` for a path through a link, a picture that cannot be read or a report not written.
    public func mergeReports(_ files: [String], printing output: CompareOutput) throws -> Verdict {
        let reports = try ShardReports(contentsOf: files)
        var run = self
        if run.options.expected.isEmpty { run.options.expected = reports.expected }
        if run.options.actual.isEmpty { run.options.actual = reports.actual }
        let diffPath = run.diffPath
        try run.refuseLinkedReports(diffPath: diffPath)
        let summary = try reports.merge(
            expected: run.options.expected, actual: run.options.actual,
            settings: ComparisonSettings(metric: options.metric, threshold: options.threshold), tolerance: options.tolerance,
            diffPath: diffPath)
        _ = try run.writeReports(summary, to: output)
        return summary.status == .differences ? .differs : .matches
    }
}
