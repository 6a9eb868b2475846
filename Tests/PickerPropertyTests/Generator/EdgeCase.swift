import PickerReel
import TestSupport

/// One generated spec: an edge of the limits as its focus, mixed with a few light edges picked by the seed, and
/// fitted to the budget on the knobs the focus does not pin.
struct EdgeCase: CustomStringConvertible {
    let seed: UInt64
    let index: Int
    /// The focus first, then the features mixed in.
    let features: [String]
    let draft: SpecDraft
    /// The field a refusal must name, for a case meant to exceed a limit.
    let refusedAt: String?

    /// The file name the case's spec is given (and, in the tool, its output folder's name).
    var fileName: String { "edge-\(index).json" }

    /// "seed 20261201, case 7 (curve easeIn + vertical + clear highlight)": what a failure message starts with.
    var description: String { "seed \(seed), case \(index) (\(features.joined(separator: " + ")))" }

    /// One case per feature of `EdgeFeature.all`, each focus mixed with two light features.
    static func generate(seed: UInt64) -> [EdgeCase] {
        var random = SeededRandom(seed: seed)
        let light = EdgeFeature.all.filter(\.light)
        return EdgeFeature.all.enumerated().map { index, focus in
            var mixed = light.filter { $0.name != focus.name }.shuffled(using: &random)
            mixed = Array(mixed.prefix(2))
            var draft = SpecDraft()
            // The focus goes last, so what it sets wins over what the mixed features set.
            for feature in mixed + [focus] { feature.apply(&draft, &random) }
            return EdgeCase(
                seed: seed, index: index, features: [focus.name] + mixed.map(\.name), draft: draft.fittedToBudget(),
                refusedAt: focus.refusedAt)
        }
    }
}
