import Foundation
import PickerReel
import Testing

/// Valid specs at the edges of every limit through `Renderer.encoded` for every `OutputFormat`.
///
/// The specs are generated from a seed (see `PropertySeed`). Each renders a real picture of the right size in every format, or is refused with a
/// `SpecError` naming its file and the field to change. Failures start with the seed and the case's features;
/// `PICKERREEL_PROPERTY_SEED=N swift test --filter EdgeSpec` replays or explores other seeds.
@Suite("Property: edge specs in every format, in the library")
struct EdgeSpecLibraryTests {
    static let cases = EdgeCase.generate(seed: PropertySeed.value)

    @Test func everyEdgeHasACase() {
        let focused = Set(Self.cases.compactMap(\.features.first))
        #expect(focused.count == EdgeFeature.all.count, "seed \(PropertySeed.value)")
        #expect(Self.cases.count >= 60, "seed \(PropertySeed.value)")
    }

    @Test func everyCaseRendersEveryFormatOrIsRefusedNamingTheField() {
        var rendered = 0
        var refused = 0
        for edge in Self.cases {
            let spec: PickerSpec
            do {
                spec = try edge.draft.spec()
            } catch {
                Issue.record("\(edge): the generator made a spec that does not validate: \(error)")
                continue
            }
            switch RenderRoundTrip.makeRenderer(spec, file: edge.fileName) {
            case .failed(let problem):
                Issue.record("\(edge): \(problem)")
            case .refused(let error):
                refused += 1
                #expect(!error.path.isEmpty, "\(edge): the refusal names no field: \(error)")
                #expect(!error.description.contains("\n"), "\(edge): the refusal is not one line: \(error)")
                if let field = edge.refusedAt {
                    #expect(error.path.description == field, "\(edge): refused at \(error.path), expected \(field)")
                } else {
                    Issue.record("\(edge): refused, but it is within the limits: \(error)")
                }
            case .made(let renderer):
                rendered += 1
                #expect(edge.refusedAt == nil, "\(edge): rendered, but it exceeds the limit of \(edge.refusedAt ?? "")")
                let problem = RenderRoundTrip.problem(renderingEveryFormatOf: renderer, skippingHeavy: false)
                #expect(problem == nil, "\(edge): \(problem ?? "")")
            }
        }
        // Only the cases meant to exceed a limit may be refused.
        let meantToBeRefused = Self.cases.filter { $0.refusedAt != nil }.count
        #expect(refused == meantToBeRefused, "seed \(PropertySeed.value): \(refused) refused, \(meantToBeRefused) meant to be")
        #expect(rendered == Self.cases.count - meantToBeRefused, "seed \(PropertySeed.value)")
    }

    /// After fitting to the budget, the cases still hold every edge the property promises.
    @Test func theCasesReachEveryEdge() {
        let specs = Self.cases.compactMap { try? $0.draft.spec() }
        #expect(specs.count == Self.cases.count, "seed \(PropertySeed.value)")
        func curves(_ spec: PickerSpec) -> [AnimationCurve] { [spec.animation.curve].compactMap { $0 } + spec.changes.compactMap(\.curve) }
        func springs(_ test: (Double, Double) -> Bool) -> Bool {
            specs.contains { spec in
                curves(spec).contains {
                    if case .spring(let response, let damping) = $0 { return test(response, damping) } else { return false }
                }
            }
        }
        let alpha = { (color: PickerColor?) in color.flatMap { $0.resolved(in: .light) }.map { $0.alpha < 1 && $0.alpha > 0 } ?? false }
        let edges: [(String, Bool)] = [
            ("1 item", specs.contains { $0.items.count == 1 }),
            ("64 items", specs.contains { $0.items.count == 64 }),
            ("an empty label", specs.contains { $0.items.contains { $0.displayedLabel.isEmpty } }),
            ("a 200-character label", specs.contains { $0.items.contains { $0.displayedLabel.count == 200 } }),
            ("fps 1", specs.contains { $0.output.fps == 1 }),
            ("fps 240", specs.contains { $0.output.fps == 240 }),
            ("scale 0.25", specs.contains { $0.output.scale == 0.25 }),
            ("scale 8", specs.contains { $0.output.scale == 8 }),
            ("horizontal", specs.contains { $0.style.orientation == .horizontal }),
            ("vertical", specs.contains { $0.style.orientation == .vertical }),
            ("fit", specs.contains { $0.style.distribution == .fit }),
            ("equal", specs.contains { $0.style.distribution == .equal }),
            ("overlay", specs.contains { $0.style.highlight.layer == .overlay }),
            ("background", specs.contains { $0.style.highlight.layer == .background }),
            ("linear", specs.contains { curves($0).contains(.linear) }),
            ("easeIn", specs.contains { curves($0).contains(.easeIn) }),
            ("easeOut", specs.contains { curves($0).contains(.easeOut) }),
            ("easeInOut", specs.contains { curves($0).contains(.easeInOut) }),
            (
                "a Bézier with y outside 0…1",
                specs.contains {
                    curves($0).contains { if case .bezier(_, let y1, _, let y2) = $0 { return y1 < 0 || y2 > 1 } else { return false } }
                }
            ),
            ("a spring of response 0.01, damping 0.01", springs { $0 == 0.01 && $1 == 0.01 }),
            ("a spring of response 0.01, damping 10", springs { $0 == 0.01 && $1 == 10 }),
            ("a spring of response 10, damping 0.01", springs { $0 == 10 && $1 == 0.01 }),
            ("a spring of response 10, damping 10", springs { $0 == 10 && $1 == 10 }),
            ("a translucent highlight", specs.contains { alpha($0.style.highlight.color) }),
            ("a clear highlight", specs.contains { $0.style.highlight.color == PickerColor("clear") }),
            ("a clear background", specs.contains { $0.style.background == PickerColor("clear") }),
            ("zero lengths", specs.contains { $0.style.padding == 0 && $0.style.spacing == 0 }),
            ("maximal lengths", specs.contains { $0.style.padding == SpecLimits.maximumLength }),
            ("zero times", specs.contains { $0.tail == 0 && $0.changes.allSatisfy { $0.after == 0 } && !$0.changes.isEmpty }),
            ("maximal times", specs.contains { $0.tail == SpecLimits.maximumSeconds }),
            ("no changes", specs.contains { $0.changes.isEmpty }),
            ("1,000 changes", specs.contains { $0.changes.count == SpecLimits.maximumChanges }),
            ("loop once", specs.contains { $0.output.loopCount == 1 }),
            ("loop 65,535 times", specs.contains { $0.output.loopCount == 65_535 }),
        ]
        for (edge, reached) in edges {
            #expect(reached, "seed \(PropertySeed.value): no case has \(edge)")
        }
    }

    @Test func theGeneratorIsDeterministic() {
        let again = EdgeCase.generate(seed: PropertySeed.value)
        #expect(again.map(\.features) == Self.cases.map(\.features))
        #expect(again.map { try? $0.draft.spec() } == Self.cases.map { try? $0.draft.spec() })
    }
}
