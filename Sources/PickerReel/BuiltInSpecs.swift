import PickerKit

extension PickerSpec {
    /// The seed's own demo (`Fixtures/specs/seed-demo.json`, which a test keeps identical): four labels, the gray
    /// 0.4 overlay of radius 16, linear animation, 30 fps at 2x; what `pickerreel render` draws with no spec.
    public static var seedDemo: PickerSpec {
        // The literal is valid (a test decodes it and compares it with the fixture), so this cannot fail.
        (try? PickerSpec(
            items: ["Day", "Week", "Month", "Year"], initial: "Day",
            changes: [
                .select("Week", after: 0.6), .select("Month", after: 0.6), .select("Year", after: 0.6), .select("Day", after: 0.6),
            ],
            tail: 0.6,
            style: PickerStyle(
                orientation: .horizontal, spacing: 8, padding: 16, font: FontStyle(family: "Inter", size: 17),
                labelColor: .accent, background: .white,
                highlight: HighlightStyle(cornerRadius: 16, color: .gray, opacity: 0.4, layer: .overlay)),
            animation: AnimationSettings(curve: .linear, duration: 0.35),
            output: OutputSettings(fps: 30, scale: 2))) ?? PickerSpec(unvalidatedItems: ["Day", "Week", "Month", "Year"])
    }
}
