import PickerReel
import TestSupport

/// One edge of the spec's limits, as a change to a draft: each is the focus of one generated case and, when
/// `light`, also mixed at random into other cases.
struct EdgeFeature: Sendable {
    let name: String
    /// Cheap to combine with anything: does not make the picture larger or the animation longer.
    let light: Bool
    /// The field whose limit the feature exceeds, when it is meant to be refused (`output.scale`, `output.fps`).
    let refusedAt: String?
    let apply: @Sendable (inout SpecDraft, inout SeededRandom) -> Void

    init(
        _ name: String, light: Bool = true, refusedAt: String? = nil,
        _ apply: @escaping @Sendable (inout SpecDraft, inout SeededRandom) -> Void
    ) {
        self.name = name
        self.light = light
        self.refusedAt = refusedAt
        self.apply = apply
    }
}

extension EdgeFeature {
    /// A label of exactly `SpecLimits.maximumLabelLength` code points (as the validator counts) made of `pattern`.
    static func longLabel(_ pattern: String) -> String {
        let repeated = String(repeating: pattern, count: SpecLimits.maximumLabelLength / pattern.unicodeScalars.count + 1)
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: repeated.unicodeScalars.prefix(SpecLimits.maximumLabelLength))
        return String(scalars)
    }

    /// Sets `curve` on the spec's animation or on one change, as the generator picks.
    static func curve(_ name: String, _ curve: AnimationCurve, light: Bool = true) -> EdgeFeature {
        EdgeFeature("curve \(name)", light: light) { draft, random in
            if draft.steps.isEmpty || Bool.random(using: &random) {
                draft.animation.curve = curve
            } else {
                let index = Int.random(in: 0..<draft.steps.count, using: &random)
                draft.steps[index].curve = curve
            }
        }
    }

    /// Every edge, in a fixed order; each is the focus of one case.
    static let all: [EdgeFeature] = items + curves + colours + layout + lengths + times + loops

    static let items: [EdgeFeature] = [
        EdgeFeature("1 item", light: false) { draft, _ in draft.items = ["Only"] },
        EdgeFeature("64 items", light: false) { draft, _ in
            draft.items = (1...64).map { Item(.integer($0)) }
            draft.steps.append(SpecDraft.Step(target: 63, after: 0.1))
        },
        EdgeFeature("empty labels") { draft, _ in draft.items = draft.items.map { Item($0.value, label: "") } },
        EdgeFeature("one 200-character label", light: false) { draft, _ in
            draft.items[1] = Item("Week", label: longLabel("Wéek 12 "))
        },
        EdgeFeature("200-character right-to-left label", light: false) { draft, _ in
            draft.items[0] = Item("Day", label: longLabel("שָׁלוֹם مرحبا "))
        },
        EdgeFeature("emoji and combining labels") { draft, _ in
            draft.items = [Item("family", label: "👩‍👩‍👧"), Item("flag", label: "🇺🇦"), Item("e", label: "e\u{301}\u{302}")]
        },
        EdgeFeature("integer items at Int's limits") { draft, _ in
            draft.items = [Item(.integer(Int.min)), Item(.integer(0)), Item(.integer(Int.max))]
        },
        EdgeFeature("string and integer items that print alike") { draft, _ in
            draft.items = [Item(.string("2")), Item(.integer(2)), Item(.string("two"), label: "2")]
        },
    ]

    static let curves: [EdgeFeature] = [
        curve("linear", .linear),
        curve("easeIn", .easeIn),
        curve("easeOut", .easeOut),
        curve("easeInOut", .easeInOut),
        curve("bezier overshooting both ways", .bezier(x1: 0, y1: -10, x2: 1, y2: 10)),
        curve("bezier overshooting back", .bezier(x1: 1, y1: 10, x2: 0, y2: -10)),
        curve("bezier with x at 0.5", .bezier(x1: 0.5, y1: 10, x2: 0.5, y2: -10)),
        curve("bezier flat", .bezier(x1: 0, y1: 0, x2: 0, y2: 0)),
        curve("spring default", .defaultSpring),
        curve("spring fastest, least damped", .spring(response: 0.01, dampingFraction: 0.01)),
        curve("spring fastest, most damped", .spring(response: 0.01, dampingFraction: 10)),
        curve("spring slowest, most damped", .spring(response: 10, dampingFraction: 10), light: false),
        // Settles only after about 1,100 s: at 1 fps, about 1,100 frames.
        curve("spring slowest, least damped", .spring(response: 10, dampingFraction: 0.01), light: false),
    ]

    static let colours: [EdgeFeature] = [
        EdgeFeature("clear highlight") { draft, _ in draft.style.highlight.color = PickerColor("clear") },
        EdgeFeature("translucent highlight at opacity 1") { draft, _ in
            draft.style.highlight.color = .hex("#0000FF80")
            draft.style.highlight.opacity = 1
        },
        EdgeFeature("highlight opacity 0") { draft, _ in draft.style.highlight.opacity = 0 },
        EdgeFeature("clear background, translucent labels") { draft, _ in
            draft.style.background = PickerColor("clear")
            draft.style.labelColor = .hex("#FF000080")
        },
        EdgeFeature("clear labels on a translucent background") { draft, _ in
            draft.style.labelColor = PickerColor("clear")
            draft.style.background = .hex("#00FF0001")
        },
        EdgeFeature("named colours") { draft, random in
            let names = ["indigo", "teal", "secondary", "tertiarySystemFill", "primary", "systemBackground"]
            draft.style.highlight.color = PickerColor(names.randomElement(using: &random) ?? "indigo")
            draft.style.labelColor = PickerColor(names.randomElement(using: &random) ?? "teal")
        },
    ]

    static let layout: [EdgeFeature] = [
        EdgeFeature("horizontal") { draft, _ in draft.style.orientation = .horizontal },
        EdgeFeature("vertical") { draft, _ in draft.style.orientation = .vertical },
        EdgeFeature("fit") { draft, _ in draft.style.distribution = .fit },
        EdgeFeature("equal") { draft, _ in draft.style.distribution = .equal },
        EdgeFeature("overlay") { draft, _ in draft.style.highlight.layer = .overlay },
        EdgeFeature("background layer") { draft, _ in draft.style.highlight.layer = .background },
        EdgeFeature("font size 1, weight 100") { draft, _ in draft.style.font = FontStyle(size: 1, weight: 100) },
        EdgeFeature("font size 512, weight 1000", light: false) { draft, _ in
            draft.items = ["W", "i"]
            draft.style.font = FontStyle(size: 512, weight: 1000)
        },
        EdgeFeature("a font family that is not installed") { draft, _ in draft.style.font.family = "No Such Family 12345" },
    ]

    static let lengths: [EdgeFeature] = [
        EdgeFeature("zero lengths and an empty label") { draft, _ in
            draft.items = [Item("a", label: ""), "b"]
            draft.style.spacing = 0
            draft.style.padding = 0
            draft.style.segmentPadding = Padding(0)
            draft.style.highlight.cornerRadius = 0
        },
        EdgeFeature("one empty item, no padding") { draft, _ in
            draft.items = [Item("a", label: "")]
            draft.style.padding = 0
        },
        EdgeFeature("tiny lengths") { draft, _ in
            draft.style.segmentPadding = Padding(horizontal: 1e-300, vertical: 7e-23)
            draft.style.spacing = 1e-9
            draft.style.padding = Double.leastNonzeroMagnitude  // 5e-324, the smallest subnormal
        },
        EdgeFeature("maximal corner radius") { draft, _ in draft.style.highlight.cornerRadius = SpecLimits.maximumLength },
        EdgeFeature("maximal spacing", light: false) { draft, _ in
            draft.items = ["a", "b"]
            draft.style.spacing = SpecLimits.maximumLength
            draft.style.padding = 0
        },
        EdgeFeature("maximal horizontal segment padding", light: false) { draft, _ in
            draft.items = ["a", "b"]
            draft.style.segmentPadding = Padding(horizontal: SpecLimits.maximumLength, vertical: 0)
        },
        EdgeFeature("maximal padding at scale 0.25", light: false) { draft, _ in
            draft.items = ["a"]
            draft.style.padding = SpecLimits.maximumLength
            draft.output.scale = SpecLimits.scale.lowerBound
            draft.pinned.insert(.scale)
        },
        EdgeFeature("maximal padding at scale 8", light: false, refusedAt: "output.scale") { draft, _ in
            draft.style.padding = SpecLimits.maximumLength
            draft.output.scale = SpecLimits.scale.upperBound
            draft.pinned.insert(.scale)
        },
    ]

    static let times: [EdgeFeature] = [
        EdgeFeature("fps 1", light: false) { draft, _ in
            draft.output.fps = SpecLimits.fps.lowerBound
            draft.pinned.insert(.fps)
        },
        EdgeFeature("fps 240", light: false) { draft, _ in
            draft.output.fps = SpecLimits.fps.upperBound
            draft.pinned.insert(.fps)
        },
        EdgeFeature("fractional fps") { draft, _ in draft.output.fps = 7.5 },
        EdgeFeature("scale 0.25", light: false) { draft, _ in
            draft.output.scale = SpecLimits.scale.lowerBound
            draft.pinned.insert(.scale)
        },
        EdgeFeature("scale 8", light: false) { draft, _ in
            draft.output.scale = SpecLimits.scale.upperBound
            draft.pinned.insert(.scale)
        },
        EdgeFeature("zero times") { draft, _ in
            draft.scaleTimes(by: 0)
            draft.pinned.insert(.time)
        },
        EdgeFeature("maximal times", light: false) { draft, _ in
            draft.tail = SpecLimits.maximumSeconds
            draft.animation.duration = SpecLimits.maximumSeconds
            for index in draft.steps.indices { draft.steps[index].after = SpecLimits.maximumSeconds }
            draft.pinned.insert(.time)
        },
        EdgeFeature("maximal times at fps 240", light: false, refusedAt: "output.fps") { draft, _ in
            draft.tail = SpecLimits.maximumSeconds
            for index in draft.steps.indices { draft.steps[index].after = SpecLimits.maximumSeconds }
            draft.output.fps = SpecLimits.fps.upperBound
            draft.pinned.formUnion([.time, .fps])
        },
        EdgeFeature("no selection and no changes") { draft, _ in
            draft.initial = nil
            draft.steps = []
        },
        EdgeFeature("a selection and no changes") { draft, _ in draft.steps = [] },
        EdgeFeature("fade out, then select another") { draft, _ in
            draft.steps = [SpecDraft.Step(target: nil, after: 0.1), SpecDraft.Step(target: 2, after: 0.1)]
        },
        EdgeFeature("fade in from no selection") { draft, _ in draft.initial = nil },
        EdgeFeature("select the selected item") { draft, _ in draft.steps = [SpecDraft.Step(target: 0, after: 0.05)] },
        // Each change ends before the next starts: 1,000 overlapping ones make the animated SVG sample every
        // interval against every change, which takes seconds in a debug build (see "interrupted mid-flight").
        EdgeFeature("1,000 changes", light: false) { draft, _ in
            draft.steps = (0..<SpecLimits.maximumChanges).map {
                SpecDraft.Step(target: $0 % 3 == 2 ? nil : $0, after: 0.01, curve: .linear, duration: 0.005)
            }
        },
        EdgeFeature("interrupted mid-flight") { draft, _ in
            draft.steps = (0..<6).map { SpecDraft.Step(target: $0 % 4 == 3 ? nil : $0 + 1, after: 0.05, duration: 0.3) }
        },
    ]

    static let loops: [EdgeFeature] = [
        EdgeFeature("play once") { draft, _ in draft.output.loopCount = 1 },
        EdgeFeature("play 65,535 times") { draft, _ in draft.output.loopCount = SpecLimits.loopCount.upperBound },
        EdgeFeature("loop forever") { draft, _ in draft.output.loopCount = nil },
    ]
}
