import FoundationEssentials
import PickerCompare
import PickerKit

/// The `layout` command's JSON: the canvas in points with its scale, and each segment's frame.
package struct LayoutReport: Encodable {
    struct Canvas: Encodable {
        var width: Double
        var height: Double
        var scale: Double
    }

    struct Segment: Encodable {
        var item: Item
        var x: Double
        var y: Double
        var width: Double
        var height: Double

        enum CodingKeys: String, CodingKey { case item, x, y, width, height }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch item.value {
            case .string(let text): try container.encode(text, forKey: .item)
            case .integer(let number): try container.encode(number, forKey: .item)
            }
            try container.encode(x, forKey: .x)
            try container.encode(y, forKey: .y)
            try container.encode(width, forKey: .width)
            try container.encode(height, forKey: .height)
        }
    }

    var canvas: Canvas
    var segments: [Segment]

    package init(spec: PickerSpec, layout: PickerLayout) {
        canvas = Canvas(width: layout.canvas.width, height: layout.canvas.height, scale: spec.output.scale)
        segments = layout.segments.map {
            Segment(item: $0.item, x: $0.frame.x, y: $0.frame.y, width: $0.frame.width, height: $0.frame.height)
        }
    }
}

/// The `timeline` command's JSON: every frame's time and highlight (null when none is visible).
package struct TimelineReport: Encodable {
    struct Frame: Encodable {
        var index: Int
        var time: Double
        var highlight: HighlightReport?

        enum CodingKeys: String, CodingKey { case index, time, highlight }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(index, forKey: .index)
            try container.encode(time, forKey: .time)
            // Written as an explicit null, as the documented format says.
            try container.encode(highlight, forKey: .highlight)
        }
    }

    struct HighlightReport: Encodable {
        var x: Double
        var y: Double
        var width: Double
        var height: Double
        var cornerRadius: Double
        var opacity: Double
    }

    var fps: Double
    var duration: Double
    var frames: [Frame]

    package init(timeline: Timeline) {
        fps = timeline.fps
        duration = timeline.duration
        frames = (0..<timeline.frameCount).map { index in
            let highlight = timeline.highlight(forFrame: index).map {
                HighlightReport(
                    x: $0.rect.x, y: $0.rect.y, width: $0.rect.width, height: $0.rect.height, cornerRadius: $0.cornerRadius,
                    opacity: $0.opacity)
            }
            return Frame(index: index, time: timeline.time(ofFrame: index), highlight: highlight)
        }
    }
}

/// Encodes a report as `prettyJSON` does, so output is the same run to run; `{}` for one that cannot be encoded.
package func jsonText(_ value: some Encodable) -> String { (try? prettyJSON(value)) ?? "{}\n" }
